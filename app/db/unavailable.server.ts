/** Node's network errors: nobody listens, the connection was cut, the host cannot be reached. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's own: class 08 (connection exception), the server shutting down or starting up
 * (57P01-57P03), no connection slot left (53300).
 */
const UNAVAILABLE_SQLSTATE = /^(?:08...|57P0[123]|53300)$/;

/** What node-postgres and PGlite say, in words only, when there is no connection to use. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated", // node-postgres: cut mid-query, or its connection timeout
  "timeout exceeded when trying to connect", // pg-pool: no connection within connectionTimeoutMillis
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
  "PGlite is closed",
  "PGlite is closing",
];

/**
 * Whether `error` says the database cannot be reached (down, restarting, unreachable, closed),
 * rather than that a query failed: the same request may work in a moment. Wrapped causes are
 * followed (drizzle's "Failed query" error, pg-pool's timeout), and each attempt of a connection
 * tried on several addresses (an AggregateError).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!(current instanceof Error) || seen.has(current)) continue;
    seen.add(current);
    if (saysUnavailable(current)) return true;
    pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]));
  }
  return false;
}

function saysUnavailable(error: Error): boolean {
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  return (
    NETWORK_CODES.has(code) ||
    UNAVAILABLE_SQLSTATE.test(code) ||
    UNAVAILABLE_MESSAGES.some((message) => error.message.startsWith(message))
  );
}
