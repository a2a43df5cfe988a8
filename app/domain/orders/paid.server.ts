import { and, eq, gt, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { orders } from "../../db/schema.server";
import type { OrderFacts, PaymentState } from "./order-lifecycle";

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

/**
 * Whether the order still waits for its payment: pending, not paid, and its payment (a PIX code,
 * a card checkout, a boleto) still valid, so it may yet be paid ('Pagar agora', another try).
 */
export function awaitsPayment(
  order: PaidFields & Pick<typeof orders.$inferSelect, "status" | "paymentExpiresAt">,
  now = new Date(),
): boolean {
  return (
    order.status === "pending" && !isPaid(order) && !!order.paymentExpiresAt && order.paymentExpiresAt > now
  );
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

/** The columns the life cycle's rules read (`orderFacts`). */
export const factsColumns = {
  ...paidColumns,
  status: orders.status,
  paidAt: orders.paidAt,
  deliveredAt: orders.deliveredAt,
  deliveryDueAt: orders.deliveryDueAt,
  trackingCode: orders.trackingCode,
  stockReturnedAt: orders.stockReturnedAt,
};

/** An order as the life cycle's rules read it (`checkMove`). */
export function orderFacts(
  order: PaidFields & Omit<OrderFacts, "paid" | "unitsAllReturned"> & { stockReturnedAt: Date | null },
): OrderFacts {
  const { status, paidAt, deliveredAt, deliveryDueAt, trackingCode, stockReturnedAt } = order;
  return {
    status,
    paid: isPaid(order),
    paidAt,
    deliveredAt,
    deliveryDueAt,
    trackingCode,
    unitsAllReturned: stockReturnedAt !== null,
  };
}

/** `paymentStateOf` as a SQL condition on `orders`: the orders whose payment is in `state`. */
export function paymentStateIs(state: PaymentState): SQL {
  const paid = eq(orders.paymentStatus, "paid");
  const conditions: Record<PaymentState, SQL | undefined> = {
    pending: eq(orders.paymentStatus, "pending"),
    failed: eq(orders.paymentStatus, "failed"),
    paid: and(paid, eq(orders.refundedCents, 0)),
    partially_refunded: and(paid, gt(orders.refundedCents, 0), lt(orders.refundedCents, orders.totalCents)),
    refunded: and(paid, gte(orders.refundedCents, orders.totalCents)),
  };
  return conditions[state] ?? sql`false`;
}
