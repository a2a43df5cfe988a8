import { and, asc, count, eq, max, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products, productVariants } from "../../db/schema.server";
import { variantOnSale } from "./variant-on-sale.server";

/** Under the protocol's limit of 50,000 URLs per file, leaving room for the fixed pages. */
export const SITEMAP_PAGES_PER_FILE = 45_000;

/**
 * The pages of the products on sale: a product sold without options is one page (its one
 * variant's); one sold with options, one page per variant on sale, each its own canonical address.
 * A product none of whose variants is on sale has none, as in the shopping feed.
 */
const variantsOnSale = and(eq(productVariants.productId, products.id), variantOnSale);
const pageVariantId = sql<
  number | null
>`case when jsonb_array_length(${products.options}) > 0 then ${productVariants.id} end`;

export async function sitemapSummary(db: Database): Promise<{ pages: number; lastModified: Date | null }> {
  const [row] = await db
    .select({ pages: count(), lastModified: max(products.updatedAt) })
    .from(products)
    .innerJoin(productVariants, variantsOnSale);
  return row!;
}

/** One sitemap file's catalogue pages (1-based part), in product then variant order. */
export function sitemapPages(db: Database, part: number) {
  return db
    .select({ productId: products.id, variantId: pageVariantId, updatedAt: products.updatedAt })
    .from(products)
    .innerJoin(productVariants, variantsOnSale)
    .orderBy(asc(products.id), asc(productVariants.id))
    .limit(SITEMAP_PAGES_PER_FILE)
    .offset((part - 1) * SITEMAP_PAGES_PER_FILE);
}
