import { and, eq, not, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.server";
import { orderItems, orders } from "../../db/schema.server";
import { queueMail } from "../../mail/outbox.server";
import { orderConfirmationMail } from "../../mail/order-confirmation";
import type { PixChargeStatus } from "../payments/pix-provider";
import { cancelUnpaidOrders } from "./cancel-orders.server";
import { paidOrder } from "./paid.server";

/** Where the confirmation e-mail points, and whom it names for questions. */
export interface StoreContacts {
  storeUrl: string;
  supportEmail: string;
}

export type ChargeOutcome = "paid" | "paid-late" | "expired" | "unchanged";

/**
 * Brings an order in line with its charge's status as the provider reported it, in the caller's
 * transaction; repeating it changes nothing. A completed charge makes the order paid and queues
 * its confirmation e-mail once; if the order had already been cancelled for expiry, the payment
 * is kept and flagged for the shop. An expired charge cancels the unpaid order and returns its
 * stock. Only the server calls this: a verified webhook, the sandbox, or a query to the provider.
 */
export async function followCharge(
  tx: Transaction,
  charge: { provider: string; chargeId: string; status: PixChargeStatus },
  contacts: StoreContacts,
): Promise<ChargeOutcome> {
  const thisCharge = and(eq(orders.pixProvider, charge.provider), eq(orders.pixChargeId, charge.chargeId));
  if (charge.status === "COMPLETED") {
    const [order] = await tx
      .update(orders)
      .set({
        pixStatus: "COMPLETED",
        paymentStatus: "paid",
        paidAt: sql`now()`,
        latePaymentAt: sql`case when ${orders.status} = 'cancelled' then now() end`,
      })
      .where(and(thisCharge, not(paidOrder)))
      .returning();
    if (!order) return "unchanged";
    if (order.latePaymentAt) return "paid-late";
    await queueConfirmation(tx, order, contacts);
    return "paid";
  }
  if (charge.status === "EXPIRED") {
    const cancelled = await cancelUnpaidOrders(tx, thisCharge!, null);
    await tx
      .update(orders)
      .set({ pixStatus: "EXPIRED" })
      .where(and(thisCharge, not(paidOrder)));
    return cancelled.length > 0 ? "expired" : "unchanged";
  }
  return "unchanged";
}

async function queueConfirmation(
  tx: Transaction,
  order: typeof orders.$inferSelect,
  contacts: StoreContacts,
): Promise<void> {
  const items = await tx
    .select({
      name: orderItems.productName,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id);
  const mail = orderConfirmationMail({
    orderId: order.id,
    customerName: order.customerName,
    items,
    totalCents: order.totalCents,
    paidAt: order.paidAt!,
    supportEmail: contacts.supportEmail,
    orderUrl: `${contacts.storeUrl}/account/orders`,
  });
  await queueMail(tx, { dedupeKey: `order-paid:${order.id}`, to: order.customerEmail, ...mail });
}
