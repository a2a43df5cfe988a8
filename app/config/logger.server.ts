import pino from "pino";
import type { Env } from "./env.server";

/** What the logs show instead of a value they must not keep. */
const REDACTED = "[oculto]";

export type Logger = pino.Logger;

/**
 * An error as the logs keep it: what failed and where, never the values involved (a failed
 * insert's parameters and the database's "Key (cpf)=(…) already exists" detail carry CPFs,
 * e-mails and phones).
 */
export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  /** The SQL of a failed query, with placeholders ($1, $2…) where the values went. */
  query?: string;
  cause?: LoggedError;
  aggregateErrors?: LoggedError[];
  [field: string]: unknown;
}

/** Error fields that name what failed (SQLSTATE, constraint, table…) and never carry values. */
const NAMING_FIELDS = [
  "code",
  "errno",
  "syscall",
  "status",
  "statusCode",
  "severity",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
];
/** How deep a chain of causes is followed. */
const MAX_CAUSES = 8;

/**
 * Serializes an error without the values it carries: drizzle's `params` (also appended to its
 * message as "params: …", and so to its stack), the database error's `detail`, `hint` and
 * `where`, and any other field not known to be harmless; the same for each `cause`. pino-http
 * hands over pino's own serialization of the error, whose original is in `raw`.
 */
function serializeError(value: unknown): unknown {
  const error = isPinoSerialized(value) ? value.raw : value;
  return isErrorLike(error) ? withoutValues(error, new Set(), 0) : value;
}

function withoutValues(error: ErrorLike, seen: Set<object>, depth: number): LoggedError {
  seen.add(error);
  const message = messageWithoutValues(error);
  const logged: LoggedError = { type: errorType(error), message };
  if (typeof error.stack === "string") logged.stack = stackWithoutValues(error, message);
  if (typeof error.query === "string") logged.query = error.query;
  for (const field of NAMING_FIELDS) {
    const fieldValue = error[field];
    if (typeof fieldValue === "string" || typeof fieldValue === "number") logged[field] = fieldValue;
  }
  const cause = error.cause;
  if (isErrorLike(cause) && !seen.has(cause) && depth < MAX_CAUSES) {
    logged.cause = withoutValues(cause, seen, depth + 1);
  }
  if (Array.isArray(error.errors)) {
    logged.aggregateErrors = error.errors
      .filter((inner): inner is ErrorLike => isErrorLike(inner) && !seen.has(inner))
      .map((inner) => withoutValues(inner, seen, depth + 1));
  }
  return logged;
}

/** drizzle appends "\nparams: …" to the SQL; a database error may end quoting the bad value. */
function messageWithoutValues(error: ErrorLike): string {
  const [message = ""] = error.message.split(/\r?\nparams:/, 1);
  const databaseError = typeof error.severity === "string" && typeof error.code === "string";
  // e.g. 'invalid input syntax for type uuid: "…"'
  return databaseError ? message.replace(/: ".*"$/s, `: "${REDACTED}"`) : message;
}

/** The stack's frames under a header made from the cleaned message. */
function stackWithoutValues(error: ErrorLike, message: string): string {
  const frames = String(error.stack)
    .split("\n")
    .filter((line) => /^\s+at /.test(line));
  return [`${typeof error.name === "string" ? error.name : "Error"}: ${message}`, ...frames].join("\n");
}

/** The error's own name, or its class's when it kept the generic one (drizzle's errors do). */
function errorType(error: ErrorLike): string {
  if (typeof error.name === "string" && error.name !== "Error") return error.name;
  const constructorName = (error.constructor as { name?: unknown } | undefined)?.name;
  return typeof constructorName === "string" && constructorName !== "Object" ? constructorName : "Error";
}

type ErrorLike = Record<string, unknown> & { message: string };

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === "object" && value !== null && typeof (value as ErrorLike).message === "string";
}

function isPinoSerialized(value: unknown): value is { raw: unknown } {
  return typeof value === "object" && value !== null && "raw" in value && isErrorLike(value.raw);
}

/**
 * Query parameters that are credentials: the token of a reset or confirmation link, and the
 * authorization code and state a sign-in provider sends back to its callback.
 */
const SECRET_PARAMETERS = ["token", "code", "state"];

/** A request as logged, with the credentials its address may carry hidden. */
function serializeRequest(req: unknown): unknown {
  if (typeof req !== "object" || req === null) return req;
  const { url, query } = req as { url?: unknown; query?: unknown };
  if (typeof url !== "string" || !SECRET_PARAMETERS.some((name) => url.includes(`${name}=`))) return req;
  const address = new URL(url, "http://loja.invalid");
  for (const name of SECRET_PARAMETERS) {
    if (address.searchParams.has(name)) address.searchParams.set(name, REDACTED);
  }
  const hiddenQuery =
    typeof query === "object" && query !== null
      ? Object.fromEntries(
          Object.entries(query).map(([name, value]) => [
            name,
            SECRET_PARAMETERS.includes(name) ? REDACTED : value,
          ]),
        )
      : query;
  return { ...req, url: address.pathname + address.search, query: hiddenQuery };
}

/** How logged values are written: the store's logger and the request logger (pino-http) share them. */
export const logSerializers = { err: serializeError, req: serializeRequest };

/** The headers of a logged request or response that carry credentials. */
const HEADER_CREDENTIALS = ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'];

/** The store's logger, writing JSON lines to standard output (or `destination`, in tests). */
export function createLogger(env: Pick<Env, "LOG_LEVEL">, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL,
    serializers: logSerializers,
    hooks: {
      // Logged without a message, pino would use the error's own, parameters and all.
      logMethod(args, method) {
        const [first] = args;
        const error: unknown = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
        if (args.length === 1 && isErrorLike(error)) {
          return method.apply(this, [first, messageWithoutValues(error)] as unknown as typeof args);
        }
        return method.apply(this, args);
      },
    },
    // Credentials never reach the logs, whatever logs a request or an error.
    redact: { paths: [...HEADER_CREDENTIALS, "password", "*.password"], censor: REDACTED },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The logger of the request lines (server/request-log.ts), written for every request, cached
 * pages included. A line holds the request's own fields and, at debug level, its headers: its
 * redaction is those headers' credentials. The store logger's wildcard (`*.password`) would make
 * pino pass each of a line's fields through the redactor, a clone and a stringify apiece.
 */
export function requestLineLogger(logger: Logger): Logger {
  return logger.child({}, { redact: { paths: HEADER_CREDENTIALS, censor: REDACTED } });
}
