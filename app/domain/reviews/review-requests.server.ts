import { and, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { signedLinks, type LinkCheck } from "../../config/signed-links.server";
import { mailOutbox, orderItems, orders, productReviews, products } from "../../db/schema.server";
import { queueMail } from "../../mail/outbox.server";
import { reviewRequestMail } from "../../mail/review-request";
import { customerContact } from "../accounts/customer-contact.server";
import { acceptsMarketing, unsubscribeOf, type LinkEnv } from "../marketing/marketing-consent.server";
import type { ReminderDeps } from "../marketing/payment-reminders.server";
import { currentStoreSettings } from "../store-settings/store-settings.server";
import { keptPurchaseLines } from "./customer-reviews.server";

/** Where a review request's link leads: the form of one product, for the customer it was sent to. */
const REVIEW_LINK_PATH = "/avaliar";
const LINK_DAYS = 60;
/** Deliveries older than this are not asked about: a store turning requests on does not write to every past buyer. */
const LOOKBACK_DAYS = 30;
const BATCH = 20;
/** The outbox key of an order's review request: one per order. */
const REQUEST_KEY = "review-request:";
const DAY_MS = 86_400_000;

export const REVIEW_LINK_MESSAGES = {
  altered: "Este link de avaliação foi alterado ou está incompleto.",
  expired: "Este link de avaliação expirou: avalie o produto em Minha conta → Avaliações.",
} as const;

const reviewLinks = (env: LinkEnv) => signedLinks(env, "review-request");

/** The customer and product a review request's link was written for, or why it cannot be used. */
export function checkReviewLink(
  env: LinkEnv,
  token: string,
): { ok: true; userId: string; productId: number } | { ok: false; message: string } {
  const check: LinkCheck = reviewLinks(env).check(token);
  if (!check.ok) return { ok: false, message: REVIEW_LINK_MESSAGES[check.reason] };
  const [userId, productId] = check.subject.split(" ");
  return { ok: true, userId: userId!, productId: Number(productId) };
}

/** A line of a kept purchase whose product its customer has not reviewed. */
const unreviewedLine = and(
  keptPurchaseLines,
  isNotNull(orderItems.productId),
  sql`not exists (select 1 from ${productReviews} where ${productReviews.productId} = ${orderItems.productId} and ${productReviews.userId} = ${orders.userId})`,
);

/**
 * Queues the review requests that are due (issue 55): once per order delivered `requestDays` ago
 * (within the last month), to a customer who takes marketing e-mails, naming each product of it
 * they have not reviewed, each with a signed link straight to its form.
 */
export async function queueReviewRequests(deps: ReminderDeps, now = new Date()): Promise<number> {
  const { requestDays } = (await currentStoreSettings(deps.db, deps.env)).settings.reviews;
  if (requestDays === 0) return 0;
  const deliveredBy = new Date(now.getTime() - requestDays * DAY_MS);
  const due = await deps.db
    .selectDistinct({ id: orders.id, userId: orders.userId })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        lte(orders.deliveredAt, deliveredBy),
        gt(orders.deliveredAt, new Date(deliveredBy.getTime() - LOOKBACK_DAYS * DAY_MS)),
        isNull(orders.hiddenByCustomerAt),
        acceptsMarketing(orders.userId),
        unreviewedLine,
        sql`not exists (select 1 from ${mailOutbox} where ${mailOutbox.dedupeKey} = ${REQUEST_KEY}::text || ${orders.id})`,
      ),
    )
    .limit(BATCH);
  const store = await deps.store();
  let queued = 0;
  for (const order of due) {
    const userId = order.userId!;
    const customer = await customerContact(deps.db, userId);
    if (!customer) continue;
    const lines = await deps.db
      .selectDistinct({ productId: products.id, name: products.name })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(and(eq(orderItems.orderId, order.id), unreviewedLine));
    const expiresAt = new Date(now.getTime() + LINK_DAYS * DAY_MS);
    const unsubscribe = unsubscribeOf(deps.env, store.url, userId, now);
    const mail = reviewRequestMail({
      orderId: order.id,
      customerName: customer.firstName,
      products: lines.map((line) => ({
        name: line.name,
        reviewUrl: `${store.url}${REVIEW_LINK_PATH}?t=${reviewLinks(deps.env).sign(`${userId} ${line.productId}`, expiresAt)}`,
      })),
      store: store.settings,
      unsubscribeUrl: unsubscribe.url,
    });
    const sent = await queueMail(deps.db, {
      dedupeKey: `${REQUEST_KEY}${order.id}`,
      to: customer.email,
      ...mail,
      headers: unsubscribe.headers,
    });
    if (sent) queued += 1;
  }
  return queued;
}
