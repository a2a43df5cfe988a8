import { and, desc, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products } from "../../db/schema.server";
import { FEATURED_PRODUCTS_MAX } from "../store-settings/settings-schema";
import type { ProductCard } from "./product-card";
import { productCardColumns, productInStock } from "./product-card-columns.server";

/**
 * The home page's featured products: those the owner chose (Configurações da loja), in the
 * owner's order, leaving out any deleted or sold out since; with none chosen (or none of them
 * left), the newest of each category.
 */
export async function listFeaturedProducts(
  db: Database,
  chosenIds: readonly number[],
): Promise<ProductCard[]> {
  if (chosenIds.length === 0) return listNewestPerCategory(db);
  const ids = chosenIds.slice(0, FEATURED_PRODUCTS_MAX);
  const found = await db
    .select(productCardColumns)
    .from(products)
    .where(and(inArray(products.id, ids), productInStock));
  const byId = new Map(found.map((product) => [product.id, product]));
  const chosen = ids.flatMap((id) => byId.get(id) ?? []);
  return chosen.length > 0 ? chosen : listNewestPerCategory(db);
}

/**
 * The newest product in stock of each category, the most valuable of those first, so the shop
 * window shows its range.
 */
function listNewestPerCategory(db: Database): Promise<ProductCard[]> {
  const newestPerCategory = db
    .selectDistinctOn([products.category], productCardColumns)
    .from(products)
    .where(productInStock)
    .orderBy(products.category, desc(products.createdAt), desc(products.id))
    .as("newest_per_category");
  return db
    .select()
    .from(newestPerCategory)
    .orderBy(desc(newestPerCategory.priceCents), desc(newestPerCategory.id))
    .limit(FEATURED_PRODUCTS_MAX);
}
