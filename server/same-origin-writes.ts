import type { RequestHandler } from "express";
import type { RequestOrigin } from "./request-origin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF protection for cookie-authenticated writes, beside SameSite=Lax cookies: a state-changing
 * request must come from this site's own pages, as the browser reports it (Sec-Fetch-Site, or
 * else the Origin header, compared with the store's own: see `RequestOrigin.isOwn`). Webhooks from
 * payment providers are signed and come without cookies.
 */
export function sameOriginWrites(exemptPaths: RegExp, own: RequestOrigin): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || exemptPaths.test(req.path)) return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const crossSite =
      (site !== undefined && site !== "same-origin" && site !== "none") ||
      (origin !== undefined && !own.isOwn(origin, req));
    if (!crossSite) return next();
    // The Host too: a proxy that drops the port, with no PUBLIC_URL, shows here.
    req.log.warn({ site, origin, host: req.get("host") }, "Escrita de outra origem recusada");
    res.status(403).type("text/plain; charset=utf-8").send("Requisição de outra origem recusada");
  };
}
