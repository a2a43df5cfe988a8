import { asc, count, max } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products } from "../../db/schema.server";

/** Under the protocol's limit of 50,000 URLs per file, leaving room for the fixed pages. */
export const SITEMAP_PRODUCTS_PER_FILE = 45_000;

export async function sitemapSummary(db: Database): Promise<{ products: number; lastModified: Date | null }> {
  const [row] = await db.select({ products: count(), lastModified: max(products.updatedAt) }).from(products);
  return { products: row!.products, lastModified: row!.lastModified };
}

/** One sitemap file's products (1-based part), in id order. */
export function sitemapProducts(db: Database, part: number) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.id))
    .limit(SITEMAP_PRODUCTS_PER_FILE)
    .offset((part - 1) * SITEMAP_PRODUCTS_PER_FILE);
}
