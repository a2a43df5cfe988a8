import { describe, expect, it } from "vitest";
import { invoiceAfterSaleNotice } from "./invoice-after-sale";

// Authorised at 10:00 in São Paulo (13:00 UTC).
const invoice = { number: "000123", series: "1", issuedAt: new Date("2026-11-30T13:00:00Z") };

describe("invoiceAfterSaleNotice", () => {
  it("says nothing while the sale stands", () => {
    expect(
      invoiceAfterSaleNotice(
        invoice,
        { status: "shipped", refundedCents: 0 },
        new Date("2026-11-30T14:00:00Z"),
      ),
    ).toBeNull();
  });

  it.each([
    ["cancelled", 0],
    ["returned", 0],
    ["delivered", 1_000],
  ] as const)("asks for the cancellation within 24 hours (%s, %i refunded)", (status, refundedCents) => {
    expect(invoiceAfterSaleNotice(invoice, { status, refundedCents }, new Date("2026-12-01T12:59:00Z"))).toBe(
      "Cancele a NF-e nº 000123, série 1 no Bling: o prazo de cancelamento vai até 01/12/2026 às 10:00.",
    );
  });

  it("asks for the return invoice once the 24 hours passed", () => {
    expect(
      invoiceAfterSaleNotice(
        invoice,
        { status: "cancelled", refundedCents: 0 },
        new Date("2026-12-01T13:00:00Z"),
      ),
    ).toBe(
      "O prazo de 24 horas para cancelar a NF-e nº 000123, série 1 passou: emita no Bling a nota de devolução do que voltou ou foi reembolsado.",
    );
  });
});
