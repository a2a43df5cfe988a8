import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { carriesSessionCookie } from "../app/domain/accounts/session.server";
import {
  answerFromCache,
  type CachedPagesContext,
  isCurrentFor,
  type PageRenderer,
  renderMissesIntoCache,
} from "./cached-page-response";
import { canonicalPagePath } from "./public-pages";
import { rememberRecentAnswers } from "./recent-answers";
import type { RequestOrigin } from "./request-origin";
import type { RouteTable } from "./route-table";

/**
 * Whether a request carries a session cookie, so its answer is made for that session: a
 * signed-in customer gets pages made for them, never a shared copy.
 */
export function carriesSession(req: IncomingMessage): boolean {
  return carriesSessionCookie(req.headers.cookie ?? "");
}

/** How many request targets' canonical paths are kept, and the longest target kept. */
const RECENT_TARGETS = { keys: 2_000, maxKeyLength: 200 };

export interface VisitorPagesOptions extends CachedPagesContext {
  origin: RequestOrigin;
  routes: RouteTable;
}

/**
 * Visitors' public pages, rendered once per catalogue version. A hit is answered before the
 * Express stack, like a reverse proxy's cache would; a miss renders through React Router.
 * A page is rendered from its canonical URL alone, without the visitor's headers, and kept only
 * when the render is a complete 200 with a body; a HEAD is answered from the GET's page.
 */
export function createVisitorPages(options: VisitorPagesOptions) {
  const { cache, routes } = options;

  /**
   * The canonical path of the shared page an origin-form target (`/catalog?min=10`) asks for.
   * Kept across requests: the route table only changes in development, where nothing is cached.
   */
  const canonicalPathOf = rememberRecentAnswers((target: string) => {
    const { searchParams } = new URL(`http://localhost${target}`);
    const route = routes.match(target.split("?", 1)[0]!);
    return canonicalPagePath(routes, route, searchParams, "visitor");
  }, RECENT_TARGETS);

  /** The canonical URL of the shared page a request asks for, or null when it gets its own. */
  function sharedPageUrl(req: IncomingMessage): string | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    // An absolute-form or asterisk target is not a page of this store's.
    if (!req.url?.startsWith("/") || carriesSession(req)) return null;
    const origin = options.origin.of(req);
    const path = origin && canonicalPathOf(req.url);
    return path ? `${origin}${path}` : null;
  }

  return {
    /**
     * Answers a visitor's public page from the cache, with the request's id; false when it is not
     * there to answer (the response is then left untouched).
     */
    serveFromCache(req: IncomingMessage, res: ServerResponse, requestId: string): boolean {
      const catalog = options.catalog();
      const version = catalog?.current() ?? null;
      const url = version === null ? null : sharedPageUrl(req);
      const page = url === null ? undefined : cache.get(url, isCurrentFor(catalog!, version!));
      if (!page) return false;
      answerFromCache(options, req, res, url!, page, requestId);
      return true;
    },

    /** Express middleware for a miss: renders the shared page from its canonical URL alone. */
    renderAndStore(render: PageRenderer): RequestHandler {
      return renderMissesIntoCache(options, render, (req) => {
        const url = sharedPageUrl(req);
        return url === null
          ? null
          : { key: url, request: (signal) => new Request(url, { method: "GET", signal }) };
      });
    },
  };
}

export type VisitorPages = ReturnType<typeof createVisitorPages>;
