import { and, isNull, sql, type SQL } from "drizzle-orm";
import type { Transaction } from "../../db/client.server";
import { orders } from "../../db/schema.server";
import { disputeNoticeMail } from "../../mail/dispute-notice";
import { queueMail } from "../../mail/outbox.server";
import type { DisputeNews } from "../payments/dispute-news";
import type { OrderMailStore } from "./order-mail-store.server";
import { paidOrder } from "./paid.server";
import { paymentMethodLabel } from "./payment-method";

/**
 * Flags the paid order `which` selects as disputed, in the caller's transaction: when it was first
 * reported (kept) and the news's reason, and queues an e-mail to the store's support address once
 * per reason. Nothing is refunded: the shop answers the dispute at its provider. Answers whether
 * the order changed; news already recorded, or about an order not paid, changes nothing.
 */
export async function recordDispute(
  tx: Transaction,
  which: SQL,
  news: DisputeNews,
  store: OrderMailStore,
): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ disputedAt: sql`coalesce(${orders.disputedAt}, now())`, disputeReason: news.reason })
    .where(
      and(
        which,
        paidOrder,
        news.opens ? isNull(orders.disputedAt) : sql`${orders.disputeReason} is distinct from ${news.reason}`,
      ),
    )
    .returning();
  if (!order) return false;
  const mail = disputeNoticeMail({
    orderId: order.id,
    reason: news.reason,
    totalCents: order.totalCents,
    paymentMethod: paymentMethodLabel(order),
    store: store.settings,
    orderUrl: `${store.url}/admin/orders/${order.id}`,
  });
  await queueMail(tx, {
    dedupeKey: `order-dispute:${order.id}:${news.reason}`,
    to: store.settings.contacts.supportEmail,
    ...mail,
  });
  return true;
}
