import { and, eq, gt, inArray, isNotNull, isNull, lte, not, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { mailOutbox, orders, payments, type OutboxAttachment } from "../../db/schema.server";
import { queueMail } from "../../mail/outbox.server";
import { paymentReminderMail, type AwaitedPayment } from "../../mail/payment-reminder";
import { qrCodePngBase64 } from "../payments/qr-code.server";
import { payNowPath } from "../orders/customer-orders.server";
import { paidOrder } from "../orders/paid.server";
import type { OrderMailStore } from "../orders/order-mail-store.server";
import { currentStoreSettings } from "../store-settings/store-settings.server";
import type { SettingsVariables } from "../store-settings/default-settings";
import { acceptsMarketing, unsubscribeOf, type LinkEnv } from "./marketing-consent.server";

export interface ReminderDeps {
  db: Database;
  env: LinkEnv & SettingsVariables;
  store: () => Promise<OrderMailStore>;
}

const BATCH = 20;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Each module of the e-mail's QR code, in pixels: 240 px or so for a usual BR Code. */
const QR_PIXELS_PER_MODULE = 5;
/** The boleto statuses that may yet be paid (Mercado Pago's). */
const OPEN_BOLETO = ["pending", "in_process"] as const;

/** The outbox key of an order's reminder: one per order. */
const REMINDER_KEY = "payment-reminder:";

/**
 * Queues one reminder for each order waiting for its payment (issue 55, point 3): a PIX some
 * minutes after the order was placed, while its code is valid; a boleto some days before its due
 * date. Never for an order paid or cancelled, a customer who opted out, or twice: the reminder's
 * outbox key is the order's, so several store processes running this at once queue it once.
 */
export async function queuePaymentReminders(deps: ReminderDeps, now = new Date()): Promise<number> {
  const { reminders } = (await currentStoreSettings(deps.db, deps.env)).settings;
  const waiting = and(
    eq(orders.status, "pending"),
    not(paidOrder),
    isNull(orders.hiddenByCustomerAt),
    isNotNull(orders.userId),
    acceptsMarketing(orders.userId),
    sql`not exists (select 1 from ${mailOutbox} where ${mailOutbox.dedupeKey} = ${REMINDER_KEY}::text || ${orders.id})`,
  );
  const pix =
    reminders.pixAfterMinutes === 0
      ? []
      : await deps.db
          .select()
          .from(orders)
          .where(
            and(
              waiting,
              eq(orders.paymentMethod, "pix"),
              isNotNull(orders.pixBrCode),
              gt(orders.paymentExpiresAt, now),
              lte(orders.createdAt, new Date(now.getTime() - reminders.pixAfterMinutes * MINUTE_MS)),
            ),
          )
          .limit(BATCH);
  const boletos =
    reminders.boletoDaysBefore === 0
      ? []
      : await deps.db
          .select({ order: orders, dueAt: payments.boletoDueAt, digitableLine: payments.boletoDigitableLine })
          .from(orders)
          .innerJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.mirrorsOrder, true)))
          .where(
            and(
              waiting,
              eq(orders.paymentMethod, "card"),
              eq(orders.cardPaymentType, "ticket"),
              inArray(orders.cardPaymentStatus, [...OPEN_BOLETO]),
              gt(payments.boletoDueAt, now),
              lte(payments.boletoDueAt, new Date(now.getTime() + reminders.boletoDaysBefore * DAY_MS)),
            ),
          )
          .limit(BATCH);

  const store = await deps.store();
  let queued = 0;
  const remind = async (
    order: typeof orders.$inferSelect,
    payment: AwaitedPayment,
    attachments: OutboxAttachment[] = [],
  ) => {
    const payPath = payNowPath(order, now);
    if (!payPath) return;
    const unsubscribe = unsubscribeOf(deps.env, store.url, order.userId!, now);
    const mail = paymentReminderMail({
      orderId: order.id,
      customerName: order.customerName,
      totalCents: order.totalCents,
      payment,
      payUrl: `${store.url}${payPath}`,
      store: store.settings,
      unsubscribeUrl: unsubscribe.url,
    });
    const sent = await queueMail(deps.db, {
      dedupeKey: `${REMINDER_KEY}${order.id}`,
      to: order.customerEmail,
      ...mail,
      headers: unsubscribe.headers,
      attachments,
    });
    if (sent) queued += 1;
  };
  for (const order of pix) {
    const qrCodeCid = `pix-${order.id}@vitrine`;
    await remind(
      order,
      { method: "pix", brCode: order.pixBrCode!, expiresAt: order.paymentExpiresAt!, qrCodeCid },
      [
        {
          cid: qrCodeCid,
          filename: "pix.png",
          contentType: "image/png",
          base64: qrCodePngBase64(order.pixBrCode!, QR_PIXELS_PER_MODULE),
        },
      ],
    );
  }
  for (const { order, dueAt, digitableLine } of boletos) {
    await remind(order, { method: "boleto", dueAt: dueAt!, digitableLine });
  }
  return queued;
}
