import pino from "pino";
import type { Env } from "./env.server";

export type Logger = pino.Logger;

/** How logged values are written: the store's logger and the request logger (pino-http) share them. */
export const logSerializers = { err: pino.stdSerializers.err };

export function createLogger(env: Pick<Env, "LOG_LEVEL">): Logger {
  return pino({
    level: env.LOG_LEVEL,
    serializers: logSerializers,
    // Credentials never reach the logs, whatever logs a request or an error.
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "password",
        "*.password",
      ],
      censor: "[oculto]",
    },
  });
}
