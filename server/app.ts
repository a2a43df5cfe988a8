import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, {
  type ErrorRequestHandler,
  type Request as ExpressRequest,
  type RequestHandler,
} from "express";
import { pinoHttp } from "pino-http";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Env } from "../app/config/env.server";
import { logSerializers, type Logger } from "../app/config/logger.server";
import { POSTGRES_POOL_SIZE, type DatabaseHandle } from "../app/db/client.server";
import type { Auth } from "../app/domain/accounts/auth.server";
import { accountPagesOf } from "../app/domain/accounts/session.server";
import { signInProvidersOf } from "../app/domain/accounts/sign-in-providers.server";
import type { PixProvider } from "../app/domain/payments/pix-provider";
import { FAILURE_MESSAGES } from "../app/route-failures";
import { UPLOADS_URL_PREFIX } from "../app/storage/file-storage.server";
import type { StoreFileStorage } from "../app/storage/open-file-storage.server";
import type { CatalogChanges } from "./catalog-version";
import { contentSecurityPolicy, createNonce, nonceSource } from "./content-security-policy";
import { sendFetchResponse, toFetchRequest } from "./fetch-bridge";
import { createOrderTurns } from "./order-turns";
import { createCustomerPages } from "./customer-pages";
import { createPageCache } from "./page-cache";
import { createReadinessProbe } from "./readiness";
import { answeringUnexpectedFailures, errorPage } from "./resource-route-failures";
import { sameOriginWrites } from "./same-origin-writes";
import { securityHeaders } from "./security-headers";
import { bodyLimitFor, readBoundedBody, refuseTooLarge } from "./request-body";
import { createRequestOrigin } from "./request-origin";
import { serveUploads } from "./uploads";
import { carriesSession, createVisitorPages } from "./visitor-pages";

/** What the store needs once its database is migrated and ready. */
export interface StoreServices {
  database: DatabaseHandle;
  auth: Auth;
  pix: PixProvider;
}

