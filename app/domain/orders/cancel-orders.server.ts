import { and, eq, inArray, not, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { orders, pixChargeCancellations } from "../../db/schema.server";
import { ORDER_MOVES } from "./order-lifecycle";
import { returnStock } from "./order-stock.server";
import { paidOrder } from "./paid.server";
import { recordStatusChanges } from "./status-history.server";

/**
 * Cancels the orders matching `which` that are unpaid and not yet gone (the life cycle's `cancel`
 * by the store or the customer), gives their stock back and keeps the change in their status
 * history (`changedBy`: the person who cancelled, or null for the store itself), in the caller's
 * transaction. Their charges are queued to be cancelled at the provider after the commit
 * (`cancelQueuedCharges`). Returns the ids it cancelled: an order already paid, cancelled or being
 * cancelled by another transaction is left as it is.
 */
export async function cancelUnpaidOrders(
  tx: Transaction,
  which: SQL,
  changedBy: string | null,
): Promise<string[]> {
  const cancellable = and(which, inArray(orders.status, ORDER_MOVES.cancel.from), not(paidOrder));
  // Each order's status before, read under the row's lock the update takes.
  const before = tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(cancellable)
    .as("before");
  const cancelled = await tx
    .update(orders)
    .set({ status: "cancelled" })
    .from(before)
    .where(and(eq(orders.id, before.id), cancellable))
    // What is to be closed at the provider: the PIX charge, or the card checkout.
    .returning({
      id: orders.id,
      from: before.status,
      provider: sql<string | null>`coalesce(${orders.pixProvider}, ${orders.cardProvider})`,
      chargeId: sql<string | null>`coalesce(${orders.pixChargeId}, ${orders.cardCheckoutId})`,
    });
  const ids = cancelled.map((order) => order.id);
  if (ids.length === 0) return ids;
  await queueChargeCancellations(tx, cancelled);
  await returnStock(tx, ids);
  await recordStatusChanges(
    tx,
    changedBy,
    cancelled.map(({ id, from }) => ({ orderId: id, from, to: "cancelled" })),
  );
  return ids;
}

/** A customer's pending, unpaid orders (their account is being erased). */
export function cancelPendingOrdersOf(tx: Transaction, userId: string): Promise<string[]> {
  return cancelUnpaidOrders(tx, eq(orders.userId, userId), null);
}

/**
 * Cancels a paid order that is not completed yet (`from`: pending or processing), gives its stock
 * back and keeps the change in its history, in the caller's transaction. False when the order was
 * no longer in `from` (another change came first): nothing is done then, so stock goes back once.
 */
export async function cancelPaidOrder(
  tx: Transaction,
  orderId: string,
  from: "pending" | "processing",
  changedBy: string | null,
): Promise<boolean> {
  const cancelled = await tx
    .update(orders)
    .set({ status: "cancelled" })
    .where(and(eq(orders.id, orderId), eq(orders.status, from), paidOrder))
    .returning({ id: orders.id });
  if (cancelled.length === 0) return false;
  await returnStock(tx, [orderId]);
  await recordStatusChanges(tx, changedBy, [{ orderId, from, to: "cancelled" }]);
  return true;
}

/**
 * The charges (or card checkouts) of these cancelled orders, to be cancelled at their provider by
 * a job: the provider is another service, so it is asked outside the transaction. An order whose
 * charge was not created yet has none; its charge is queued when it is recorded (`placeOrder`).
 */
export async function queueChargeCancellations(
  tx: Transaction | Database,
  cancelled: { id: string; provider: string | null; chargeId: string | null }[],
): Promise<void> {
  const charges = cancelled.flatMap(({ id, provider, chargeId }) =>
    provider && chargeId ? [{ provider, chargeId, orderId: id }] : [],
  );
  if (charges.length > 0) await tx.insert(pixChargeCancellations).values(charges).onConflictDoNothing();
}
