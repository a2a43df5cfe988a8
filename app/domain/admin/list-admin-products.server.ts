import { count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products, productVariants } from "../../db/schema.server";
import { nameContains } from "../catalog/search-products.server";
import type { AdminProductRow } from "./admin-product";
import { ADMIN_PAGE_SIZE, pageWithin, type ListingQuery } from "./listing";

export interface AdminProductsPage {
  products: AdminProductRow[];
  matching: number;
  page: number;
  pageCount: number;
}

/**
 * The panel's product list, newest first, with each product's stock (its active variants'),
 * variant count and whether a variant has no weight, 20 a page; a page past the last shows the last. The name search is the catalogue's (case- and accent-insensitive, on the trigram index).
 */
export async function listAdminProducts(db: Database, query: ListingQuery): Promise<AdminProductsPage> {
  const where = query.q ? nameContains(query.q) : undefined;
  const [matching] = await db.select({ value: count() }).from(products).where(where);
  const { page, pageCount } = pageWithin(query.page, matching!.value);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      priceCents: products.priceCents,
      priceMaxCents: products.priceMaxCents,
      stock: sql<number>`coalesce(sum(${productVariants.stock}) filter (where ${productVariants.active}), 0)::int`,
      variantCount: sql<number>`count(${productVariants.id})::int`,
      image: products.image,
      // A variant weighed by neither itself nor its product ships at the store's default parcel.
      weightMissing: sql<boolean>`coalesce(bool_or(${products.weightGrams} is null and ${productVariants.weightGrams} is null), false)`,
    })
    .from(products)
    .leftJoin(productVariants, eq(productVariants.productId, products.id))
    .where(where)
    .groupBy(products.id)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { products: rows, matching: matching!.value, page, pageCount };
}