export interface AppOptions {
  env: Env;
  logger: Logger;
  /** The store's services; null while the store is starting. */
  services: () => StoreServices | null;
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

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

const REQUEST_ID = /^[\w-]{1,64}$/;
const PROBES = new Set(["/healthz", "/readyz"]);
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;
/** Signed-in customers' pages: their own budget, so they never push visitors' pages out. */
const CUSTOMER_PAGE_CACHE_BYTES = 32 * 1024 * 1024;
const CREATE_PAYMENT_PATH = "/api/create-payment";
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
 * customers' kept pages, then the Express stack.
 */
export function createApp(options: AppOptions): RequestListener {
  const { env, logger } = options;
  const development = Boolean(options.devMiddleware);
  const https = env.PUBLIC_URL?.startsWith("https:") ?? false;
  const headers = securityHeaders(https);
  // 'Entrar com Google' posts a form whose answer redirects to the provider.
  const formTargets = signInProvidersOf(env).map((provider) => new URL(provider.issuer).origin);
  const origin = createRequestOrigin({ publicUrl: env.PUBLIC_URL, trustProxy: env.TRUST_PROXY });
  const visitorPages = createVisitorPages({
    cache: createPageCache(PAGE_CACHE_BYTES),
    catalog: development ? () => null : options.catalog,
    origin,
    securityHeaders: headers,
    https,
    logger,
  });
  const customerPages = createCustomerPages({
    cache: createPageCache(CUSTOMER_PAGE_CACHE_BYTES),
    catalog: development ? () => null : options.catalog,
    accountPagesOf: async (cookie) => {
      const services = options.services();
      return services ? accountPagesOf({ db: services.database.db, auth: services.auth }, cookie) : null;
    },
    origin,
    securityHeaders: headers,
    https,
    logger,
  });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", origin.trust);

  app.use(
    pinoHttp({
      logger,
      serializers: logSerializers,
      genReqId: (req, res) => {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // Lines logged during a request carry its id; the full request appears once, on completion.
      quietReqLogger: true,
      autoLogging: { ignore: (req) => PROBES.has(req.url ?? "") },
    }),
  );

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  const readiness = createReadinessProbe(() => options.services()?.database ?? null, logger);
  app.get("/readyz", async (_req, res) => {
    const status = options.stopping?.() ? "stopping" : await readiness.check();
    res.status(status === "ok" ? 200 : 503).json({ status });
  });

  app.use(compression({ threshold: COMPRESSION_THRESHOLD_BYTES }));
  app.use((_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    // Vite's dev client injects inline scripts; production is held to the full policy.
    if (!development) {
      const nonce = createNonce();
      res.locals.cspNonce = nonce;
      res.setHeader(
        "Content-Security-Policy",
        contentSecurityPolicy([nonceSource(nonce)], https, formTargets),
      );
    }
    next();
  });

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else if (options.clientDirectory) {
    // Hashed file names: cached for good. Served precompressed (scripts/compress-assets.js).
    app.use(
      "/assets",
      expressStaticGzip(`${options.clientDirectory}/assets`, {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y" },
      }),
    );
    app.use(publicFiles(options.clientDirectory));
  }
  app.use(UPLOADS_URL_PREFIX, serveUploads(options.storage));

  app.use((_req, res, next) => {
    if (options.services()) return next();
    res.status(503).setHeader("Retry-After", "5");
    res.type("html").send(startingPage);
  });

  app.use(sameOriginWrites(/^\/api\/webhooks\//, origin));

  // Bodies are read here, bounded, before anything parses them.
  app.use(async (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    try {
      const body = await readBoundedBody(req, bodyLimitFor(req.path));
      if (!body) {
        req.log.warn({ path: req.path }, "Corpo da requisição grande demais; recusado");
        return refuseTooLarge(res, req.path);
      }
      res.locals.body = body;
      next();
    } catch (error) {
      next(error);
    }
  });

  const orderTurns = createOrderTurns({ ...ORDER_TURNS, logger });
  const handleRequest = createRequestHandler(answeringUnexpectedFailures(options.build), env.NODE_ENV);
  const render = (
    request: Request,
    req: ExpressRequest,
    cspNonce: string,
    shownProducts = new Set<number>(),
  ) => {
    const services = options.services()!;
    return handleRequest(request, {
      db: services.database.db,
      auth: services.auth,
      storage: options.storage,
      pix: services.pix,
      env,
      baseURL: options.baseURL,
      clientIp: req.ip ?? "desconhecido",
      logger: req.log,
      cspNonce,
      shownProducts,
      endOrderTurn: () => orderTurns.endTurn(req),
    });
  };

  // Pages shared by all visitors are rendered without a nonce: the cache serves them with script hashes.
  app.use(
    visitorPages.renderAndStore((request, req, shownProducts) => render(request, req, "", shownProducts)),
  );
  // So are the pages kept for each signed-in customer.
  app.use(
    customerPages.renderAndStore((request, req, shownProducts) => render(request, req, "", shownProducts)),
  );
  app.use(async (req, res, next) => {
    try {
      // An invalid Host builds no URL of its own; the page is made for localhost.
      const url = `${origin.of(req) ?? "http://localhost"}${req.originalUrl}`;
      const request = toFetchRequest(req, res, url, res.locals.body as Buffer | undefined);
      const response = await render(request, req, String(res.locals.cspNonce ?? ""));
      // Made for this session (or opening one): no browser or proxy may keep it.
      if (carriesSession(req) || response.headers.has("set-cookie")) {
        response.headers.set("Cache-Control", "private, no-store");
      }
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  app.use(errorHandler);
  return (req, res) => {
    // By path alone: a query string routes to the same action and must wait its turn too.
    const creatingOrder = req.method === "POST" && req.url?.split("?", 1)[0] === CREATE_PAYMENT_PATH;
    if (creatingOrder) return orderTurns.takeTurn(req, res, app);
    orderTurns.noteOtherRequest();
    if (visitorPages.serveFromCache(req, res)) return;
    if (!carriesSession(req)) return app(req, res);
    customerPages.serveFromCache(req, res).then(
      (served) => served || app(req, res),
      (error: unknown) => {
        logger.error({ err: error }, "Falha ao procurar a página guardada do cliente");
        app(req, res);
      },
    );
  };
}

/**
 * The files next to `assets/` (favicon, placeholder), served for their own paths only: a static
 * handler in front of every route would look for a file on disk at each request.
 */
function publicFiles(directory: string): RequestHandler {
  const serve = express.static(directory, { maxAge: "1h", index: false });
  const paths = new Set(
    readdirSync(directory, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  return (req, res, next) => (paths.has(req.path) ? serve(req, res, next) : next());
}

const startingPage = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Vitrine</title></head>
<body><p>A loja está iniciando. Tente novamente em instantes.</p></body></html>`;

const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  req.log.error({ err: error }, "Erro não tratado na requisição");
  if (res.headersSent) return next(error);
  res.status(500).type("html").send(errorPage(FAILURE_MESSAGES.unexpected));
};
