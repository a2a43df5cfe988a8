import { addDays } from "date-fns";
import { z } from "../../lib/zod";
import { WITHDRAWAL_DAYS, type ORDER_STATUSES, type PAYMENT_STATUSES } from "../../lib/order-statuses";
import type { Outcome } from "../../lib/outcome";

/**
 * An order's life, from placing to after-sale, in one place: its statuses, every move between
 * them, who may make each move and on which condition. Every move the store makes goes through
 * `checkMove`: the admin's, the customer's, a provider's report and the jobs'.
 */

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Who makes a move: the order's customer, an admin, a payment provider's report, a store job. */
export type OrderActor = "customer" | "admin" | "provider" | "job";

/** Spec section 4: an order's status as the panel names it (the spec's four, then after-sale's). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "pendente",
  processing: "em processamento",
  completed: "concluído",
  cancelled: "cancelado",
  shipped: "enviado",
  delivered: "entregue",
  return_requested: "devolução solicitada",
  returned: "devolvido",
};

/**
 * Where an order is, in a customer's words (and the owner's at a glance): a paid order waiting to
 * be sent is 'Aguardando envio', not 'pendente' beside 'Pago'.
 */
export function fulfilmentLabel({ status, paid }: { status: OrderStatus; paid: boolean }): string {
  if (status === "pending") return paid ? "Aguardando envio" : "Aguardando pagamento";
  return FULFILMENT_LABELS[status];
}

const FULFILMENT_LABELS: Record<Exclude<OrderStatus, "pending">, string> = {
  processing: "Em separação",
  shipped: "Enviado",
  delivered: "Entregue",
  completed: "Concluído",
  cancelled: "Cancelado",
  return_requested: "Devolução solicitada",
  returned: "Devolvido",
};

/** What the rules read of an order. */
export interface OrderFacts {
  status: OrderStatus;
  /** Paid by the paid rule (`isPaid`). */
  paid: boolean;
  paidAt: Date | null;
  deliveredAt: Date | null;
  /** The end of the last day of the delivery promised when it shipped. */
  deliveryDueAt: Date | null;
  trackingCode: string | null;
  /** Every unit it held went back to stock (refunds that returned them, or its cancellation). */
  unitsAllReturned: boolean;
}

interface Move {
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** Who may make it, each on its condition (null when none beyond `from`). */
  by: Partial<Record<OrderActor, ((order: OrderFacts, now: Date) => string | null) | null>>;
}

export const LIFECYCLE_MESSAGES = {
  unpaid: "Pedido ainda não pago",
  paid: "Pedido já pago",
  noTrackingCode: "Informe o código de rastreio antes de marcar o pedido como enviado",
  nothingToSend: "Todos os itens deste pedido voltaram ao estoque: não há o que enviar ou entregar",
  withdrawalOver: `O prazo de ${WITHDRAWAL_DAYS} dias para desistir da compra terminou`,
  notYours: "Esta mudança não pode ser feita por você",
  final: "Este pedido não pode mais mudar de status",
} as const;

const mustBePaid = (order: OrderFacts) => (order.paid ? null : LIFECYCLE_MESSAGES.unpaid);
const mustBeUnpaid = (order: OrderFacts) => (order.paid ? LIFECYCLE_MESSAGES.paid : null);
/** Goods leave only while the order still holds some: units given back to stock are sold again. */
const mustHoldUnits = (order: OrderFacts) =>
  order.unitsAllReturned ? LIFECYCLE_MESSAGES.nothingToSend : null;

/**
 * The 7 days of withdrawal count from delivery, as the carrier or the admin reported it; an order
 * on its way with no such report counts from the last day of the delivery promised when it shipped,
 * and one not shipped yet from its payment.
 */
function withinWithdrawal(order: OrderFacts, now: Date): string | null {
  if (!order.paid) return LIFECYCLE_MESSAGES.unpaid;
  const from = order.deliveredAt ?? (order.status === "shipped" ? order.deliveryDueAt : order.paidAt);
  if (from && now > addDays(from, WITHDRAWAL_DAYS)) return LIFECYCLE_MESSAGES.withdrawalOver;
  return null;
}

/** Every move an order can make. */
export const ORDER_MOVES = {
  /** The shop starts preparing a paid order. */
  prepare: { from: ["pending"], to: "processing", by: { admin: mustBePaid } },
  /** The parcel leaves, with its Correios code. */
  ship: {
    from: ["processing"],
    to: "shipped",
    by: {
      admin: (order) =>
        mustBePaid(order) ??
        mustHoldUnits(order) ??
        (order.trackingCode ? null : LIFECYCLE_MESSAGES.noTrackingCode),
    },
  },
  /** The customer received it: the admin's word, or the carrier's tracking. */
  deliver: { from: ["shipped"], to: "delivered", by: { admin: mustBePaid, job: mustBePaid } },
  /** The spec's closing move: the order is done (handed over, or delivered and settled). */
  complete: {
    from: ["processing", "shipped", "delivered"],
    to: "completed",
    by: { admin: (order) => mustBePaid(order) ?? mustHoldUnits(order) },
  },
  /**
   * An order that will not go ahead: an admin's call at any time before it leaves; the customer's
   * or the store's own only while it is unpaid (deleted, its charge expired).
   */
  cancel: {
    from: ["pending", "processing"],
    to: "cancelled",
    by: { admin: null, customer: mustBeUnpaid, provider: mustBeUnpaid, job: mustBeUnpaid },
  },
  /** 'Desistir da compra' before the parcel leaves: cancelled, and refunded in full. */
  withdraw: { from: ["pending", "processing"], to: "cancelled", by: { customer: withinWithdrawal } },
  /** 'Desistir da compra' once it left: the customer sends the goods back. */
  requestReturn: {
    from: ["shipped", "delivered", "completed"],
    to: "return_requested",
    by: { customer: withinWithdrawal },
  },
  /** The shop received the goods back; the refund follows. */
  receiveReturn: { from: ["return_requested"], to: "returned", by: { admin: mustBePaid } },
} satisfies Record<string, Move>;

