import { and, desc, eq, isNull, lt, notInArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { orderItems, orders, productReviews, products } from "../../db/schema.server";
import { endOfWorkingDaysAfter } from "../../lib/dates";
import { customerContact } from "../accounts/customer-contact.server";
import { customerOrder, promisedArrival } from "../orders/customer-orders.server";
import { paidColumns, paidOrder } from "../orders/paid.server";
import { REVIEW_MESSAGES, type ReviewForm } from "./review-schema";

/** An order that was paid for and then undone, or is being: its products cannot be reviewed. */
const UNDONE_STATUSES = ["cancelled", "return_requested", "returned"] as const;

/**
 * The order lines that count for a review: of paid orders, neither cancelled, withdrawn nor
 * returned, with at least one unit kept.
 */
export const keptPurchaseLines: SQL = and(
  paidOrder,
  notInArray(orders.status, [...UNDONE_STATUSES]),
  isNull(orders.withdrawalRequestedAt),
  lt(orderItems.returnedQuantity, orderItems.quantity),
)!;

/** The customer's purchases that count for a review: checked on the server for every review written. */
function keptPurchases(userId: string): SQL {
  return and(customerOrder(userId), keptPurchaseLines)!;
}

/** The city of the customer's latest kept purchase of the product, or null when they have none. */
async function purchaseCity(
  db: Database,
  userId: string,
  productId: number,
): Promise<string | null | undefined> {
  const [purchase] = await db
    .select({ city: sql<string | null>`${orders.shippingAddress} ->> 'city'` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(keptPurchases(userId), eq(orderItems.productId, productId)))
    .orderBy(desc(orders.paidAt))
    .limit(1);
  return purchase ? purchase.city : undefined;
}

export type ReviewOutcome = { ok: true; status: "pending" | "published" } | { ok: false; message: string };

/**
 * A customer's first review of a product: only for a product they bought (kept purchase), once per
 * product. Published at once, or waiting for the admin when the store approves reviews first.
 */
export async function writeReview(
  db: Database,
  input: { userId: string; productId: number; form: ReviewForm; approveFirst: boolean },
): Promise<ReviewOutcome> {
  const city = await purchaseCity(db, input.userId, input.productId);
  if (city === undefined) return { ok: false, message: REVIEW_MESSAGES.notBuyer };
  const status = input.approveFirst ? "pending" : "published";
  const inserted = await db
    .insert(productReviews)
    .values({
      productId: input.productId,
      userId: input.userId,
      ...input.form,
      authorName: (await customerContact(db, input.userId))?.firstName ?? "Cliente",
      authorCity: city,
      status,
    })
    .onConflictDoNothing()
    .returning({ id: productReviews.id });
  if (inserted.length === 0) return { ok: false, message: REVIEW_MESSAGES.alreadyReviewed };
  return { ok: true, status };
}

/**
 * The customer's own review, rewritten. What the store hid, or has yet to approve, waits for the
 * admin again; with reviews published at once, an edit of a shown review stays shown.
 */
export async function editReview(
  db: Database,
  input: { userId: string; reviewId: number; form: ReviewForm; approveFirst: boolean },
): Promise<ReviewOutcome> {
  const [edited] = await db
    .update(productReviews)
    .set({
      ...input.form,
      status: input.approveFirst
        ? sql`'pending'`
        : sql`case when ${productReviews.status} = 'hidden' then 'pending' else 'published' end`,
      updatedAt: new Date(),
    })
    .where(and(eq(productReviews.id, input.reviewId), eq(productReviews.userId, input.userId)))
    .returning({ status: productReviews.status });
  if (!edited) return { ok: false, message: REVIEW_MESSAGES.notFound };
  return { ok: true, status: edited.status === "published" ? "published" : "pending" };
}

/** Only the customer's own review; deleting one already gone changes nothing. */
export async function deleteReview(db: Database, userId: string, reviewId: number): Promise<void> {
  await db
    .delete(productReviews)
    .where(and(eq(productReviews.id, reviewId), eq(productReviews.userId, userId)));
}

export interface ProductToReview {
  productId: number;
  name: string;
  image: string;
}

export interface OwnReview {
  id: number;
  productId: number;
  productName: string;
  productImage: string;
  rating: number;
  title: string;
  body: string;
  status: "pending" | "published" | "hidden";
  reply: string | null;
  createdAt: Date;
}

const ownReviewColumns = {
  id: productReviews.id,
  productId: productReviews.productId,
  productName: products.name,
  productImage: products.image,
  rating: productReviews.rating,
  title: productReviews.title,
  body: productReviews.body,
  status: productReviews.status,
  reply: productReviews.reply,
  createdAt: productReviews.createdAt,
};

/** The customer's reviews, the latest first. */
export function ownReviews(db: Database, userId: string): Promise<OwnReview[]> {
  return db
    .select(ownReviewColumns)
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(eq(productReviews.userId, userId))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id));
}

/**
 * 'Produtos para Avaliar': the products of the customer's kept purchases not reviewed yet, once
 * the parcel arrived, or once the delivery promised (the freight's days, or the store's delivery
 * time for an order without a quote) has passed since the payment. The latest purchase first.
 */
export async function productsToReview(
  db: Database,
  userId: string,
  input: { deliveryDays: number; now: Date },
): Promise<ProductToReview[]> {
  const bought = await db
    .select({
      productId: products.id,
      name: products.name,
      image: products.image,
      status: orders.status,
      paidAt: orders.paidAt,
      deliveredAt: orders.deliveredAt,
      deliveryDueAt: orders.deliveryDueAt,
      freight: orders.freight,
      ...paidColumns,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(
      productReviews,
      and(eq(productReviews.productId, orderItems.productId), eq(productReviews.userId, userId)),
    )
    .where(and(keptPurchases(userId), isNull(productReviews.id)))
    .orderBy(desc(orders.paidAt));
  const arrived = (order: (typeof bought)[number]) =>
    order.deliveredAt !== null ||
    order.status === "delivered" ||
    order.status === "completed" ||
    (promisedArrival(order) ?? endOfWorkingDaysAfter(order.paidAt!, input.deliveryDays)) < input.now;
  const seen = new Set<number>();
  return bought.filter(arrived).flatMap(({ productId, name, image }) => {
    if (seen.has(productId)) return [];
    seen.add(productId);
    return [{ productId, name, image }];
  });
}

/**
 * What the review form of one product shows the customer: the product, their review of it if they
 * wrote one, and whether they may write one (a kept purchase of it). Null for no such product.
 */
export async function reviewFormOf(db: Database, userId: string, productId: number) {
  const [product] = await db
    .select({ id: products.id, name: products.name, image: products.image })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  const [review] = await db
    .select(ownReviewColumns)
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)));
  const bought = (await purchaseCity(db, userId, productId)) !== undefined;
  return { product, review: review ?? null, bought };
}
