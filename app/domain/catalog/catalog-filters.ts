import { formatCentsAsTyped, parseBRLToCents } from "../../lib/money";

/** What a catalogue listing is filtered by, as the search reads it. */
export interface CatalogFilters {
  /** Name search: case- and accent-insensitive substring. */
  search?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  category?: string;
  brand?: string;
  sort: CatalogSort;
  /** 1-based. */
  page: number;
}

/**
 * The listing's orders: newest first (the default), or by the lowest price a product sells at,
 * the one its card shows; products of the same price stay newest first.
 */
export const CATALOG_SORTS = {
  newest: { param: "", label: "Mais recentes" },
  "price-asc": { param: "menor-preco", label: "Menor preço" },
  "price-desc": { param: "maior-preco", label: "Maior preço" },
} as const;

export type CatalogSort = keyof typeof CATALOG_SORTS;

function readSort(value: string | null): CatalogSort {
  const sort = Object.entries(CATALOG_SORTS).find(([, { param }]) => param !== "" && param === value);
  return (sort?.[0] as CatalogSort | undefined) ?? "newest";
}

/**
 * The catalogue's filters as they appear in the URL query, so a filtered list is a link. Read
 * into one canonical form: every spelling of the same listing reads the same.
 */
export interface CatalogQuery {
  q: string;
  /** A price in reais as typed ("10", "10,50"), or "" for no limit. */
  min: string;
  max: string;
  /** "" for every category. */
  category: string;
  /** "" for every brand. */
  brand: string;
  sort: CatalogSort;
  /** 1-based. */
  page: number;
}

const MAX_TEXT = 100;
const MAX_PRICE_CENTS = 100_000_000;
const MAX_PAGE = 100_000;

function readText(value: string | null): string {
  return (value ?? "").slice(0, MAX_TEXT).trim();
}

/** A typed price in reais; anything else, negatives included, is no limit at all. */
function readPrice(value: string | null): string {
  const cents = parseBRLToCents(readText(value));
  return cents === null ? "" : formatCentsAsTyped(Math.min(cents, MAX_PRICE_CENTS));
}

function readPage(value: string | null): number {
  const page = /^\d+$/.test(value ?? "") ? Number(value) : 1;
  return Math.min(Math.max(page, 1), MAX_PAGE);
}

export function readCatalogQuery(searchParams: URLSearchParams): CatalogQuery {
  const category = readText(searchParams.get("category"));
  const brand = readText(searchParams.get("brand"));
  return {
    q: readText(searchParams.get("q")),
    min: readPrice(searchParams.get("min")),
    max: readPrice(searchParams.get("max")),
    category: category === "all" ? "" : category,
    brand: brand === "all" ? "" : brand,
    sort: readSort(searchParams.get("sort")),
    page: readPage(searchParams.get("page")),
  };
}

/** The query string of a listing in its one spelling: fixed order, defaults left out. */
export function catalogSearch(query: CatalogQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.min) params.set("min", query.min);
  if (query.max) params.set("max", query.max);
  if (query.category) params.set("category", query.category);
  if (query.brand) params.set("brand", query.brand);
  if (query.sort !== "newest") params.set("sort", CATALOG_SORTS[query.sort].param);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Empty minimum = 0, empty maximum = unlimited. */
export function toCatalogFilters(query: CatalogQuery): CatalogFilters {
  return {
    search: query.q || undefined,
    minPriceCents: parseBRLToCents(query.min) ?? undefined,
    maxPriceCents: parseBRLToCents(query.max) ?? undefined,
    category: query.category || undefined,
    brand: query.brand || undefined,
    sort: query.sort,
    page: query.page,
  };
}

/**
 * The spec's 'Exibindo X de Y produtos': what matches of the whole catalogue, when it fits on one
 * page; over several pages, which of those matching the page shows ('Exibindo 25–48 de 60 produtos').
 */
export function catalogShownText(listing: {
  matching: number;
  total: number;
  pageCount: number;
  firstPosition: number;
  products: readonly unknown[];
}): string {
  const { matching, total, pageCount, firstPosition, products } = listing;
  if (pageCount === 1) return `Exibindo ${matching} de ${total} produtos`;
  return `Exibindo ${firstPosition}–${firstPosition + products.length - 1} de ${matching} produtos`;
}
