import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Transaction } from "../../db/client.server";
import { orders } from "../../db/schema.server";
import { parcelTrackingOf } from "../../lib/carriers";
import { endOfWorkingDaysAfter } from "../../lib/dates";
import type { Outcome } from "../../lib/outcome";
import type { OrderUpdateStep } from "../../mail/order-update";
import { recordAdminWrite, type AdminActor } from "../audit/audit.server";
import { queueChargeCancellations } from "./charge-cancellation-queue.server";
import type { OrderMailStore } from "./order-mail-store.server";
import { checkMove, ORDER_MOVES, type OrderMove, type OrderStatus } from "./order-lifecycle";
import { releaseCouponUses } from "./coupon-uses.server";
import { returnStock } from "./order-stock.server";
import { queueOrderUpdate } from "./order-update-mail.server";
import { factsColumns, orderFacts } from "./paid.server";
import { recordStatusChanges } from "./status-history.server";

/**
 * Who makes a move: an admin (kept in the history and the audit log), the order's customer (in
 * the history, and the audit log for a withdrawal), or the store itself on a provider's report or
 * in a job (the history's 'Sistema').
 */
export type MoveBy =
  | { actor: "admin"; admin: AdminActor }
  | { actor: "customer"; userId: string }
  | { actor: "provider" | "job" };

/** The moves that date the delivery or tell the customer by e-mail: they need the store's settings. */
type MoveTold = "ship" | "deliver" | "requestReturn" | "receiveReturn";

export type MoveRequest = {
  orderId: string;
  by: MoveBy;
  /** The customer's reason (a withdrawal), repeated to them and kept in the audit log. */
  reason?: string;
} & (
  { move: Exclude<OrderMove, MoveTold>; store?: OrderMailStore } | { move: MoveTold; store: OrderMailStore }
);

/** What a move did, or why it did nothing. */
export type MoveResult = Outcome<
  { from: OrderStatus; to: OrderStatus; paid: boolean },
  { code: "not-found" | "refused" }
>;

const ORDER_NOT_FOUND_MESSAGE = "Pedido não encontrado";

/** The moves the customer is told of by e-mail. */
const CUSTOMER_TOLD: Partial<Record<OrderMove, OrderUpdateStep>> = {
  ship: "shipped",
  deliver: "delivered",
  requestReturn: "return_requested",
  receiveReturn: "returned",
};

/** The audit log's name of a move: every admin move, and the customer's withdrawals. */
function auditAction(request: MoveRequest): string | null {
  if (request.by.actor === "admin") return "order.status";
  if (request.by.actor !== "customer") return null;
  if (request.move === "withdraw") return "order.withdrawal";
  return request.move === "requestReturn" ? "order.return" : null;
}

/**
 * Every move of an order goes through here: the admin's, the customer's, a provider's report and
 * the jobs'. In the caller's transaction, the order's row is locked (of two moves at once, the
 * second sees the first's result), the move is checked against the table of moves
 * (`checkMove`), and then made: the status and what it dates, the stock of a cancelled order back
 * and its unpaid charge queued to be closed at its provider, the history row, the audit entry and
 * the customer's e-mail. A refused move writes nothing.
 */
export async function moveOrder(tx: Transaction, request: MoveRequest): Promise<MoveResult> {
  const [order] = await tx
    .select({
      ...factsColumns,
      customerEmail: orders.customerEmail,
      trackingCarrier: orders.trackingCarrier,
      trackingCarrierName: orders.trackingCarrierName,
      freight: orders.freight,
      provider: sql<string | null>`coalesce(${orders.pixProvider}, ${orders.cardProvider})`,
      chargeId: sql<string | null>`coalesce(${orders.pixChargeId}, ${orders.cardCheckoutId})`,
    })
    .from(orders)
    .where(eq(orders.id, request.orderId))
    .for("update");
  if (!order) return { ok: false, code: "not-found", message: ORDER_NOT_FOUND_MESSAGE };
  const facts = orderFacts(order);
  const check = checkMove(request.move, facts, request.by.actor);
  if (!check.ok) return { ok: false, code: "refused", message: check.message };

  const { orderId } = request;
  const from = order.status;
  const to = ORDER_MOVES[request.move].to;
  await tx
    .update(orders)
    .set({ status: to, ...moveDates(request, order.freight?.daysMax ?? null, new Date()) })
    .where(eq(orders.id, orderId));
  if (to === "cancelled") {
    await returnStock(tx, [orderId]);
    // An unpaid order's charge (or card checkout) can no longer be paid.
    if (!facts.paid) await queueChargeCancellations(tx, [{ id: orderId, ...order }]);
  }
  // A purchase undone gives its coupon's use back: cancelled unpaid (or expired), or withdrawn
  // (cancelled and refunded before it left, or its goods back after).
  if (
    (to === "cancelled" && !facts.paid) ||
    request.move === "withdraw" ||
    request.move === "receiveReturn"
  ) {
    await releaseCouponUses(tx, [orderId]);
  }
  const changedBy =
    request.by.actor === "admin"
      ? request.by.admin.id
      : request.by.actor === "customer"
        ? request.by.userId
        : null;
  await recordStatusChanges(tx, changedBy, [{ orderId, from, to }]);
  const action = auditAction(request);
  if (action) {
    const who =
      request.by.actor === "admin" ? request.by.admin : { id: changedBy, email: order.customerEmail };
    await recordAdminWrite(tx, who, {
      action,
      targetType: "order",
      targetId: orderId,
      before: { status: from },
      after: { status: to, ...(request.reason === undefined ? {} : { reason: request.reason }) },
    });
  }
  const step = CUSTOMER_TOLD[request.move];
  // A move the customer is told of always comes with the store (`MoveRequest`).
  if (step && request.store) {
    await queueOrderUpdate(tx, request.store, orderId, step, {
      tracking: parcelTrackingOf(order),
      reason: request.reason,
    });
  }
  return { ok: true, from, to, paid: facts.paid };
}

/**
 * Cancels each order `which` selects that may be cancelled now by `by` (the life cycle's
 * `cancel`: unpaid, not yet gone), through `moveOrder`. Returns the ids it cancelled; an order
 * paid, already cancelled or cancelled meanwhile by another transaction is left as it is.
 */
export async function cancelOrders(tx: Transaction, which: SQL, by: MoveBy): Promise<string[]> {
  const candidates = await tx.select({ id: orders.id }).from(orders).where(which).orderBy(asc(orders.id));
  const cancelled: string[] = [];
  for (const { id } of candidates) {
    if ((await moveOrder(tx, { orderId: id, move: "cancel", by })).ok) cancelled.push(id);
  }
  return cancelled;
}

/**
 * What a move records on the order beside its status: when it shipped and the last day of the
 * delivery the store promises (the most days of the freight the customer chose, else the store's
 * 'Prazo de entrega', in working days), when it arrived.
 */
function moveDates(
  request: MoveRequest,
  freightDays: number | null,
  now: Date,
): PgUpdateSetSource<typeof orders> {
  switch (request.move) {
    case "ship":
      return {
        shippedAt: now,
        deliveryDueAt: endOfWorkingDaysAfter(
          now,
          freightDays ?? request.store.settings.delivery.deliveryDays,
        ),
      };
    case "deliver":
      return { deliveredAt: now };
    case "complete":
      // A completed order was handed over: its 7 days of withdrawal count from then, if not before.
      return { deliveredAt: sql`coalesce(${orders.deliveredAt}, ${now})` };
    default:
      return {};
  }
}
