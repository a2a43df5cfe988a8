import type { IncomingMessage, ServerResponse } from "node:http";
import accepts from "accepts";
import type { Request as ExpressRequest, RequestHandler } from "express";
import type { Logger } from "../app/config/logger.server";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy";
import { toFetchRequest } from "./fetch-bridge";
import type { CachedPage, Encoding, PageCache } from "./page-cache";

/** Public storefront pages and their client-navigation data (`.data`), the same for every visitor. */
const PUBLIC_PAGE =
  /^\/(|_root\.data|catalog(\.data)?|product\/\d{1,10}(\.data)?|official-reseller(\.data)?|sitemap\.xml|robots\.txt)$/;
/** Pages that read no query string: `?utm_source=…` or a random one shares their one cached copy. */
const QUERY_INDEPENDENT = /^\/(|product\/\d{1,10}|official-reseller|robots\.txt)$/;
/** A signed-in customer gets pages made for them, never a shared copy. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?vitrine\.session_token=/;
/** Set again when the page is sent: its own length and encoding, and a policy for its scripts. */
const RESENT_HEADERS = new Set(["content-length", "content-encoding", "content-security-policy"]);
const REQUEST_ID = /^[\w-]{1,64}$/;

export interface VisitorPagesOptions {
  cache: PageCache;
  /** The current catalogue version, or null when unknown (then nothing is cached or served). */
  catalogVersion: () => number | null;
  /** Headers every response carries, besides the page's own. */
  securityHeaders: [string, string][];
  https: boolean;
  logger: Logger;
}

/**
 * Visitors' public pages, rendered once per catalogue version. A hit is answered before the
 * Express stack, like a reverse proxy's cache would; a miss renders through React Router.
 */
export function createVisitorPages(options: VisitorPagesOptions) {
  const { cache, catalogVersion } = options;
  const keyOf = (req: IncomingMessage) => {
    const url = req.url ?? "/";
    const path = url.split("?", 1)[0]!;
    return `${req.headers.host}${QUERY_INDEPENDENT.test(path) ? path : url}`;
  };

  function isShared(req: IncomingMessage): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const path = (req.url ?? "").split("?", 1)[0]!;
    return PUBLIC_PAGE.test(path) && !SESSION_COOKIE.test(req.headers.cookie ?? "");
  }

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedPage,
    state: "HIT" | "MISS" | "BYPASS",
  ) {
    const encoding = (accepts(req).encoding("br", "gzip", "identity") || "identity") as Encoding;
    const body = cache.body(page, encoding);
    res.statusCode = page.status;
    for (const [name, value] of options.securityHeaders) res.setHeader(name, value);
    for (const [name, value] of page.headers) {
      if (name === "set-cookie") res.appendHeader(name, value);
      else res.setHeader(name, value);
    }
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Content-Length", body.length);
    res.setHeader("X-Cache", state);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  return {
    /** Answers a visitor's public page from the cache; false when it is not there to answer. */
    serveFromCache(req: IncomingMessage, res: ServerResponse): boolean {
      const version = catalogVersion();
      if (version === null || !isShared(req)) return false;
      const page = cache.get(keyOf(req), version);
      if (!page) return false;
      const startedAt = performance.now();
      const incoming = req.headers["x-request-id"];
      const requestId =
        typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
      res.setHeader("X-Request-Id", requestId);
      send(req, res, page, "HIT");
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
     * Express middleware for a miss: renders the page (without a nonce, like every page of
     * these paths), stores it when anyone may share it, and sends it.
     */
    renderAndStore(render: (request: Request, req: ExpressRequest) => Promise<Response>): RequestHandler {
      return async (req, res, next) => {
        try {
          const version = catalogVersion();
          if (version === null || !isShared(req)) return next();
          const response = await render(toFetchRequest(req, res), req);
          const page = await toCachedPage(response, version, options.https);
          const shareable = response.status === 200 && !response.headers.has("set-cookie");
          if (shareable) cache.set(keyOf(req), page);
          send(req, res, page, shareable ? "MISS" : "BYPASS");
        } catch (error) {
          next(error);
        }
      };
    },
  };
}

export type VisitorPages = ReturnType<typeof createVisitorPages>;

async function toCachedPage(response: Response, version: number, https: boolean): Promise<CachedPage> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => !RESENT_HEADERS.has(name));
  if (response.headers.get("content-type")?.startsWith("text/html")) {
    headers.push([
      "Content-Security-Policy",
      contentSecurityPolicy(inlineScriptHashes(body.toString()), https),
    ]);
  }
  return { version, status: response.status, headers, body, encoded: {} };
}