export type OrderMove = keyof typeof ORDER_MOVES;

/** The moves an admin may make. */
export type AdminMove = {
  [M in OrderMove]: "admin" extends keyof (typeof ORDER_MOVES)[M]["by"] ? M : never;
}[OrderMove];

export type MoveCheck = Outcome;

/** Whether `actor` may make `move` on `order` now, else why not, in pt-BR. */
export function checkMove(
  move: OrderMove,
  order: OrderFacts,
  actor: OrderActor,
  now = new Date(),
): MoveCheck {
  const { from, to, by }: Move = ORDER_MOVES[move];
  if (!from.includes(order.status)) return refuseChange(order.status, to, actor);
  if (!(actor in by)) return { ok: false, message: LIFECYCLE_MESSAGES.notYours };
  const refusal = by[actor]?.(order, now) ?? null;
  return refusal ? { ok: false, message: refusal } : { ok: true };
}

/** Why an order in `from` cannot move to `to` by `actor`'s hand: no such move leads there. */
function refuseChange(from: OrderStatus, to: OrderStatus, actor: OrderActor): MoveCheck & { ok: false } {
  if (movesFrom(from, actor).length === 0) return { ok: false, message: LIFECYCLE_MESSAGES.final };
  if (from === to) return { ok: false, message: `O pedido já está ${ORDER_STATUS_LABELS[to]}` };
  return {
    ok: false,
    message: `Não é possível mudar o status de ${ORDER_STATUS_LABELS[from]} para ${ORDER_STATUS_LABELS[to]}`,
  };
}

/** The moves `actor` has from `status`. */
function movesFrom(status: OrderStatus, actor: OrderActor): OrderMove[] {
  return (Object.keys(ORDER_MOVES) as OrderMove[]).filter((move) => {
    const { from, by }: Move = ORDER_MOVES[move];
    return from.includes(status) && actor in by;
  });
}

/**
 * The admin's change of an order's status to `to` (the panel's status select): the move that
 * leads there, if the admin may make it now, else why not.
 */
export function checkAdminChange(order: OrderFacts, to: OrderStatus): Outcome<{ move: AdminMove }> {
  const move = movesFrom(order.status, "admin").find((candidate) => ORDER_MOVES[candidate].to === to) as
    AdminMove | undefined;
  if (!move) return refuseChange(order.status, to, "admin");
  const check = checkMove(move, order, "admin");
  return check.ok ? { ok: true, move } : check;
}

/** The statuses an admin may move the order to now: what the panel offers. */
export function adminNextStatuses(order: OrderFacts): OrderStatus[] {
  return movesFrom(order.status, "admin")
    .filter((move) => checkMove(move, order, "admin").ok)
    .map((move) => ORDER_MOVES[move].to);
}

/** A status as a form sends it. */
export const orderStatusSchema = z.enum(Object.keys(ORDER_STATUS_LABELS) as [OrderStatus, ...OrderStatus[]]);

/**
 * The order's life as a Mermaid state diagram, drawn from `ORDER_MOVES` (decision record 0032
 * shows it; a test keeps the two the same).
 */
export function lifecycleDiagram(): string {
  const lines = (Object.entries(ORDER_MOVES) as [OrderMove, Move][]).flatMap(([move, { from, to, by }]) =>
    from.map((status) => `  ${status} --> ${to}: ${move} (${Object.keys(by).join(", ")})`),
  );
  return ["stateDiagram-v2", "  [*] --> pending", ...lines].join("\n");
}

// ---------------------------------------------------------------------------------------------
// The payment's side: paid by its provider's report, then refunded in part or in full.

/** The payment as the panel and the customer see it: paid, then refunded in part or in full. */
export type PaymentState = PaymentStatus | "partially_refunded" | "refunded";

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  pending: "pendente",
  paid: "pago",
  failed: "falhou",
  partially_refunded: "parcialmente reembolsado",
  refunded: "reembolsado",
};

/** A charge reported paid with an amount other than the order's total: the shop settles it. */
export const PAYMENT_MISMATCH_LABEL = "Valor pago diferente do total";
/** A payment received on an order another payment had paid: the shop gives it back. */
export const DUPLICATE_PAYMENT_LABEL = "Pagamento em duplicidade";
/** The longest reason an admin may give for a refund. */
export const REFUND_REASON_MAX = 200;

/** A provider reported a dispute of the payment (MED, chargeback). */
export const DISPUTED_LABEL = "em disputa";

/** The payment's state: its status, and what confirmed refunds gave back of a paid one. */
export function paymentStateOf(order: {
  paymentStatus: PaymentStatus;
  totalCents: number;
  refundedCents: number;
}): PaymentState {
  if (order.paymentStatus !== "paid" || order.refundedCents === 0) return order.paymentStatus;
  return order.refundedCents >= order.totalCents ? "refunded" : "partially_refunded";
}
