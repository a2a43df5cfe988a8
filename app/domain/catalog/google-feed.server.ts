import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { productImages, products, productVariants } from "../../db/schema.server";
import type { FeedVariant } from "./google-feed";

/** Variants read per statement: a 100,000-product catalogue streams in a few hundred batches. */
export const FEED_BATCH_SIZE = 1000;

/** The variants on sale after `afterVariantId`, in id order (one batch of the feed). */
export function feedVariantsAfter(db: Database, afterVariantId: number): Promise<FeedVariant[]> {
  return db
    .select({
      variantId: productVariants.id,
      sku: productVariants.sku,
      optionValues: productVariants.optionValues,
      priceCents: productVariants.priceCents,
      compareAtCents: productVariants.compareAtCents,
      stock: productVariants.stock,
      gtin: productVariants.gtin,
      productId: products.id,
      name: products.name,
      description: products.description,
      brand: products.brand,
      options: products.options,
      image: sql<string>`coalesce((
        select ${productImages.imageUrl} from ${productImages}
        where ${productImages.variantId} = ${productVariants.id}
        order by ${productImages.displayOrder}, ${productImages.id} limit 1), ${products.image})`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.active, true), gt(productVariants.id, afterVariantId)))
    .orderBy(asc(productVariants.id))
    .limit(FEED_BATCH_SIZE);
}
