import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { AccountPages } from "../app/domain/accounts/session.server";
import {
  answerFromCache,
  type CachedPagesContext,
  isCurrentFor,
  type PageRenderer,
  renderMissesIntoCache,
} from "./cached-page-response";
import { canonicalPagePath } from "./public-pages";
import type { RequestOrigin } from "./request-origin";
import type { RouteTable } from "./route-table";
import { carriesSession } from "./visitor-pages";

/** Made for one customer: no browser or proxy may keep it. */
const PRIVATE_HEADERS: [string, string][] = [["Cache-Control", "private, no-store"]];

export interface CustomerPagesOptions extends CachedPagesContext {
  /**
   * The customer a session cookie signs in, with their account's version; null when the session
   * is not in use as it stands (better-auth must extend or end it).
   */
  accountPagesOf: (cookie: string) => Promise<AccountPages | null>;
  origin: RequestOrigin;
  routes: RouteTable;
}

/** Where a request's page is kept: for whom, at which account version, and its canonical URL. */
interface CustomerPage {
  key: string;
  url: string;
}

/**
 * Signed-in customers' storefront pages and account overview, kept for each customer. The session
 * is read on every request, in its one query, with the account's version (decision 0005): a page
 * is served only to the customer it was made for, while their account and the catalogue are as
 * they were when it was rendered. A sign-out or a revoked session counts at once, as before.
 */
export function createCustomerPages(options: CustomerPagesOptions) {
  const { cache } = options;
  /** The pages requests missed, for the renderer further down the same request. */
  const missed = new WeakMap<IncomingMessage, CustomerPage>();

  async function customerPageOf(req: IncomingMessage): Promise<CustomerPage | null> {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    if (!req.url?.startsWith("/") || !carriesSession(req)) return null;
    const origin = options.origin.of(req);
    if (!origin) return null;
    const url = new URL(`${origin}${req.url}`);
    const route = options.routes.routeOf(req);
    const path = canonicalPagePath(options.routes, route, url.searchParams, "customer");
    if (!path) return null;
    const account = await options.accountPagesOf(req.headers.cookie ?? "");
    if (!account) return null;
    return { key: `${account.userId} ${account.accountVersion} ${origin}${path}`, url: `${origin}${path}` };
  }

  return {
    /** Answers a signed-in customer's page from their kept copy; false when there is none to answer. */
    async serveFromCache(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      const catalog = options.catalog();
      const version = catalog?.current() ?? null;
      if (version === null) return false;
      const customerPage = await customerPageOf(req);
      if (!customerPage) return false;
      const page = cache.get(customerPage.key, isCurrentFor(catalog!, version));
      if (!page) {
        missed.set(req, customerPage);
        return false;
      }
      answerFromCache(options, req, res, customerPage.key, page);
      return true;
    },

    /**
     * Express middleware for a miss: renders the customer's page from its canonical URL and their
     * cookie alone.
     */
    renderAndStore(render: PageRenderer): RequestHandler {
      return renderMissesIntoCache(options, render, (req) => {
        const customerPage = missed.get(req);
        if (!customerPage) return null;
        const headers = { cookie: req.headers.cookie ?? "" };
        return {
          key: customerPage.key,
          request: (signal) => new Request(customerPage.url, { method: "GET", headers, signal }),
          privateHeaders: PRIVATE_HEADERS,
        };
      });
    },
  };
}
