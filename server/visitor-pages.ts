import type { IncomingMessage, ServerResponse } from "node:http";
import accepts from "accepts";
import type { Request as ExpressRequest, RequestHandler } from "express";
import type { Logger } from "../app/config/logger.server";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy";
import { abortedOnClose } from "./fetch-bridge";
import type { CachedPage, Encoding, PageCache } from "./page-cache";
import { canonicalPublicPath } from "./public-pages";
import type { RequestOrigin } from "./request-origin";
import type { CatalogVersion } from "./catalog-version";

/** What the cache needs to know of the catalogue's changes. */
export type CatalogChanges = Omit<CatalogVersion, "stop">;

/** A signed-in customer gets pages made for them, never a shared copy. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?vitrine\.session_token=/;
/** Set again when the page is sent: its own length and encoding, and a policy for its scripts. */
const RESENT_HEADERS = new Set(["content-length", "content-encoding", "content-security-policy", "vary"]);
/** What decides between the shared page and one made for a session, for caches downstream. */
const VARY = "Accept-Encoding, Cookie";
const REQUEST_ID = /^[\w-]{1,64}$/;

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

  /** Whether a kept page still shows the catalogue as it is. */
  const isCurrent = (catalog: CatalogChanges, version: number) => (page: CachedPage) =>
    page.version === version && !catalog.stockChangedSince(page.productIds, page.stockMark);

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

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    url: string,
    page: CachedPage,
    state: "HIT" | "MISS",
  ) {
    const encoding = (accepts(req).encoding("br", "gzip", "identity") || "identity") as Encoding;
    const body = cache.body(url, page, encoding);
    res.statusCode = page.status;
    setHeaders(res, options.securityHeaders);
    setHeaders(res, page.headers);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", VARY);
    res.setHeader("Content-Length", body.length);
    res.setHeader("X-Cache", state);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  return {
    /** Answers a visitor's public page from the cache; false when it is not there to answer. */
    serveFromCache(req: IncomingMessage, res: ServerResponse): boolean {
      const catalog = options.catalog();
      const version = catalog?.current() ?? null;
      const url = version === null ? null : sharedPageUrl(req);
      const page = url === null ? undefined : cache.get(url, isCurrent(catalog!, version!));
      if (!page) return false;
      const startedAt = performance.now();
      const incoming = req.headers["x-request-id"];
      const requestId =
        typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
      res.setHeader("X-Request-Id", requestId);
      send(req, res, url!, page, "HIT");
      options.logger.info(
        {
          reqId: requestId,
          req: { method: req.method, url: req.url },
          res: { statusCode: page.status },
          responseTime: Math.round(performance.now() - startedAt),
          cache: "HIT",
        },
        "request completed",
      );
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
          const stockMark = catalog!.stockMark();
          const shownProducts = new Set<number>();
          const signal = abortedOnClose(res);
          const response = await render(new Request(url, { method: "GET", signal }), req, shownProducts);
          const body = Buffer.from(await response.arrayBuffer());
          const complete =
            response.status === 200 &&
            body.length > 0 &&
            !signal.aborted &&
            !response.headers.has("set-cookie") &&
            !/no-store|private/.test(response.headers.get("cache-control") ?? "");
          if (!complete) {
            // Not shared (a 404, a redirect): passed on exactly as rendered, never kept.
            await sendRendered(res, response, body, options.https);
            return;
          }
          const page: CachedPage = {
            version: version!,
            stockMark,
            productIds: [...shownProducts],
            status: 200,
            headers: pageHeaders(response, body, options.https),
            body,
            encoded: {},
          };
          cache.set(url, page);
          send(req, res, url, page, "MISS");
        } catch (error) {
          next(error);
        }
      };
    },
  };
}

export type VisitorPages = ReturnType<typeof createVisitorPages>;

/** The page's own headers, with a script policy allowing its inline scripts by hash. */
function pageHeaders(response: Response, body: Buffer, https: boolean): [string, string][] {
  const headers = [...response.headers].filter(([name]) => !RESENT_HEADERS.has(name));
  if (response.headers.get("content-type")?.startsWith("text/html")) {
    headers.push([
      "Content-Security-Policy",
      contentSecurityPolicy(inlineScriptHashes(body.toString()), https),
    ]);
  }
  return headers;
}

function sendRendered(res: ServerResponse, response: Response, body: Buffer, https: boolean) {
  res.statusCode = response.status;
  setHeaders(res, pageHeaders(response, body, https));
  res.setHeader("Vary", VARY);
  res.setHeader("X-Cache", "BYPASS");
  res.end(body);
}

/** Headers onto a response: each replaces what was set, but cookies add up. */
function setHeaders(res: ServerResponse, headers: [string, string][]) {
  for (const [name, value] of headers) {
    if (name.toLowerCase() === "set-cookie") res.appendHeader(name, value);
    else res.setHeader(name, value);
  }
}
