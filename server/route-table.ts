import type { IncomingMessage, ServerResponse } from "node:http";
import { generatePath, matchRoutes, type Params, type RouteObject, type ServerBuild } from "react-router";
import { ROUTE_POLICIES, routePolicyOf, type RoutePolicy } from "../app/route-policies";
import { rememberRecentAnswers } from "./recent-answers";

/** A route of `routes.ts` as the shell needs it, in the server build's flat form. */
export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  /** Whether it has a component: a page, whose loaders also answer its `.data` twin. */
  page: boolean;
}

/** The route a request goes to, as React Router will match it, and its policy. */
export interface MatchedRoute {
  id: string;
  params: Params;
  policy: RoutePolicy;
  /** The route's URL pattern (`/product/:id`): how logs and metrics name it, ids left out. */
  pattern: string;
  /** The path as the route spells it (`/product/1`), or null when the request spells it otherwise. */
  canonicalPath: string | null;
  /** A client navigation's data request (`/catalog.data`, `/_root.data`). */
  data: boolean;
}

/** How many paths' routes are kept, and the longest path kept. */
const RECENT_PATHS = { keys: 2_000, maxKeyLength: 200 };
/** The root route's data request, for the home page. */
const ROOT_DATA = "/_root.data";

/** Each route of the server build, as React Router's own matching sees them. */
export function routeEntriesOf(build: ServerBuild): RouteEntry[] {
  return Object.values(build.routes).flatMap((route) =>
    route
      ? [
          {
            id: route.id,
            parentId: route.parentId,
            path: route.path,
            index: route.index,
            page: Boolean(route.module.default),
          },
        ]
      : [],
  );
}

/** Matches requests to their routes with React Router's matching; each request is matched once. */
export function createRouteTable(entries: RouteEntry[]) {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const patternOf = (entry: RouteEntry): string => {
    const parent = entry.parentId ? byId.get(entry.parentId) : undefined;
    const base = parent ? patternOf(parent) : "";
    const joined = entry.path ? `${base.replace(/\/$/, "")}/${entry.path}` : base;
    return joined || "/";
  };
  const nodeOf = (entry: RouteEntry): RouteObject =>
    entry.index
      ? { id: entry.id, index: true }
      : {
          id: entry.id,
          path: entry.path,
          children: entries.filter((child) => child.parentId === entry.id).map(nodeOf),
        };
  const tree = entries.filter((entry) => !entry.parentId).map(nodeOf);
  const matched = new WeakMap<IncomingMessage, MatchedRoute | null>();

  function matchPath(pathname: string, data: boolean): MatchedRoute | null {
    const last = matchRoutes(tree, pathname)?.at(-1);
    const entry = last && byId.get(last.route.id ?? "");
    if (!last || !entry) return null;
    const pattern = patternOf(entry);
    const canonicalPath = safeGeneratePath(pattern, last.params);
    return {
      id: entry.id,
      params: last.params,
      policy: routePolicyOf(entry.id),
      pattern,
      canonicalPath: canonicalPath === pathname ? canonicalPath : null,
      data,
    };
  }

  /** The route of a path; a page's `.data` twin goes to the page, marked as data. */
  function matchUncached(pathname: string): MatchedRoute | null {
    if (pathname === ROOT_DATA) return matchPath("/", true);
    if (pathname.endsWith(".data")) {
      const page = matchPath(pathname.slice(0, -".data".length), true);
      if (page && byId.get(page.id)?.page) return page;
    }
    return matchPath(pathname, false);
  }

  // `matchRoutes` ranks every route again at each call (tens of microseconds): the paths asked
  // for again and again (the pages the caches answer) are matched once.
  const match = rememberRecentAnswers(matchUncached, RECENT_PATHS);

  return {
    match,
    /** The route of a request (by its path alone: a query string routes to the same place). */
    routeOf(req: IncomingMessage): MatchedRoute | null {
      if (matched.has(req)) return matched.get(req)!;
      const url = req.url ?? "";
      const route = url.startsWith("/") ? match(url.split("?", 1)[0]!) : null;
      matched.set(req, route);
      return route;
    },
    /** The ids a cached page's data request may name in `_routes`: the root's and those pages'. */
    sharedDataRouteIds: new Set([
      "root",
      ...Object.entries(ROUTE_POLICIES)
        .filter(([, policy]) => policy.cache?.for === "everyone" && policy.cache.data)
        .map(([id]) => id),
    ]),
  };
}

export type RouteTable = ReturnType<typeof createRouteTable>;

/**
 * The table of the build's routes. In development Vite makes a new build when a module changes:
 * `followingBuild` has each request wait for the table of the build it will be rendered by.
 */
export function followRoutes(build: ServerBuild | (() => Promise<ServerBuild>)) {
  let table = createRouteTable(typeof build === "function" ? [] : routeEntriesOf(build));
  let tableBuild: ServerBuild | null = null;
  const follow = async () => {
    if (typeof build !== "function") return;
    const current = await build();
    if (current === tableBuild) return;
    table = createRouteTable(routeEntriesOf(current));
    tableBuild = current;
  };
  return {
    routeOf: (req: IncomingMessage) => table.routeOf(req),
    match: (pathname: string) => table.match(pathname),
    sharedDataRouteIds: table.sharedDataRouteIds,
    followingBuild(listener: (req: IncomingMessage, res: ServerResponse) => void) {
      return (req: IncomingMessage, res: ServerResponse) =>
        // A build that fails to load fails again, and is shown, where the page is rendered.
        void follow().then(
          () => listener(req, res),
          () => listener(req, res),
        );
    },
  };
}

/** A data request's URL for a page's path. */
export function dataPathOf(path: string): string {
  return path === "/" ? ROOT_DATA : `${path}.data`;
}

function safeGeneratePath(pattern: string, params: Params): string | null {
  try {
    return generatePath(pattern, params);
  } catch {
    return null;
  }
}
