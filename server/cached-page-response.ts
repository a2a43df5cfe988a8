import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy";
import { encodingFor } from "./content-encoding";
import { abortedOnClose } from "./fetch-bridge";
import type { CachedPage, Encoding, PageCache } from "./page-cache";
import type { CatalogChanges } from "./catalog-version";

/** Set again when the page is sent: its own length and encoding, and a policy for its scripts. */
const RESENT_HEADERS = new Set(["content-length", "content-encoding", "content-security-policy", "vary"]);
/** What decides between the shared page and one made for a session, for caches downstream. */
const VARY = "Accept-Encoding, Cookie";

/** How a page cache answered (`X-Cache`). */
export type CacheState = "HIT" | "MISS" | "BYPASS";

const cacheStates = new WeakMap<ServerResponse, CacheState>();

/** How a page cache answered a response, for its log line; undefined when no cache did. */
export function cacheStateOf(res: ServerResponse): CacheState | undefined {
  return cacheStates.get(res);
}

/** What answering from a page cache needs besides the page. */
export interface CachedPagesContext {
  cache: PageCache;
  /** The catalogue's changes, or null while they cannot be followed (then nothing is cached or served). */
  catalog: () => CatalogChanges | null;
  /** Headers every response carries, besides the page's own. */
  securityHeaders: [string, string][];
  https: boolean;
}

/** Whether a kept page still shows the catalogue as it is. */
export function isCurrentFor(catalog: CatalogChanges, version: number) {
  return (page: CachedPage) =>
    page.version === version && !catalog.stockChangedSince(page.productIds, page.stockMark);
}

/**
 * Answers with a kept page, as a reverse proxy's cache would: its stored bytes behind a header
 * list made once per page and encoding. `requestId` goes with them when the response does not
 * carry its `X-Request-Id` yet.
 */
export function answerFromCache(
  context: CachedPagesContext,
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  page: CachedPage,
  requestId?: string,
): void {
  sendPage(context, req, res, key, page, "HIT", requestId);
}

/** The page a cache renders on a miss: where it is kept, and the request it is rendered from. */
export interface PageToKeep {
  key: string;
  request: (signal: AbortSignal) => Request;
  /** Headers kept with a page made for one customer. */
  privateHeaders?: [string, string][];
}

/** How the store renders a page through React Router. */
export type PageRenderer = (
  request: Request,
  req: ExpressRequest,
  shownProducts: Set<number>,
) => Promise<Response>;

/**
 * Express middleware for a miss: renders the page `pageOf` names (without a nonce: its inline
 * scripts are allowed by hash) and keeps it when the render is a complete 200 with a body that
 * sets no cookie and does not forbid keeping it; anything else (a 404, a redirect) is passed on
 * exactly as rendered, never kept. Requests with no page to keep, or while the catalogue's changes
 * cannot be followed, go to the next handler, as if there were no cache.
 */
export function renderMissesIntoCache(
  context: CachedPagesContext,
  render: PageRenderer,
  pageOf: (req: ExpressRequest) => PageToKeep | null,
): RequestHandler {
  return async (req, res, next) => {
    try {
      const catalog = context.catalog();
      const version = catalog?.current() ?? null;
      const target = version === null ? null : pageOf(req);
      if (target === null) return next();
      const stockMark = catalog!.stockMark();
      const shownProducts = new Set<number>();
      const signal = abortedOnClose(res);
      const response = await render(target.request(signal), req, shownProducts);
      const body = Buffer.from(await response.arrayBuffer());
      const complete =
        response.status === 200 &&
        body.length > 0 &&
        !signal.aborted &&
        !response.headers.has("set-cookie") &&
        !/no-store|private/.test(response.headers.get("cache-control") ?? "");
      if (!complete) {
        res.statusCode = response.status;
        setHeaders(res, pageHeaders(response, body, context.https));
        res.setHeader("Vary", VARY);
        res.setHeader("X-Cache", "BYPASS");
        cacheStates.set(res, "BYPASS");
        res.end(body);
        return;
      }
      const page: CachedPage = {
        version: version!,
        stockMark,
        productIds: [...shownProducts],
        status: 200,
        headers: [...pageHeaders(response, body, context.https), ...(target.privateHeaders ?? [])],
        body,
        encoded: {},
      };
      context.cache.set(target.key, page);
      sendPage(context, req, res, target.key, page, "MISS");
    } catch (error) {
      next(error);
    }
  };
}

function sendPage(
  context: CachedPagesContext,
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  page: CachedPage,
  state: "HIT" | "MISS",
  requestId?: string,
) {
  const encoding = encodingFor(req.headers["accept-encoding"]);
  const body = context.cache.body(key, page, encoding);
  const headers =
    state === "HIT"
      ? hitHeadersOf(context, page, encoding, body)
      : headerList(context, page, encoding, body, state);
  cacheStates.set(res, state);
  // A flat list given to a response with no header set yet is written out as it is, without
  // setting its headers one by one.
  res.writeHead(page.status, requestId ? ["X-Request-Id", requestId, ...headers] : headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * The headers a page is sent with, as the flat list `writeHead` takes: each name once, the page's
 * own replacing any security header of the same name (`writeHead` would send both).
 */
function headerList(
  context: CachedPagesContext,
  page: CachedPage,
  encoding: Encoding,
  body: Buffer,
  state: "HIT" | "MISS",
): string[] {
  const entries: [string, string][] = [
    ...context.securityHeaders,
    ...page.headers,
    ...(encoding === "identity" ? [] : [["Content-Encoding", encoding] as [string, string]]),
    ["Vary", VARY],
    ["Content-Length", String(body.length)],
    ["X-Cache", state],
  ];
  const headers = new Map(entries.map(([name, value]) => [name.toLowerCase(), [name, value]]));
  return [...headers.values()].flat();
}

/** Each kept page's header list for a hit, per encoding: made on the first hit in it. */
const hitHeaders = new WeakMap<CachedPage, Partial<Record<Encoding, string[]>>>();

function hitHeadersOf(context: CachedPagesContext, page: CachedPage, encoding: Encoding, body: Buffer) {
  let lists = hitHeaders.get(page);
  if (!lists) hitHeaders.set(page, (lists = {}));
  return (lists[encoding] ??= headerList(context, page, encoding, body, "HIT"));
}

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

/** Headers onto a response: each replaces what was set, but cookies add up. */
function setHeaders(res: ServerResponse, headers: [string, string][]) {
  for (const [name, value] of headers) {
    if (name.toLowerCase() === "set-cookie") res.appendHeader(name, value);
    else res.setHeader(name, value);
  }
}
