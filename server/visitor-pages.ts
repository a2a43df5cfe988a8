import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request as ExpressRequest, RequestHandler } from "express";
import type { Logger } from "../app/config/logger.server";
import { answerFromCache, isCurrentFor, renderIntoCache } from "./cached-page-response";
import type { PageCache } from "./page-cache";
import { canonicalPublicPath } from "./public-pages";
import type { RequestOrigin } from "./request-origin";
import type { CatalogVersion } from "./catalog-version";

/** What the cache needs to know of the catalogue's changes. */
export type CatalogChanges = Omit<CatalogVersion, "stop">;

/** A signed-in customer gets pages made for them, never a shared copy. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?vitrine\.session_token=/;

/** Whether a request carries a session cookie, so its answer is made for that session. */
export function carriesSession(req: IncomingMessage): boolean {
  return SESSION_COOKIE.test(req.headers.cookie ?? "");
}

export interface VisitorPagesOptions {
  cache: PageCache;
  /** The catalogue's changes, or null while they cannot be followed (then nothing is cached or served). */
  catalog: () => CatalogChanges | null;
  origin: RequestOrigin;
  /** Headers every response carries, besides the page's own. */
  securityHeaders: [string, string][];
  https: boolean;
  logger: Logger;
}

/**
 * Visitors' public pages, rendered once per catalogue version. A hit is answered before the
 * Express stack, like a reverse proxy's cache would; a miss renders through React Router.
 * A page is rendered from its canonical URL alone, without the visitor's headers, and kept only
 * when the render is a complete 200 with a body; a HEAD is answered from the GET's page.
 */
export function createVisitorPages(options: VisitorPagesOptions) {
  const { cache } = options;

  /** The canonical URL of the shared page a request asks for, or null when it gets its own. */
  function sharedPageUrl(req: IncomingMessage): string | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    // An absolute-form or asterisk target is not a page of this store's.
    if (!req.url?.startsWith("/") || carriesSession(req)) return null;
    const origin = options.origin.of(req);
    if (!origin) return null;
    const url = new URL(`${origin}${req.url}`);
    const path = canonicalPublicPath(url.pathname, url.searchParams);
    return path && `${origin}${path}`;
  }

  return {
    /** Answers a visitor's public page from the cache; false when it is not there to answer. */
    serveFromCache(req: IncomingMessage, res: ServerResponse): boolean {
      const catalog = options.catalog();
      const version = catalog?.current() ?? null;
      const url = version === null ? null : sharedPageUrl(req);
      const page = url === null ? undefined : cache.get(url, isCurrentFor(catalog!, version!));
      if (!page) return false;
      answerFromCache(options, req, res, url!, page);
      return true;
    },

    /**
     * Express middleware for a miss: renders the shared page (without a nonce, like every page
     * of these paths) and keeps it if it is complete. Anything else is rendered for the request
     * by the next handler, as if there were no cache.
     */
    renderAndStore(
      render: (request: Request, req: ExpressRequest, shownProducts: Set<number>) => Promise<Response>,
    ): RequestHandler {
      return async (req, res, next) => {
        try {
          const catalog = options.catalog();
          const version = catalog?.current() ?? null;
          const url = version === null ? null : sharedPageUrl(req);
          if (url === null) return next();
          await renderIntoCache(
            options,
            req,
            res,
            { key: url, catalog: catalog!, version: version! },
            (signal, shown) => render(new Request(url, { method: "GET", signal }), req, shown),
          );
        } catch (error) {
          next(error);
        }
      };
    },
  };
}

export type VisitorPages = ReturnType<typeof createVisitorPages>;
