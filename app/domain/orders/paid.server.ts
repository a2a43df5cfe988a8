import { and, eq, type SQL } from "drizzle-orm";
import { orders } from "../../db/schema.server";

/**
 * Spec section 4: an order is paid only when its PIX charge completed and its payment is marked
 * paid. Only the server sets both (a verified webhook or a query to the provider).
 */
export function isPaid(order: { pixStatus: string; paymentStatus: string }): boolean {
  return order.pixStatus === "COMPLETED" && order.paymentStatus === "paid";
}

/** The same rule as a SQL condition on `orders`. */
export const paidOrder: SQL = and(eq(orders.pixStatus, "COMPLETED"), eq(orders.paymentStatus, "paid"))!;
