import { desc, gt } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products } from "../../db/schema.server";
import type { ProductCard } from "./product-card";
import { productCardColumns } from "./product-card-columns.server";

export const FEATURED_PRODUCTS_LIMIT = 6;

/**
 * The home page's featured products (at most six): the newest product in stock of each
 * category, the most valuable of those first, so the shop window shows its range.
 */
export function listFeaturedProducts(db: Database): Promise<ProductCard[]> {
  const newestPerCategory = db
    .selectDistinctOn([products.category], productCardColumns)
    .from(products)
    .where(gt(products.stock, 0))
    .orderBy(products.category, desc(products.createdAt), desc(products.id))
    .as("newest_per_category");
  return db
    .select()
    .from(newestPerCategory)
    .orderBy(desc(newestPerCategory.priceCents), desc(newestPerCategory.id))
    .limit(FEATURED_PRODUCTS_LIMIT);
}
