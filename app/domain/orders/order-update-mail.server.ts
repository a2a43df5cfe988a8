import { eq } from "drizzle-orm";
import type { Transaction } from "../../db/client.server";
import { orders } from "../../db/schema.server";
import { queueMail } from "../../mail/outbox.server";
import { orderUpdateMail, type OrderUpdateInput, type OrderUpdateStep } from "../../mail/order-update";
import type { OrderMailStore } from "./order-mail-store.server";

/**
 * Queues the e-mail telling the order's customer of an after-sale step, in the transaction that
 * makes the step: once per step (`occurrence` tells apart steps that happen more than once, such
 * as each refund).
 */
export async function queueOrderUpdate(
  tx: Transaction,
  store: OrderMailStore,
  orderId: string,
  step: OrderUpdateStep,
  details: Pick<OrderUpdateInput, "amountCents" | "reason" | "tracking" | "invoice"> & {
    occurrence?: string;
  } = {},
): Promise<void> {
  const [order] = await tx
    .select({ customerName: orders.customerName, customerEmail: orders.customerEmail })
    .from(orders)
    .where(eq(orders.id, orderId));
  // An erased customer's order keeps no address to write to.
  if (!order?.customerEmail) return;
  const { occurrence, ...shown } = details;
  const mail = orderUpdateMail({
    orderId,
    customerName: order.customerName,
    step,
    ...shown,
    store: store.settings,
    orderUrl: `${store.url}/account/orders`,
  });
  await queueMail(tx, {
    dedupeKey: `order-update:${orderId}:${step}${occurrence ? `:${occurrence}` : ""}`,
    to: order.customerEmail,
    ...mail,
  });
}
