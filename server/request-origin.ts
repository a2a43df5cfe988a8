import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyAddr from "proxy-addr";
import { rememberRecentAnswers } from "./recent-answers";

const HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;
/** How many hosts' origins are kept, and the longest kept. */
const RECENT_HOSTS = { keys: 1_000, maxKeyLength: 300 };

export interface RequestOriginOptions {
  /**
   * `PUBLIC_URL`: when set, every page is made for it, and forms are taken from it alone, whatever
   * Host a request names.
   */
  publicUrl: string | undefined;
  /** `TRUST_PROXY`: the proxies whose X-Forwarded-For and X-Forwarded-Proto are believed. */
  trustProxy: string;
}

/** Which origin a request is answered for, and which proxies' forwarding headers count. */
export function createRequestOrigin(options: RequestOriginOptions) {
  const trust = proxyAddr.compile(options.trustProxy.split(",").map((entry) => entry.trim()));
  const fixedOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;

  /** `X-Forwarded-Proto` from a trusted proxy, and only http or https; else the connection's own. */
  function protocolOf(req: IncomingMessage): "http" | "https" {
    const own = (req.socket as TLSSocket).encrypted ? "https" : "http";
    const forwarded = req.headers["x-forwarded-proto"];
    if (typeof forwarded !== "string" || !trust(req.socket.remoteAddress ?? "", 0)) return own;
    const first = forwarded.split(",", 1)[0]!.trim().toLowerCase();
    return first === "http" || first === "https" ? first : own;
  }

  /** The origin of `scheme://host`, or null when the host is not a plain host name (and port). */
  const originOf = rememberRecentAnswers((schemeAndHost: string) => {
    const host = schemeAndHost.slice(schemeAndHost.indexOf("://") + 3);
    if (!HOST.test(host) || !URL.canParse(schemeAndHost)) return null;
    return new URL(schemeAndHost).origin;
  }, RECENT_HOSTS);

  return {
    /** For Express's `trust proxy`, so `req.ip` believes the same proxies. */
    trust,
    /**
     * `PUBLIC_URL`'s origin when configured; else the one the request names, with a Host header
     * that is a plain host name (and port). Null for any other Host.
     */
    of(req: IncomingMessage): string | null {
      if (fixedOrigin) return fixedOrigin;
      const host = req.headers.host;
      return host ? originOf(`${protocolOf(req)}://${host}`) : null;
    },
    /**
     * Whether a browser's `Origin` header names this store: `PUBLIC_URL`'s origin (scheme, host
     * and port) when configured, whatever Host a proxy passed on (`Host $host` drops the port);
     * else the host the request names, on either scheme.
     */
    isOwn(origin: string, req: IncomingMessage): boolean {
      if (!URL.canParse(origin)) return false; // "null" (sandboxed pages, some redirects) or garbage
      const url = new URL(origin);
      return fixedOrigin ? url.origin === fixedOrigin : url.host === req.headers.host;
    },
  };
}

export type RequestOrigin = ReturnType<typeof createRequestOrigin>;
