import { and, isNull, sql, type SQL } from "drizzle-orm";
import type { Transaction } from "../../db/client.server";
import { orders } from "../../db/schema.server";
import { disputeNoticeMail } from "../../mail/dispute-notice";
import { queueMail } from "../../mail/outbox.server";
import type { CardPaymentStatus } from "../payments/card-provider";
import type { OrderMailStore } from "./order-mail-store.server";
import { paidOrder } from "./paid.server";
import { paymentMethodLabel } from "./payment-method";

/** What a provider reported of a dispute of a payment: the reason the panel shows. */
export interface DisputeNews {
  reason: string;
  /**
   * Whether it only says a dispute was opened: then it flags an order not flagged yet, and never
   * replaces an outcome that arrived before it (events come in any order).
   */
  opens: boolean;
}

/** Woovi's dispute events (a PIX MED), by the outcome their name ends with. */
const PIX_DISPUTE_NEWS: Record<string, DisputeNews> = {
  CREATED: { reason: "MED (PIX) — aberta no Woovi", opens: true },
  ACCEPTED: { reason: "MED (PIX) — aceita", opens: false },
  REJECTED: { reason: "MED (PIX) — rejeitada, encerrada", opens: false },
  CANCELED: { reason: "MED (PIX) — cancelada, encerrada", opens: false },
};

/** The news of a PIX dispute event (`dispute:OPENPIX:DISPUTE_CREATED`…); null for another one. */
export function pixDisputeNews(eventType: string): DisputeNews | null {
  const outcome = /DISPUTE_([A-Z]+)$/.exec(eventType)?.[1];
  return (outcome && PIX_DISPUTE_NEWS[outcome]) || null;
}

/** A card payment's statuses that tell of a dispute (Mercado Pago's). */
const CARD_DISPUTE_NEWS: Partial<Record<CardPaymentStatus, DisputeNews>> = {
  in_mediation: { reason: "Disputa aberta no Mercado Pago", opens: true },
  charged_back: { reason: "Contestação no cartão (chargeback)", opens: false },
};

/** The news a card payment's status gives of a dispute; null for a status that tells of none. */
export function cardDisputeNews(status: CardPaymentStatus): DisputeNews | null {
  return CARD_DISPUTE_NEWS[status] ?? null;
}

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
