import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { logSerializers, type Logger } from "../app/config/logger.server";

const REQUEST_ID = /^[\w-]{1,64}$/;
const PROBES = new Set(["/healthz", "/readyz"]);

/** Each request's id (`X-Request-Id`, the caller's when it is a plain one) and its log line. */
export function requestLog(logger: Logger): RequestHandler {
  return pinoHttp({
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
  });
}
