import { and, eq, or, type SQL } from "drizzle-orm";
import { orders } from "../../db/schema.server";

type PaidFields = Pick<
  typeof orders.$inferSelect,
  "paymentMethod" | "paymentStatus" | "pixStatus" | "cardPaymentStatus"
>;

/**
 * Spec section 4, for either method: an order is paid only when its provider reported the payment
 * complete (the PIX charge COMPLETED, the card payment approved) and its payment is marked paid.
 * Only the server sets them (a verified webhook or a query to the provider).
 */
export function isPaid(order: PaidFields): boolean {
  const completed =
    order.paymentMethod === "card" ? order.cardPaymentStatus === "approved" : order.pixStatus === "COMPLETED";
  return completed && order.paymentStatus === "paid";
}

/** The columns `isPaid` reads, for a select of some of an order's columns. */
export const paidColumns = {
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  pixStatus: orders.pixStatus,
  cardPaymentStatus: orders.cardPaymentStatus,
};

/** The same rule as a SQL condition on `orders`. */
export const paidOrder: SQL = and(
  eq(orders.paymentStatus, "paid"),
  or(
    and(eq(orders.paymentMethod, "pix"), eq(orders.pixStatus, "COMPLETED")),
    and(eq(orders.paymentMethod, "card"), eq(orders.cardPaymentStatus, "approved")),
  ),
)!;
