import { eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Transaction } from "../../db/client.server";
import { endOfWorkingDaysAfter } from "../../lib/dates";
import { orders } from "../../db/schema.server";
import type { OrderUpdateStep } from "../../mail/order-update";
import type { OrderMailStore } from "./follow-charge.server";
import { ORDER_MOVES, type OrderMove } from "./order-lifecycle";
import { queueOrderUpdate } from "./order-update-mail.server";
import { recordStatusChanges } from "./status-history.server";

/** The moves that change only the order's status (cancelling also returns stock and closes charges). */
export type StatusMove = Exclude<OrderMove, "cancel" | "withdraw">;

/**
 * What a move records on the order beside its status: when it shipped and the last day of the
 * delivery the store promises (its 'Prazo de entrega' in working days), when it arrived.
 */
function moveDates(move: StatusMove, store: OrderMailStore, now: Date): PgUpdateSetSource<typeof orders> {
  switch (move) {
    case "ship":
      return {
        shippedAt: now,
        deliveryDueAt: endOfWorkingDaysAfter(now, store.settings.delivery.deliveryDays),
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

/** The moves the customer is told of by e-mail. */
const CUSTOMER_TOLD: Partial<Record<StatusMove, OrderUpdateStep>> = {
  ship: "shipped",
  deliver: "delivered",
  requestReturn: "return_requested",
  receiveReturn: "returned",
};

/**
 * Makes a move already checked (`checkMove`) on an order whose row the caller's transaction holds
 * locked: its status and dates, its history row (`changedBy`: who, or null for the store itself)
 * and the customer's e-mail (`reason`: the customer's own, repeated to them).
 */
export async function moveOrder(
  tx: Transaction,
  store: OrderMailStore,
  order: { id: string; status: (typeof orders.$inferSelect)["status"]; trackingCode: string | null },
  move: StatusMove,
  changedBy: string | null,
  reason?: string,
): Promise<void> {
  const to = ORDER_MOVES[move].to;
  await tx
    .update(orders)
    .set({ status: to, ...moveDates(move, store, new Date()) })
    .where(eq(orders.id, order.id));
  await recordStatusChanges(tx, changedBy, [{ orderId: order.id, from: order.status, to }]);
  const step = CUSTOMER_TOLD[move];
  if (step) await queueOrderUpdate(tx, store, order.id, step, { trackingCode: order.trackingCode, reason });
}
