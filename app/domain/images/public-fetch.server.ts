import { lookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector, fetch, type Response } from "undici";

/** Redirects followed before giving up; each one is checked like the first address. */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Whether an address is on the public internet: not loopback, private (10/8, 172.16/12,
 * 192.168/16, fc00::/7), link-local (169.254/16, where clouds answer with their credentials,
 * fe80::/10), shared (100.64/10), unspecified (0/8, ::), multicast, broadcast, documentation or
 * otherwise reserved, nor an IPv6 form of any of those (::ffff:10.0.0.1, NAT64, 6to4, Teredo).
 */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === "unicast";
}

class NonPublicAddressError extends Error {
  constructor(host: string) {
    super(`${host} não é um endereço público`);
    this.name = "NonPublicAddressError";
  }
}

/**
 * Resolves a name as the socket would, and answers only when every address it has is public: the
 * address checked is the one connected to, so a name that changes its answer between a check and
 * the connection (DNS rebinding) gains nothing.
 */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    if (addresses.length === 0 || !addresses.every(({ address }) => isPublicAddress(address))) {
      return callback(new NonPublicAddressError(hostname), "", 0);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

const connectThroughPublicLookup = buildConnector({ lookup: publicLookup });

/** Connects only to public addresses: a name through `publicLookup`, an IP literal directly. */
const publicOnly = new Agent({
  connect(options, callback) {
    // The socket looks up names only; an address written in the URL is checked here.
    if (isIP(options.hostname) && !isPublicAddress(options.hostname)) {
      callback(new NonPublicAddressError(options.hostname), null);
      return;
    }
    connectThroughPublicLookup(options, callback);
  },
});

/**
 * Origins on non-public addresses that may be fetched all the same. For tests only, whose sites
 * listen on loopback: nothing in the store adds one, and no setting can, so a deployment cannot
 * open this by accident. Returns the function that takes the origin back.
 */
const trustedOrigins = new Set<string>();
export function trustOriginForTests(url: string): () => void {
  const { origin } = new URL(url);
  trustedOrigins.add(origin);
  return () => trustedOrigins.delete(origin);
}

/**
 * GETs an http(s) URL of the public internet, following its redirects by hand so each hop is
 * checked the same way. Null when a redirect leaves http(s) or there are too many; a non-public
 * address throws as a failed fetch does.
 */
export async function fetchFromPublicAddress(
  url: string,
  init: { signal: AbortSignal; headers: Record<string, string> },
): Promise<Response | null> {
  let target = new URL(url);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (target.protocol !== "http:" && target.protocol !== "https:") return null;
    const response = await fetch(target, {
      ...init,
      redirect: "manual",
      dispatcher: trustedOrigins.has(target.origin) ? undefined : publicOnly,
    });
    const location = response.headers.get("location");
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
    await response.body?.cancel();
    target = new URL(location, target);
  }
  return null;
}
