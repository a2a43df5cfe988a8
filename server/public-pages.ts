import { catalogSearch, readCatalogQuery } from "../app/domain/catalog/catalog-filters";

/** Public storefront pages and their client-navigation data (`.data`), the same for every visitor. */
const PUBLIC_PAGE =
  /^\/(?:|_root\.data|official-reseller(?:\.data)?|robots\.txt|sitemap\.xml|(catalog)(?:\.data)?|product\/(\d{1,10})(?:\.data)?)$/;
/** The route ids a `.data` request may ask for by `_routes`: those of the public pages. */
const PUBLIC_ROUTE_IDS = new Set([
  "root",
  "routes/home",
  "routes/catalog",
  "routes/product",
  "routes/official-reseller",
]);
const PRODUCT_ID_MAX = 2_147_483_647;

/**
 * The one spelling of a public page's URL (path and query): only the query parameters the page
 * reads, in a fixed order, with normalised values. The visitors' page cache keys pages by it and
 * renders them from it, so no other spelling can open a new entry or change what one says.
 * Null when the URL is not a public page, or when the page answers it with a redirect or a 404
 * (a product id spelled `0001`).
 */
export function canonicalPublicPath(pathname: string, searchParams: URLSearchParams): string | null {
  const match = PUBLIC_PAGE.exec(pathname);
  if (!match) return null;
  const [, catalog, productId] = match;
  if (productId !== undefined && !isCanonicalProductId(productId)) return null;

  let search = "";
  if (catalog) search = catalogSearch(readCatalogQuery(searchParams));
  else if (pathname === "/sitemap.xml" && searchParams.has("part")) {
    const part = searchParams.get("part")!;
    if (!/^[1-9]\d{0,5}$/.test(part)) return null;
    search = `?part=${part}`;
  }

  if (pathname.endsWith(".data") && searchParams.has("_routes")) {
    const requested = searchParams.get("_routes")!.split(",");
    const routes = [...new Set(requested.filter((id) => PUBLIC_ROUTE_IDS.has(id)))].sort();
    if (routes.length === 0 || routes.length !== requested.length) return null;
    search += `${search ? "&" : "?"}_routes=${encodeURIComponent(routes.join(","))}`;
  }
  return pathname + search;
}

function isCanonicalProductId(id: string): boolean {
  return /^[1-9]\d*$/.test(id) && Number(id) <= PRODUCT_ID_MAX;
}
