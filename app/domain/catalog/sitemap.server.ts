import { and, asc, count, eq, max, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products, productVariants } from "../../db/schema.server";

/** Under the protocol's limit of 50,000 URLs per file, leaving room for the fixed pages. */
export const SITEMAP_PAGES_PER_FILE = 45_000;

/**
 * Products joined to their pages: a product sold without options is one page; one sold with
 * options is one page per variant on sale (each its own canonical address), or its bare page
 * when none is.
 */
const pageOfVariant = and(
  eq(productVariants.productId, products.id),
  eq(productVariants.active, true),
  sql`jsonb_array_length(${products.options}) > 0`,
);

export async function sitemapSummary(db: Database): Promise<{ pages: number; lastModified: Date | null }> {
  const [row] = await db
    .select({ pages: count(), lastModified: max(products.updatedAt) })
    .from(products)
    .leftJoin(productVariants, pageOfVariant);
  return row!;
}

/** One sitemap file's catalogue pages (1-based part), in product then variant order. */
export function sitemapPages(db: Database, part: number) {
  return db
    .select({ productId: products.id, variantId: productVariants.id, updatedAt: products.updatedAt })
    .from(products)
    .leftJoin(productVariants, pageOfVariant)
    .orderBy(asc(products.id), asc(productVariants.id))
    .limit(SITEMAP_PAGES_PER_FILE)
    .offset((part - 1) * SITEMAP_PAGES_PER_FILE);
}
