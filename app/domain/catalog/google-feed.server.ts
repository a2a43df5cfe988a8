import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { productImages, products, productVariants, promotions } from "../../db/schema.server";
import { photoOfProduct, photoOfVariant } from "./photo-owner.server";
import { PLACEHOLDER_IMAGE } from "./product-card";
import type { FeedVariant } from "./google-feed";
import { variantOnSale } from "./variant-on-sale.server";

/** Variants read per statement: a 100,000-product catalogue streams in a few hundred batches. */
export const FEED_BATCH_SIZE = 1000;

/**
 * The variant's picture as its page leads with it: its own first photo, else the product's cover,
 * else the first photo of the product's gallery. None for a product without any photo: Google
 * refuses an item whose image is a placeholder, so such a variant is left out of the feed.
 */
const variantPicture = sql<string>`coalesce(
  (select ${productImages.imageUrl} from ${productImages}
    where ${photoOfVariant()}
    order by ${productImages.displayOrder}, ${productImages.id} limit 1),
  nullif(${products.image}, ${PLACEHOLDER_IMAGE}),
  (select ${productImages.imageUrl} from ${productImages}
    where ${productImages.productId} = ${products.id} and ${photoOfProduct}
    order by ${productImages.displayOrder}, ${productImages.id} limit 1))`;

/** The variants on sale that have a picture, after `afterVariantId`, in id order (one batch of the feed). */
export function feedVariantsAfter(db: Database, afterVariantId: number): Promise<FeedVariant[]> {
  return db
    .select({
      variantId: productVariants.id,
      sku: productVariants.sku,
      optionValues: productVariants.optionValues,
      priceCents: productVariants.salePriceCents,
      compareAtCents: productVariants.formerPriceCents,
      promotionStartsAt: promotions.startsAt,
      promotionEndsAt: promotions.endsAt,
      stock: productVariants.stock,
      gtin: productVariants.gtin,
      productId: products.id,
      name: products.name,
      description: products.description,
      brand: products.brand,
      options: products.options,
      image: variantPicture,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(promotions, eq(promotions.id, productVariants.promotionId))
    .where(and(variantOnSale, gt(productVariants.id, afterVariantId), isNotNull(variantPicture)))
    .orderBy(asc(productVariants.id))
    .limit(FEED_BATCH_SIZE);
}
