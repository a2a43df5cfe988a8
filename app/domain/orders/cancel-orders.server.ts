import { and, eq, inArray, not, sql, type SQL } from "drizzle-orm";
import type { Transaction } from "../../db/client.server";
import { orderItems, orders, products } from "../../db/schema.server";
import { paidOrder } from "./paid";

/**
 * Cancels the orders matching `which` that are still pending and unpaid, and gives their stock
 * back, in the caller's transaction. Returns the ids it cancelled: an order already paid,
 * cancelled or being cancelled by another transaction is left as it is.
 */
export async function cancelUnpaidOrders(tx: Transaction, which: SQL): Promise<string[]> {
  const cancelled = await tx
    .update(orders)
    .set({ status: "cancelled" })
    .where(and(which, eq(orders.status, "pending"), not(paidOrder)))
    .returning({ id: orders.id });
  const ids = cancelled.map((order) => order.id);
  if (ids.length > 0) await returnStock(tx, ids);
  return ids;
}

/** A customer's pending, unpaid orders (their account is being erased). */
export function cancelPendingOrdersOf(tx: Transaction, userId: string): Promise<string[]> {
  return cancelUnpaidOrders(tx, eq(orders.userId, userId));
}

async function returnStock(tx: Transaction, orderIds: string[]): Promise<void> {
  const returned = tx
    .select({
      productId: orderItems.productId,
      quantity: sql<number>`sum(${orderItems.quantity})`.as("quantity"),
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .groupBy(orderItems.productId)
    .as("returned");
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${returned.quantity}` })
    .from(returned)
    .where(eq(products.id, returned.productId));
}
