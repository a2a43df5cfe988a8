import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { productReviews, reviewVotes } from "../../db/schema.server";
import type { PublishedReview, ReviewSummary } from "./published-review";
import type { ReviewOrder } from "./review-schema";

/** How many reviews a product page shows; its summary counts them all. */
const REVIEWS_SHOWN = 20;

/** What every place that shows a published review reads of it (the product page, the ratings feed). */
export const shownReviewColumns = {
  id: productReviews.id,
  rating: productReviews.rating,
  title: productReviews.title,
  body: productReviews.body,
  authorName: productReviews.authorName,
  createdAt: productReviews.createdAt,
};

const published = (productId: number) =>
  and(eq(productReviews.productId, productId), eq(productReviews.status, "published"));

/** A product's published reviews: their summary, and the first of them in the order asked. */
export async function productReviewsOf(
  db: Database,
  productId: number,
  order: ReviewOrder,
): Promise<{ summary: ReviewSummary; reviews: PublishedReview[] }> {
  const counts = await db
    .select({ rating: productReviews.rating, count: sql<number>`count(*)`.mapWith(Number) })
    .from(productReviews)
    .where(published(productId))
    .groupBy(productReviews.rating);
  const perStar: ReviewSummary["perStar"] = [0, 0, 0, 0, 0];
  for (const { rating, count } of counts) perStar[5 - rating] = count;
  const count = perStar.reduce((sum, n) => sum + n, 0);
  const stars = perStar.reduce((sum, n, index) => sum + n * (5 - index), 0);
  const summary = { count, average: count === 0 ? 0 : Math.round((stars / count) * 10) / 10, perStar };
  if (count === 0) return { summary, reviews: [] };
  const reviews = await db
    .select({
      ...shownReviewColumns,
      authorCity: productReviews.authorCity,
      reply: productReviews.reply,
      helpfulCount: productReviews.helpfulCount,
    })
    .from(productReviews)
    .where(published(productId))
    .orderBy(
      ...(order === "uteis" ? [desc(productReviews.helpfulCount)] : []),
      desc(productReviews.createdAt),
      desc(productReviews.id),
    )
    .limit(REVIEWS_SHOWN);
  return { summary, reviews };
}

/**
 * A customer's 'Útil' on a published review of someone else: counted once per customer; a second
 * one, or one on their own review, changes nothing.
 */
export async function markHelpful(db: Database, userId: string, reviewId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [review] = await tx
      .select({ id: productReviews.id })
      .from(productReviews)
      .where(
        and(
          eq(productReviews.id, reviewId),
          eq(productReviews.status, "published"),
          ne(productReviews.userId, userId),
        ),
      );
    if (!review) return;
    const voted = await tx
      .insert(reviewVotes)
      .values({ reviewId, userId })
      .onConflictDoNothing()
      .returning({ reviewId: reviewVotes.reviewId });
    if (voted.length === 0) return;
    await tx
      .update(productReviews)
      .set({ helpfulCount: sql`${productReviews.helpfulCount} + 1` })
      .where(eq(productReviews.id, reviewId));
  });
}
