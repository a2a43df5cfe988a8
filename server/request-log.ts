import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { logSerializers, requestLineLogger, type Logger } from "../app/config/logger.server";
import { UPLOADS_URL_PREFIX } from "../app/storage/file-storage.server";
import { cacheStateOf } from "./cached-page-response";
import type { RouteTable } from "./route-table";
import { carriesSession } from "./visitor-pages";

const REQUEST_ID = /^[\w-]{1,64}$/;
/** Probes and scrapes, asked every few seconds: logged only when they fail. */
const QUIET_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);
/** Paths the shell serves itself, named as one route each. */
const SHELL_ROUTES = [
  ["/assets/", "/assets/*"],
  [UPLOADS_URL_PREFIX, `${UPLOADS_URL_PREFIX}*`],
] as const;

/** A request once answered (or given up by its client), as logs and metrics see it. */
export interface AnsweredRequest {
  method: string;
  /** The route's pattern (`/product/:id`), or the path for the probes. */
  route: string;
  status: number;
  durationMs: number;
  /** Which page cache answered, and how (`X-Cache`). */
  cache?: { of: "visitor" | "customer"; result: "hit" | "miss" | "bypass" };
}

const requestIds = new WeakMap<IncomingMessage, string>();

/**
 * Gives each request its id (`X-Request-Id`: the caller's when it is a plain one) and, once it
 * is answered, writes one line: method, route, path (never the query string, which may carry a
 * token or an e-mail), status, duration, cache result. Headers only at debug level. Every request
 * goes through here, those the page caches answer before Express included.
 */
export function createRequestLog(
  logger: Logger,
  routes: RouteTable,
  onAnswered: (answered: AnsweredRequest) => void,
) {
  const lines = requestLineLogger(logger);
  return {
    /**
     * Starts following a request; call first, before anything answers it. Returns the request's
     * id, for whatever answers it to send as `X-Request-Id`.
     */
    follow(req: IncomingMessage, res: ServerResponse): string {
      const startedAt = performance.now();
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      requestIds.set(req, id);
      // As asked: Express rewrites `req.url` inside a mounted router (`/assets`, `/uploads`), and
      // the precompressed files' handler names the `.br` or `.gz` file it sends.
      const path = (req.url ?? "").split("?", 1)[0]!;
      res.once("close", () => {
        const answered: AnsweredRequest = {
          method: req.method ?? "",
          route: routeNameOf(routes, req, path),
          status: res.statusCode,
          durationMs: performance.now() - startedAt,
          cache: cacheResultOf(req, res),
        };
        onAnswered(answered);
        if (QUIET_PATHS.has(path) && res.statusCode < 500) return;
        lines.info(
          {
            reqId: id,
            method: answered.method,
            route: answered.route,
            path,
            status: answered.status,
            responseTime: Math.round(answered.durationMs),
            ...(answered.cache && { cache: answered.cache.result }),
            ...(!res.writableFinished && { aborted: true }),
            ...(lines.isLevelEnabled("debug") && {
              req: { url: req.url, headers: req.headers },
              res: { headers: res.getHeaders() },
            }),
          },
          "Requisição atendida",
        );
      });
      return id;
    },
    /** `req.log` for the Express stack: the store's logger with the request's id on each line. */
    requestLogger(): RequestHandler {
      return pinoHttp({
        logger,
        serializers: logSerializers,
        genReqId: (req) => requestIds.get(req) ?? randomUUID(),
        quietReqLogger: true,
        // The line of each request is written by `follow`.
        autoLogging: false,
      });
    },
  };
}

function routeNameOf(routes: RouteTable, req: IncomingMessage, path: string): string {
  if (QUIET_PATHS.has(path)) return path;
  for (const [prefix, name] of SHELL_ROUTES) if (path.startsWith(prefix)) return name;
  return routes.routeOf(req)?.pattern ?? "other";
}

function cacheResultOf(req: IncomingMessage, res: ServerResponse): AnsweredRequest["cache"] {
  const state = cacheStateOf(res);
  if (!state) return undefined;
  // A request with a session is only ever answered by its customer's pages.
  return {
    of: carriesSession(req) ? "customer" : "visitor",
    result: state.toLowerCase() as "hit" | "miss" | "bypass",
  };
}
