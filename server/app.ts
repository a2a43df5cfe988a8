import { randomBytes, randomUUID } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { Env } from "../app/config/env.server";
import type { Logger } from "../app/config/logger.server";
import type { DatabaseHandle } from "../app/db/client.server";
import { UPLOADS_URL_PREFIX, uploadsDirectory } from "../app/storage/local-file-storage.server";
import { createReadinessProbe } from "./readiness";

export interface AppOptions {
  env: Env;
  logger: Logger;
  /** The database once it is migrated and ready; null while the store is starting. */
  database: () => DatabaseHandle | null;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Production: the built client files (`build/client`). */
  clientDirectory?: string;
  /** Development: Vite's middlewares (HMR, on-demand modules). */
  devMiddleware?: RequestHandler;
}

const REQUEST_ID = /^[\w-]{1,64}$/;
const PROBES = new Set(["/healthz", "/readyz"]);

export function createApp(options: AppOptions): express.Express {
  const { env, logger } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");

  app.use(
    pinoHttp({
      logger,
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
  const readiness = createReadinessProbe(options.database, logger);
  app.get("/readyz", async (_req, res) => {
    const status = await readiness.check();
    res.status(status === "ok" ? 200 : 503).json({ status });
  });

  app.use(compression());
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(securityHeaders(env, Boolean(options.devMiddleware)));

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else if (options.clientDirectory) {
    app.use(
      "/assets",
      express.static(`${options.clientDirectory}/assets`, { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static(options.clientDirectory, { maxAge: "1h", index: false }));
  }
  app.use(UPLOADS_URL_PREFIX, express.static(uploadsDirectory(env.DATA_DIR), { maxAge: "7d", index: false }));

  app.use((req, res, next) => {
    if (options.database()) return next();
    res.status(503).setHeader("Retry-After", "5");
    res.type("html").send(startingPage);
  });

  app.use(
    createRequestHandler({
      build: options.build,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) => ({
        db: options.database()!.db,
        env,
        logger: req.log,
        cspNonce: String(res.locals.cspNonce),
      }),
    }),
  );

  app.use(errorHandler);
  return app;
}

function securityHeaders(env: Env, development: boolean): RequestHandler {
  const https = env.PUBLIC_URL?.startsWith("https:") ?? false;
  return helmet({
    // Vite's dev client injects inline scripts; production is held to the full policy.
    contentSecurityPolicy: development
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "blob:"],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            ...(https ? { upgradeInsecureRequests: [] } : {}),
          },
        },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  });
}

const startingPage = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Vitrine</title></head>
<body><p>A loja está iniciando. Tente novamente em instantes.</p></body></html>`;

const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  req.log.error({ err: error }, "Erro não tratado na requisição");
  if (res.headersSent) return next(error);
  res.status(500).type("html").send(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<title>Erro | Vitrine</title></head><body><p>Ocorreu um erro inesperado. Tente novamente.</p></body></html>`);
};
