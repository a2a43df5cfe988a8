import pino from "pino";
import type { Env } from "./env.server";

export type Logger = pino.Logger;

export function createLogger(env: Pick<Env, "LOG_LEVEL">): Logger {
  return pino({
    level: env.LOG_LEVEL,
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
