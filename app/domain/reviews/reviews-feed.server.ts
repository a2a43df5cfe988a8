import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { productReviews, products, productVariants } from "../../db/schema.server";
import { shownReviewColumns } from "./product-reviews.server";
import type { FeedReview } from "./reviews-feed";

/** Reviews read per statement, as the feed is streamed. */
export const REVIEWS_FEED_BATCH = 500;

/** The published reviews after `afterId`, in id order, each with its product's SKUs and GTINs. */
export function publishedReviewsAfter(db: Database, afterId: number): Promise<FeedReview[]> {
  return db
    .select({
      ...shownReviewColumns,
      productId: products.id,
      productName: products.name,
      brand: products.brand,
      skus: sql<
        string[]
      >`coalesce((select array_agg(${productVariants.sku} order by ${productVariants.id}) from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.active}), '{}')`,
      gtins: sql<
        string[]
      >`coalesce((select array_agg(${productVariants.gtin} order by ${productVariants.id}) from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.active} and ${productVariants.gtin} is not null), '{}')`,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(and(eq(productReviews.status, "published"), gt(productReviews.id, afterId)))
    .orderBy(asc(productReviews.id))
    .limit(REVIEWS_FEED_BATCH);
}
