import { inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { executePrepared, type Database } from "../../db/client.server";
import { containsPattern } from "../../lib/like-pattern";
import { products } from "../../db/schema.server";
import { currentCatalogIndex, type BrandOption, type IndexedProduct } from "./catalog-index.server";
import type { CatalogFilters } from "./catalog-filters";
import type { ProductCard } from "./product-card";
import { productCardColumns } from "./product-card-columns.server";

export const CATALOG_PAGE_SIZE = 24;

export interface CatalogPage {
  products: ProductCard[];
  /** Products matching the filters. */
  matching: number;
  /** Products in the whole catalogue. */
  total: number;
  page: number;
  pageCount: number;
  /** The position of the page's first product among those matching: 1 on the first page. */
  firstPosition: number;
  /** The category filter's options: the distinct categories of the products. */
  categories: string[];
  /** The brand filter's options: the distinct brands of the products, with their counts. */
  brands: BrandOption[];
}

/**
 * One page of the catalogue's listing, filtered over the catalogue index (exact counts, any page
 * as cheap as the first); only the page's own products are read from the database.
 */
export async function searchProducts(db: Database, filters: CatalogFilters): Promise<CatalogPage> {
  const [index, searchName] = await Promise.all([
    currentCatalogIndex(db),
    filters.search ? searchText(db, filters.search) : undefined,
  ]);
  // A substring of the names' search_text: what nameContains's LIKE, wildcards escaped, matches.
  const matches = index.products.filter(
    (product) =>
      (searchName === undefined || product.searchName.includes(searchName)) &&
      sellsWithin(product, filters.minPriceCents ?? 0, filters.maxPriceCents ?? Infinity) &&
      (filters.category === undefined || product.category === filters.category) &&
      (filters.brand === undefined || product.brand === filters.brand),
  );
  // A stable sort: products of the same price keep the listing's order, newest first.
  if (filters.sort === "price-asc") matches.sort((a, b) => a.priceCents - b.priceCents);
  if (filters.sort === "price-desc") matches.sort((a, b) => b.priceCents - a.priceCents);
  const pageCount = Math.max(1, Math.ceil(matches.length / CATALOG_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const skipped = (page - 1) * CATALOG_PAGE_SIZE;
  const pageIds = matches.slice(skipped, skipped + CATALOG_PAGE_SIZE).map((product) => product.id);
  return {
    products: await productCards(db, pageIds),
    matching: matches.length,
    total: index.products.length,
    page,
    pageCount,
    firstPosition: skipped + 1,
    categories: index.categories,
    brands: index.brands,
  };
}

/**
 * Whether any of the product's active variants costs from `minCents` to `maxCents`. Run on every
 * product of the catalogue: no function is made per product (that made a listing several times
 * slower).
 */
function sellsWithin(product: IndexedProduct, minCents: number, maxCents: number): boolean {
  if (product.priceCents >= minCents && product.priceCents <= maxCents) return true;
  if (product.priceMaxCents >= minCents && product.priceMaxCents <= maxCents) return true;
  return (
    product.middlePrices !== null &&
    product.middlePrices.some((price) => price >= minCents && price <= maxCents)
  );
}

/** `text` as names are compared: lower case without accents, by the database's search_text. */
async function searchText(db: Database, text: string): Promise<string> {
  const [row] = await executePrepared<{ text: string }>(
    db,
    "catalog_search_text",
    sql`select search_text(${text}) as text`,
  );
  return row!.text;
}

/** The cards of these products, in this order. */
async function productCards(db: Database, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(productCardColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A product deleted since the index was read is left out.
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Products whose name contains `search`, ignoring case and accents, with LIKE's wildcards taken
 * literally: served by the trigram index on search_text(name). The admin's product search; the
 * catalogue matches the same search_text over its index in memory.
 */
export function nameContains(search: string): SQL {
  return textContains(products.name, search);
}

/** A text column containing `search`, ignoring case and accents, LIKE's wildcards taken literally. */
export function textContains(column: AnyPgColumn, search: string): SQL {
  return sql`search_text(${column}) like search_text(${containsPattern(search)})`;
}
