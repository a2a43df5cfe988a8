import { describe, expect, it } from "vitest";
import { describeChanges } from "./audit-changes";

const readable = (lines: string[]) => lines.map((line) => line.replace(/\u00a0/g, " "));

describe("the audit log's changes, in the owner's words", () => {
  it("names an order's move and refund by their labels, amounts in reais", () => {
    expect(
      readable(describeChanges({ status: "processing" }, { status: "shipped", reason: "Saiu hoje" })),
    ).toEqual(["Status: em processamento → enviado", "Motivo: — → Saiu hoje"]);
    expect(
      readable(
        describeChanges(
          { refundedCents: 0 },
          { refundedCents: 0, amountCents: 179_900, restock: true, lines: [{ orderItemId: 7, quantity: 1 }] },
        ),
      ),
    ).toEqual([
      "Valor: — → R$ 1.799,00",
      "Devolvidos ao estoque: — → sim",
      'Itens devolvidos: — → [{"orderItemId":7,"quantity":1}]',
    ]);
  });

  it("names the store's settings as their forms do, rates in percent", () => {
    expect(
      describeChanges(
        { pixDiscountBasisPoints: 500, deliveryDays: 7 },
        { pixDiscountBasisPoints: 750, deliveryDays: 5 },
      ),
    ).toEqual(["Desconto no PIX: 5% → 7,5%", "Prazo de entrega (dias úteis): 7 → 5"]);
  });

  it("lists only what changed, and keeps the recorded name of a field it has no label for", () => {
    expect(describeChanges({ name: "A", brand: "B" }, { name: "A", brand: "C", newField: 5 })).toEqual([
      "Marca: B → C",
      "newField: — → 5",
    ]);
    expect(describeChanges(null, null)).toEqual([]);
  });
});
