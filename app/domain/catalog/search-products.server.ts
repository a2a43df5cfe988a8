import { and, count, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.server";
import { containsPattern } from "../../lib/like-pattern";
import { products } from "../../db/schema.server";
import type { ProductCard } from "./product-card";
import { productCardColumns } from "./product-card-columns.server";

export const CATALOG_PAGE_SIZE = 24;

export interface CatalogFilters {
  /** Name search: case- and accent-insensitive substring. */
  search?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  category?: string;
  /** 1-based. */
  page: number;
}

export interface CatalogPage {
  products: ProductCard[];
  /** Products matching the filters. */
  matching: number;
  /** Products in the whole catalogue. */
  total: number;
  page: number;
  pageCount: number;
}

export async function searchProducts(db: Database, filters: CatalogFilters): Promise<CatalogPage> {
  const where = and(...conditions(filters));
  const [[matching], [total]] = await Promise.all([
    db.select({ value: count() }).from(products).where(where),
    db.select({ value: count() }).from(products),
  ]);
  const pageCount = Math.max(1, Math.ceil(matching!.value / CATALOG_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const rows = await db
    .select(productCardColumns)
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(CATALOG_PAGE_SIZE)
    .offset((page - 1) * CATALOG_PAGE_SIZE);
  return { products: rows, matching: matching!.value, total: total!.value, page, pageCount };
}

function conditions(filters: CatalogFilters): SQL[] {
  const result: SQL[] = [];
  if (filters.search) result.push(nameContains(filters.search));
  if (filters.minPriceCents !== undefined) result.push(gte(products.priceCents, filters.minPriceCents));
  if (filters.maxPriceCents !== undefined) result.push(lte(products.priceCents, filters.maxPriceCents));
  if (filters.category) result.push(eq(products.category, filters.category));
  return result;
}

/**
 * Products whose name contains `search`, ignoring case and accents, with LIKE's wildcards taken
 * literally: served by the trigram index on search_text(name), never a scan of every name.
 */
export function nameContains(search: string): SQL {
  return textContains(products.name, search);
}

/** A text column containing `search`, ignoring case and accents, LIKE's wildcards taken literally. */
export function textContains(column: AnyPgColumn, search: string): SQL {
  return sql`search_text(${column}) like search_text(${containsPattern(search)})`;
}

/** The catalogue's category filter: the distinct categories of the products. */
export async function listCategories(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: products.category })
    .from(products)
    .orderBy(products.category);
  return rows.map((row) => row.category);
}
