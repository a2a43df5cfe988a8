import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { Env } from "../app/config/env.server";
import type { Logger } from "../app/config/logger.server";
import { POSTGRES_POOL_SIZE } from "../app/db/client.server";
import { accountPagesOf } from "../app/domain/accounts/session.server";
import { signInProvidersOf } from "../app/domain/accounts/sign-in-providers.server";
import { FAILURE_MESSAGES } from "../app/route-failures";
import { UPLOADS_URL_PREFIX } from "../app/storage/file-storage.server";
import type { StoreFileStorage } from "../app/storage/open-file-storage.server";
import type { CatalogChanges } from "./catalog-version";
import { createCustomerPages } from "./customer-pages";
import { frontDoor, type RequestListener } from "./front-door";
import { createOrderTurns } from "./order-turns";
import { countRequest, metricsEndpoint, watchDatabase } from "./metrics";
import { createPageCache } from "./page-cache";
import { pageHeaders } from "./page-headers";
import { createReadinessProbe } from "./readiness";
import { createRenderer, renderedPages } from "./render-page";
import { boundedBodies } from "./request-body";
import { createRequestLog } from "./request-log";
import { createRequestOrigin } from "./request-origin";
import { errorPage } from "./resource-route-failures";
import { followRoutes } from "./route-table";
import { sameOriginWrites } from "./same-origin-writes";
import { assetSecurityHeaders, securityHeaders } from "./security-headers";
import { hashedAssets, keptAssets, publicFiles } from "./static-files";
import type { StoreServices } from "./store-services";
import { bucketUploads, localUploads } from "./uploads";
import { createVisitorPages } from "./visitor-pages";

export type { RequestListener } from "./front-door";
export type { StoreServices } from "./store-services";

export interface AppOptions {
  env: Env;
  logger: Logger;
  /** The store's services: the app is made once the database is migrated and ready. */
  services: StoreServices;
  storage: StoreFileStorage;
  /** The store's public origin (auth endpoints and absolute links). */
  baseURL: string;
  /** The catalogue's changes the visitors' page cache follows; null while unknown. */
  catalog: () => CatalogChanges | null;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Production: the built client files (`build/client`). */
  clientDirectory?: string;
  /** Development: Vite's middlewares (HMR, on-demand modules). No CSP and no page cache then. */
  devMiddleware?: RequestHandler;
  /** True once the process is shutting down: `/readyz` answers 503 while requests are still served. */
  stopping?: () => boolean;
}

const PAGE_CACHE_BYTES = 64 * 1024 * 1024;
/** Signed-in customers' pages: their own budget, so they never push visitors' pages out. */
const CUSTOMER_PAGE_CACHE_BYTES = 32 * 1024 * 1024;
/**
 * An answer that fits in one TCP segment (about 1,460 bytes) arrives in one packet compressed or
 * not; a deflate stream for it costs about 0.1 ms of the store's thread, and an order's answer
 * (about 1.2 KB, mostly the QR image, which does not compress) paid it every time.
 */
const COMPRESSION_THRESHOLD_BYTES = 1400;
/**
 * Alone, as many orders at once as the database pool has connections (more would wait there);
 * beside pages, one, and a rest as long as it took after each (docs/decisions/0006-order-turns.md,
 * measured with `npm run bench:checkout`).
 */
const ORDER_TURNS = {
  slotsAlone: POSTGRES_POOL_SIZE,
  slotsBesidePages: 1,
  restBesidePages: 1,
  maxWaiting: 500,
  pagesWindowMs: 100,
};

/**
 * The store's HTTP handler: orders take turns, cached visitor pages come first, then signed-in
 * customers' kept pages, then the Express stack. What each route gets (cache, body limit, queue)
 * is its policy in app/route-policies.ts.
 */
export function createApp(options: AppOptions): RequestListener {
  const { env, logger } = options;
  const development = Boolean(options.devMiddleware);
  const https = env.PUBLIC_URL?.startsWith("https:") ?? false;
  const headers = securityHeaders(https);
  const assetHeaders = assetSecurityHeaders(https);
  const origin = createRequestOrigin({ publicUrl: env.PUBLIC_URL, trustProxy: env.TRUST_PROXY });
  const routes = followRoutes(options.build);
  const cached = {
    catalog: development ? () => null : options.catalog,
    origin,
    routes,
    securityHeaders: headers,
    https,
  };
  const visitorPages = createVisitorPages({ ...cached, cache: createPageCache(PAGE_CACHE_BYTES) });
  const customerPages = createCustomerPages({
    ...cached,
    cache: createPageCache(CUSTOMER_PAGE_CACHE_BYTES),
    accountPagesOf: (cookie) =>
      accountPagesOf({ db: options.services.database.db, auth: options.services.auth }, cookie),
  });
  const orderTurns = createOrderTurns({ ...ORDER_TURNS, logger });
  const render = createRenderer({ ...options, endOrderTurn: (req) => orderTurns.endTurn(req) });
  // Pages kept by the caches are rendered without a nonce: they are served with script hashes.
  const renderToKeep = (request: Request, req: express.Request, shownProducts: Set<number>) =>
    render(request, req, "", shownProducts);
  const readiness = createReadinessProbe(options.services.database, logger);
  const requestLog = createRequestLog(logger, routes, countRequest);
  watchDatabase(options.services.database, logger);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", origin.trust);

  app.use(requestLog.requestLogger());
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  /** Ready while the database answers; not once the process is draining. */
  const readinessNow = async () => (options.stopping?.() ? "stopping" : readiness.check());
  app.get("/readyz", async (_req, res) => {
    const status = await readinessNow();
    res.status(status === "ok" ? 200 : 503).json({ status });
  });
  app.get("/metrics", metricsEndpoint(env.METRICS_TOKEN));
  app.use(compression({ threshold: COMPRESSION_THRESHOLD_BYTES }));
  if (options.clientDirectory) app.use(hashedAssets(options.clientDirectory, assetHeaders));
  // 'Entrar com Google' posts a form whose answer redirects to the provider; 'Conectar ao Bling'
  // one whose answer redirects to Bling's authorisation page.
  const formTargets = [
    ...signInProvidersOf(env).map((provider) => new URL(provider.issuer).origin),
    new URL(env.BLING_API_URL).origin,
  ];
  app.use(pageHeaders({ securityHeaders: headers, https, formTargets, development }));
  if (options.devMiddleware) app.use(options.devMiddleware);
  else if (options.clientDirectory) app.use(publicFiles(options.clientDirectory));
  // Files on this machine's disk are answered at the front door.
  if (options.storage.kind === "s3") app.use(UPLOADS_URL_PREFIX, bucketUploads(options.storage));
  app.use(sameOriginWrites(/^\/api\/webhooks\//, origin));
  app.use(boundedBodies(routes));
  app.use(visitorPages.renderAndStore(renderToKeep));
  app.use(customerPages.renderAndStore(renderToKeep));
  app.use(renderedPages(render, origin));
  app.use(errorHandler);

  const assets = options.clientDirectory ? keptAssets(options.clientDirectory, assetHeaders) : null;
  const uploads = options.storage.kind === "local" ? localUploads(options.storage, assetHeaders) : null;
  const listener = frontDoor(
    { routes, requestLog, orderTurns, visitorPages, customerPages, assets, uploads, logger },
    app,
  );
  return typeof options.build === "function" ? routes.followingBuild(listener) : listener;
}

const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  req.log.error({ err: error }, "Erro não tratado na requisição");
  if (res.headersSent) return next(error);
  res.status(500).type("html").send(errorPage(FAILURE_MESSAGES.unexpected));
};
