import { AVATAR_MAX_BYTES } from "./domain/accounts/account-schemas";
import { PRODUCTS_CSV_MAX_BYTES } from "./domain/admin/product-csv";
import { catalogSearch, readCatalogQuery } from "./domain/catalog/catalog-filters";
import { variantParamOf } from "./domain/catalog/product-details";
import { REVIEW_ORDER_PARAM, reviewOrderOf } from "./domain/reviews/review-schema";
import { PRODUCT_IMAGE_MAX_BYTES } from "./domain/images/image-upload";
import { CHECKOUT_TOO_LARGE } from "./domain/orders/checkout-schema";
import { policyPageOf } from "./domain/store-settings/policy-pages";

/**
 * What the HTTP shell does with a route of `routes.ts` before React Router sees it: whether its
 * page is kept by the page caches, how big a body it takes, whether it waits its turn. Keyed by
 * route id (the route's file under app/, without extension), so a route's URL is said once, in
 * `routes.ts`: the shell matches a request to its route with React Router's own matching and
 * reads the route's policy here (server/route-table.ts). A route not listed has no cache, the
 * form limit and no queue.
 */
export interface RoutePolicy {
  /** Kept by the page caches (decisions 0001 and 0005). */
  cache?: PageCachePolicy;
  /** The most a request body may carry; default `FORM_BODY_MAX_BYTES`. */
  bodyLimitBytes?: number;
  /**
   * The message a too-large body is refused with, in the route's failure answer
   * (app/route-failures.ts); without it, a plain-text message.
   */
  tooLargeMessage?: string;
  /** Order creation: its POSTs take turns (docs/decisions/0006-order-turns.md). */
  queue?: "orders";
}

export interface PageCachePolicy {
  /** Kept for every visitor and each signed-in customer, or only for each customer. */
  for: "everyone" | "customers";
  /**
   * The one spelling of the page's query: only what it reads, in a fixed order, normalised; null
   * when the URL is not that page's (the page answers it with a redirect or a 404).
   */
  search: (params: Readonly<Record<string, string | undefined>>, query: URLSearchParams) => string | null;
  /** Whether its client-navigation data (`.data`) is kept too. */
  data: boolean;
}

/** Every form post and JSON body; uploads have their own, larger limits. */
export const FORM_BODY_MAX_BYTES = 64 * 1024;
const PRODUCT_ID_MAX = 2_147_483_647;

const NO_QUERY = () => "";
const PUBLIC_PAGE: PageCachePolicy = { for: "everyone", search: NO_QUERY, data: true };
const PUBLIC_FILE: PageCachePolicy = { for: "everyone", search: NO_QUERY, data: false };

export const ROUTE_POLICIES: Readonly<Record<string, RoutePolicy>> = {
  "routes/home": { cache: PUBLIC_PAGE },
  "routes/official-reseller": { cache: PUBLIC_PAGE },
  "routes/catalog": {
    cache: { ...PUBLIC_PAGE, search: (_, query) => catalogSearch(readCatalogQuery(query)) },
  },
  "routes/product": {
    // `/product/0001` is redirected to `/product/1`: only the latter is a page. A variant's page
    // is its own (`?variant=`); a variant not on sale is redirected, so never kept. The reviews'
    // order (`?avaliacoes=uteis`) is a page of its own too.
    cache: {
      ...PUBLIC_PAGE,
      search: ({ id }, query) => {
        if (!isCanonicalProductId(id)) return null;
        const variant = variantParamOf(query);
        const canonical = new URLSearchParams();
        if (variant !== null) canonical.set("variant", String(variant));
        if (reviewOrderOf(query) !== "recentes") canonical.set(REVIEW_ORDER_PARAM, reviewOrderOf(query));
        return canonical.size === 0 ? "" : `?${canonical}`;
      },
    },
  },
  "routes/policy": { cache: { ...PUBLIC_PAGE, search: ({ slug }) => (policyPageOf(slug) ? "" : null) } },
  "routes/robots": { cache: PUBLIC_FILE },
  "routes/sitemap": {
    cache: {
      ...PUBLIC_FILE,
      search: (_, query) => {
        const part = query.get("part");
        if (part === null) return "";
        return /^[1-9]\d{0,5}$/.test(part) ? `?part=${part}` : null;
      },
    },
  },
  // Every fact the overview shows is under the account's version (decision 0005).
  "routes/account/overview": {
    cache: { for: "customers", search: (_, query) => (query.size === 0 ? "" : null), data: false },
  },
  // The upload and its form.
  "routes/account/profile": { bodyLimitBytes: AVATAR_MAX_BYTES + FORM_BODY_MAX_BYTES },
  // A product's form and its gallery: one image and the product's fields (a long description).
  "routes/admin/product-new": { bodyLimitBytes: PRODUCT_IMAGE_MAX_BYTES + FORM_BODY_MAX_BYTES },
  "routes/admin/product-edit": { bodyLimitBytes: PRODUCT_IMAGE_MAX_BYTES + FORM_BODY_MAX_BYTES },
  // The products' CSV import.
  "routes/admin/products": { bodyLimitBytes: PRODUCTS_CSV_MAX_BYTES + FORM_BODY_MAX_BYTES },
  // The logo's or the banner's upload; the three policy texts, up to 30,000 characters each.
  "routes/admin/settings": { bodyLimitBytes: PRODUCT_IMAGE_MAX_BYTES + FORM_BODY_MAX_BYTES },
  "routes/api.create-payment": { queue: "orders", tooLargeMessage: CHECKOUT_TOO_LARGE },
};

export function routePolicyOf(routeId: string): RoutePolicy {
  return ROUTE_POLICIES[routeId] ?? {};
}

function isCanonicalProductId(id: string | undefined): boolean {
  return id !== undefined && /^[1-9]\d*$/.test(id) && Number(id) <= PRODUCT_ID_MAX;
}
