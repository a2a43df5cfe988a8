import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CARRIER_CODE_PATTERNS } from "../../lib/carriers";
import { ORDER_STATUSES } from "../../lib/order-statuses";
import {
  adminNextStatuses,
  checkAdminChange,
  checkMove,
  fulfilmentLabel,
  lifecycleDiagram,
  ORDER_MOVES,
  paymentStateOf,
  type OrderActor,
  type OrderFacts,
  type OrderMove,
} from "./order-lifecycle";
import { trackingCodeSchema } from "./tracking-code";

const NOW = new Date("2026-11-26T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);
const ACTORS: OrderActor[] = ["customer", "admin", "provider", "job"];
/** An order as placed: unpaid, nothing shipped or returned. */
const UNPAID: Omit<OrderFacts, "status"> = {
  paid: false,
  paidAt: null,
  deliveredAt: null,
  deliveryDueAt: null,
  trackingCode: null,
  unitsAllReturned: false,
};

/** Every (status, move, actor) the rules allow for `order` in each status, as `status move actor`. */
function allowed(order: Omit<OrderFacts, "status">): string[] {
  return ORDER_STATUSES.flatMap((status) =>
    (Object.keys(ORDER_MOVES) as OrderMove[]).flatMap((move) =>
      ACTORS.filter((actor) => checkMove(move, { ...order, status }, actor, NOW).ok).map(
        (actor) => `${status} ${move} ${actor}`,
      ),
    ),
  );
}

describe("the order life cycle", () => {
  it("allows a paid order these moves, by these actors, and refuses every other", () => {
    const paid = {
      paid: true,
      paidAt: daysAgo(2),
      deliveredAt: daysAgo(1),
      deliveryDueAt: daysAgo(1),
      trackingCode: "AA123456789BR",
      unitsAllReturned: false,
    };
    expect(allowed(paid).toSorted()).toEqual(
      [
        "pending prepare admin",
        "pending cancel admin",
        "pending withdraw customer",
        "processing ship admin",
        "processing complete admin",
        "processing cancel admin",
        "processing withdraw customer",
        "shipped deliver admin",
        "shipped deliver job",
        "shipped complete admin",
        "shipped requestReturn customer",
        "delivered complete admin",
        "delivered requestReturn customer",
        "completed requestReturn customer",
        "return_requested receiveReturn admin",
      ].toSorted(),
    );
  });

  it("allows an unpaid order only to be cancelled, by anyone", () => {
    expect(allowed(UNPAID).toSorted()).toEqual(
      ["pending", "processing"]
        .flatMap((status) => ACTORS.map((actor) => `${status} cancel ${actor}`))
        .toSorted(),
    );
  });

  it("says where an order is in plain words: a paid order waiting to be sent, not 'pendente'", () => {
    expect(fulfilmentLabel({ status: "pending", paid: true })).toBe("Aguardando envio");
    expect(fulfilmentLabel({ status: "pending", paid: false })).toBe("Aguardando pagamento");
    expect(
      (["processing", "shipped", "delivered", "completed", "cancelled"] as const).map((status) =>
        fulfilmentLabel({ status, paid: true }),
      ),
    ).toEqual(["Em separação", "Enviado", "Entregue", "Concluído", "Cancelado"]);
  });

  it("says why a move is refused", () => {
    const order: OrderFacts = { ...UNPAID, status: "pending" };
    expect(checkMove("prepare", order, "admin", NOW)).toEqual({
      ok: false,
      message: "Pedido ainda não pago",
    });
    expect(checkMove("prepare", order, "customer", NOW)).toEqual({
      ok: false,
      message: "Esta mudança não pode ser feita por você",
    });
    const paid = { ...order, paid: true, paidAt: daysAgo(1) };
    expect(checkMove("cancel", paid, "job", NOW)).toEqual({ ok: false, message: "Pedido já pago" });
    expect(checkMove("ship", { ...paid, status: "processing" }, "admin", NOW)).toEqual({
      ok: false,
      message: "Informe o código de rastreio antes de marcar o pedido como enviado",
    });
    // Every unit given back to stock (refunds that returned them): nothing leaves any more.
    const emptied = {
      ...paid,
      status: "processing" as const,
      trackingCode: "AA123456789BR",
      unitsAllReturned: true,
    };
    for (const move of ["ship", "complete"] as const) {
      expect(checkMove(move, emptied, "admin", NOW)).toEqual({
        ok: false,
        message: "Todos os itens deste pedido voltaram ao estoque: não há o que enviar ou entregar",
      });
    }
    expect(checkMove("ship", { ...emptied, unitsAllReturned: false }, "admin", NOW)).toEqual({ ok: true });
    expect(checkMove("prepare", { ...paid, status: "processing" }, "admin", NOW)).toEqual({
      ok: false,
      message: "O pedido já está em processamento",
    });
    expect(checkMove("receiveReturn", { ...paid, status: "cancelled" }, "admin", NOW)).toEqual({
      ok: false,
      message: "Este pedido não pode mais mudar de status",
    });
  });

  it("counts the 7 days of withdrawal from delivery, from the promised delivery of a parcel on its way, or from payment before it ships", () => {
    const delivered: OrderFacts = {
      status: "delivered",
      paid: true,
      paidAt: daysAgo(30),
      deliveredAt: daysAgo(7.01),
      deliveryDueAt: daysAgo(20),
      trackingCode: "AA123456789BR",
      unitsAllReturned: false,
    };
    const over = { ok: false, message: "O prazo de 7 dias para desistir da compra terminou" };
    expect(checkMove("requestReturn", delivered, "customer", NOW)).toEqual(over);
    expect(checkMove("requestReturn", { ...delivered, deliveredAt: daysAgo(6.9) }, "customer", NOW)).toEqual({
      ok: true,
    });
    // On its way, no delivery reported: the 7 days count from the last day it was promised by.
    const onItsWay = { ...delivered, status: "shipped" as const, deliveredAt: null };
    expect(
      checkMove("requestReturn", { ...onItsWay, deliveryDueAt: daysAgo(7.01) }, "customer", NOW),
    ).toEqual(over);
    expect(checkMove("requestReturn", { ...onItsWay, deliveryDueAt: daysAgo(6.9) }, "customer", NOW)).toEqual(
      {
        ok: true,
      },
    );
    // A delivery reported after the promised day counts: the customer had the goods from then.
    expect(checkMove("requestReturn", { ...delivered, deliveredAt: daysAgo(2) }, "customer", NOW)).toEqual({
      ok: true,
    });
    const unshipped = { ...delivered, status: "processing" as const, deliveredAt: null, deliveryDueAt: null };
    expect(checkMove("withdraw", unshipped, "customer", NOW)).toEqual(over);
    expect(checkMove("withdraw", { ...unshipped, paidAt: daysAgo(6) }, "customer", NOW)).toEqual({
      ok: true,
    });
  });

  it("offers the admin the statuses its moves reach, and names the refusal of any other", () => {
    const processing: OrderFacts = { ...UNPAID, status: "processing", paid: true, paidAt: daysAgo(1) };
    // Without a tracking code the parcel cannot be marked as sent.
    expect(adminNextStatuses(processing)).toEqual(["completed", "cancelled"]);
    expect(adminNextStatuses({ ...processing, trackingCode: "AA123456789BR" })).toEqual([
      "shipped",
      "completed",
      "cancelled",
    ]);
    expect(checkAdminChange(processing, "returned")).toEqual({
      ok: false,
      message: "Não é possível mudar o status de em processamento para devolvido",
    });
    expect(checkAdminChange({ ...processing, status: "return_requested" }, "returned")).toEqual({
      ok: true,
      move: "receiveReturn",
    });
  });

  it("is drawn in its decision record as the module defines it", () => {
    const record = readFileSync(
      new URL("../../../docs/decisions/0032-order-lifecycle.md", import.meta.url),
      "utf8",
    );
    expect(record).toContain("```mermaid\n" + lifecycleDiagram() + "\n```");
  });
});

describe("the payment's state", () => {
  it("reads a paid order's confirmed refunds as partly or wholly refunded", () => {
    const paid = { paymentStatus: "paid" as const, totalCents: 10_000, refundedCents: 0 };
    expect(paymentStateOf(paid)).toBe("paid");
    expect(paymentStateOf({ ...paid, refundedCents: 2_500 })).toBe("partially_refunded");
    expect(paymentStateOf({ ...paid, refundedCents: 10_000 })).toBe("refunded");
    expect(paymentStateOf({ ...paid, paymentStatus: "pending" })).toBe("pending");
  });
});

describe("the tracking code", () => {
  it("follows the database's Correios pattern, upper-cased", () => {
    expect(CARRIER_CODE_PATTERNS.correios).toBe("^[A-Z]{2}[0-9]{9}[A-Z]{2}$");
    expect(trackingCodeSchema.parse(" qb123456789br ")).toBe("QB123456789BR");
    expect(trackingCodeSchema.safeParse("QB12345678BR").success).toBe(false);
  });
});
