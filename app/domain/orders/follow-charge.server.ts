import { and, eq, ne, not, sql, type SQL } from "drizzle-orm";
import { storeCounters } from "../../config/metrics.server";
import type { Transaction } from "../../db/client.server";
import { orders } from "../../db/schema.server";
import { queueMail } from "../../mail/outbox.server";
import { orderConfirmationMail } from "../../mail/order-confirmation";
import type { PixChargeState } from "../payments/pix-provider";
import { cancelOrders } from "./move-order.server";
import { namedLinesOf } from "./named-lines.server";
import type { OrderMailStore } from "./order-mail-store.server";
import { paidOrder } from "./paid.server";
import { adjustmentsOfOrder } from "./order-adjustments.server";
import { promisedArrival } from "./customer-orders.server";
import { adjustmentLines } from "./order-total";
import { paymentMethodLabel } from "./payment-method";

export type ChargeOutcome = "paid" | "paid-late" | "amount-mismatch" | "expired" | "unchanged";

/**
 * Brings an order in line with its charge's status as the provider reported it, in the caller's
 * transaction; repeating it changes nothing. A completed charge for the order's total makes the
 * order paid and queues its confirmation e-mail once; if the order had already been cancelled for
 * expiry, the payment is kept and flagged for the shop. A completed charge for another amount does
 * not pay the order: the amount received is flagged for the shop, and the order keeps its stock.
 * An expired charge cancels the unpaid order and returns its stock. Only the server calls this:
 * a verified webhook, the sandbox, or a query to the provider.
 */
export async function followCharge(
  tx: Transaction,
  charge: { provider: string; chargeId: string } & PixChargeState,
  store: OrderMailStore,
): Promise<ChargeOutcome> {
  const thisCharge = and(eq(orders.pixProvider, charge.provider), eq(orders.pixChargeId, charge.chargeId));
  if (charge.status === "COMPLETED") {
    return followCompletedPayment(tx, thisCharge!, charge.amountCents, { pixStatus: "COMPLETED" }, store);
  }
  if (charge.status === "EXPIRED") {
    const cancelled = await cancelOrders(tx, thisCharge!, { actor: "provider" });
    await tx
      .update(orders)
      .set({ pixStatus: "EXPIRED" })
      .where(and(thisCharge, not(paidOrder)));
    return cancelled.length > 0 ? "expired" : "unchanged";
  }
  return "unchanged";
}

/**
 * A payment its provider reported complete for `amountCents`, on the unpaid order `which` selects,
 * with what the provider `reported` of it kept either way. For the order's total, the order is
 * paid and its confirmation e-mail queued once; if it had already been cancelled for expiry, the
 * payment is kept and flagged for the shop. For another amount, the order is not paid: the amount
 * received is flagged for the shop, and the order keeps its stock.
 */
export async function followCompletedPayment(
  tx: Transaction,
  which: SQL,
  amountCents: number,
  reported: Partial<typeof orders.$inferInsert>,
  store: OrderMailStore,
): Promise<"paid" | "paid-late" | "amount-mismatch" | "unchanged"> {
  const unpaid = and(which, not(paidOrder));
  const [order] = await tx
    .update(orders)
    .set({
      ...reported,
      paymentStatus: "paid",
      paidAt: sql`now()`,
      latePaymentAt: sql`case when ${orders.status} = 'cancelled' then now() end`,
    })
    .where(and(unpaid, eq(orders.totalCents, amountCents)))
    .returning();
  if (order) {
    storeCounters.ordersPaid.inc();
    if (order.latePaymentAt) return "paid-late";
    await queueConfirmation(tx, order, store);
    return "paid";
  }
  const flagged = await tx
    .update(orders)
    .set({
      ...reported,
      paymentMismatchAt: sql`coalesce(${orders.paymentMismatchAt}, now())`,
      paymentMismatchCents: amountCents,
    })
    .where(and(unpaid, ne(orders.totalCents, amountCents)))
    .returning({ id: orders.id });
  return flagged.length > 0 ? "amount-mismatch" : "unchanged";
}

/** Queues the order's confirmation e-mail, once. */
async function queueConfirmation(
  tx: Transaction,
  order: typeof orders.$inferSelect,
  store: OrderMailStore,
): Promise<void> {
  const mail = orderConfirmationMail({
    orderId: order.id,
    customerName: order.customerName,
    items: await namedLinesOf(tx, order.id),
    totalCents: order.totalCents,
    adjustments: adjustmentLines(await adjustmentsOfOrder(tx, order.id)),
    paymentMethod: paymentMethodLabel(order),
    paidAt: order.paidAt!,
    store: store.settings,
    deliveryDays: order.freight?.daysMax ?? store.settings.delivery.deliveryDays,
    arrivesBy: promisedArrival(order),
    orderUrl: `${store.url}/account/orders`,
  });
  await queueMail(tx, { dedupeKey: `order-paid:${order.id}`, to: order.customerEmail, ...mail });
}
