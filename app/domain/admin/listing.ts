/** Rows per page of the panel's lists. */
export const ADMIN_PAGE_SIZE = 20;
/** Past this, a page number is nonsense: read as the last page. */
const MAX_PAGE = 1_000_000;
const MAX_SEARCH_LENGTH = 200;

export interface ListingQuery {
  /** 1-based; the domain brings a page past the end back to the last one. */
  page: number;
  /** Trimmed search text, empty for none. */
  q: string;
}

/** The page and search of a panel list's address; anything odd reads as page 1 and no search. */
export function readListingQuery(searchParams: URLSearchParams): ListingQuery {
  const page = Number(searchParams.get("page"));
  return {
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    q: (searchParams.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
  };
}

/** The page to show of `total` rows, and how many pages there are (at least one). */
export function pageWithin(page: number, total: number): { page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  return { page: Math.min(page, pageCount), pageCount };
}
