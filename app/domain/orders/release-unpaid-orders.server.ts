import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.server";
import { orderItems, orders, products } from "../../db/schema.server";

/**
 * Cancels a customer's pending, unpaid orders and gives their stock back, in the caller's
 * transaction. Returns the ids it cancelled.
 */
export async function cancelPendingOrdersOf(tx: Transaction, userId: string): Promise<string[]> {
  const cancelled = await tx
    .update(orders)
    .set({ status: "cancelled" })
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending"), ne(orders.paymentStatus, "paid")))
    .returning({ id: orders.id });
  const ids = cancelled.map((order) => order.id);
  if (ids.length === 0) return ids;
  const returned = tx
    .select({
      productId: orderItems.productId,
      quantity: sql<number>`sum(${orderItems.quantity})`.as("quantity"),
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .groupBy(orderItems.productId)
    .as("returned");
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${returned.quantity}` })
    .from(returned)
    .where(eq(products.id, returned.productId));
  return ids;
}
