import { z } from "zod";
import { parseBRLToCents } from "../../lib/money";
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

/** A typed price in reais as centavos; anything else, negatives included, is no filter at all. */
function parsePriceFilter(value: string): number | undefined {
  const cents = parseBRLToCents(value);
  return cents === null ? undefined : Math.min(cents, MAX_PRICE_CENTS);
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
