import type { MatchedRoute, RouteTable } from "./route-table";
import { dataPathOf } from "./route-table";

/** Who a kept page is for: every visitor without a session, or one signed-in customer. */
export type PageAudience = "visitor" | "customer";

/**
 * The one spelling of a kept page's URL (path and query): only the query parameters the page
 * reads, in a fixed order, with normalised values (the route's cache policy in
 * app/route-policies.ts). The page caches key pages by it and render them from it, so no other
 * spelling can open a new entry or change what one says. Null when the route's page is not kept
 * for this audience, or when the page answers the URL with a redirect or a 404 (a product id
 * spelled `0001`).
 */
export function canonicalPagePath(
  routes: RouteTable,
  route: MatchedRoute | null,
  searchParams: URLSearchParams,
  audience: PageAudience,
): string | null {
  const cache = route?.policy.cache;
  if (!route || !cache || route.canonicalPath === null) return null;
  if (audience === "visitor" && cache.for !== "everyone") return null;
  if (route.data && !cache.data) return null;
  let search = cache.search(route.params, searchParams);
  if (search === null) return null;

  if (route.data && searchParams.has("_routes")) {
    const requested = searchParams.get("_routes")!.split(",");
    const ids = [...new Set(requested.filter((id) => routes.sharedDataRouteIds.has(id)))].sort();
    if (ids.length === 0 || ids.length !== requested.length) return null;
    search += `${search ? "&" : "?"}_routes=${encodeURIComponent(ids.join(","))}`;
  }
  return (route.data ? dataPathOf(route.canonicalPath) : route.canonicalPath) + search;
}
