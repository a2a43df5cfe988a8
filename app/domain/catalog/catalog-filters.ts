import { z } from "zod";
import type { CatalogFilters } from "./search-products.server";

/** The catalogue's filters as they appear in the URL query, so a filtered list is a link. */
export interface CatalogQuery {
  q: string;
  min: string;
  max: string;
  category: string;
}

const MAX_PRICE_CENTS = 100_000_000;
const MAX_PAGE = 100_000;

const queryText = z
  .string()
  .nullable()
  .transform((value) => (value ?? "").trim().slice(0, 100));

/**
 * A typed price in reais ("1299,90", "1299.90", "1.299,90") as centavos; anything else,
 * including negatives, is no filter at all (spec section 5: bad input never breaks the page).
 */
export function parsePriceFilter(value: string): number | undefined {
  const text = value.trim().replace(/^R\$\s*/, "");
  let decimal: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) decimal = text.replace(/\./g, "").replace(",", ".");
  else if (/^\d+([.,]\d{1,2})?$/.test(text)) decimal = text.replace(",", ".");
  else return undefined;
  return Math.min(Math.round(Number(decimal) * 100), MAX_PRICE_CENTS);
}

export function readCatalogQuery(searchParams: URLSearchParams): CatalogQuery {
  return {
    q: queryText.parse(searchParams.get("q")),
    min: queryText.parse(searchParams.get("min")),
    max: queryText.parse(searchParams.get("max")),
    category: queryText.parse(searchParams.get("category")),
  };
}

/** Empty minimum = 0, empty maximum = unlimited; the 'all' category is no category filter. */
export function toCatalogFilters(query: CatalogQuery, pageParam: string | null): CatalogFilters {
  const page = Number(pageParam);
  return {
    search: query.q || undefined,
    minPriceCents: parsePriceFilter(query.min),
    maxPriceCents: parsePriceFilter(query.max),
    category: query.category && query.category !== "all" ? query.category : undefined,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}
