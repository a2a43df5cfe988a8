import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF protection for cookie-authenticated writes, beside SameSite=Lax cookies: a state-changing
 * request must come from this site's own pages, as the browser reports it (Sec-Fetch-Site, or
 * else the Origin header). Webhooks from payment providers are signed and come without cookies.
 */
export function sameOriginWrites(exemptPaths: RegExp): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || exemptPaths.test(req.path)) return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const crossSite =
      (site !== undefined && site !== "same-origin" && site !== "none") ||
      (origin !== undefined && hostOf(origin) !== req.get("host"));
    if (!crossSite) return next();
    req.log.warn({ site, origin }, "Escrita de outra origem recusada");
    res.status(403).type("text/plain; charset=utf-8").send("Requisição de outra origem recusada");
  };
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null; // "null" (sandboxed pages, some redirects) or garbage: not this site
  }
}
