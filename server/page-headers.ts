import type { RequestHandler } from "express";
import { contentSecurityPolicy, createNonce, nonceSource } from "./content-security-policy";

export interface PageHeadersOptions {
  /** Headers every response carries (server/security-headers.ts). */
  securityHeaders: [string, string][];
  https: boolean;
  /** Other origins a form's answer may redirect to: the sign-in providers. */
  formTargets: string[];
  /** Development: Vite's dev client injects inline scripts; production is held to the full policy. */
  development: boolean;
}

/** The security headers, and a Content-Security-Policy with this response's nonce (`res.locals.cspNonce`). */
export function pageHeaders(options: PageHeadersOptions): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of options.securityHeaders) res.setHeader(name, value);
    if (!options.development) {
      const nonce = createNonce();
      res.locals.cspNonce = nonce;
      res.setHeader(
        "Content-Security-Policy",
        contentSecurityPolicy([nonceSource(nonce)], options.https, options.formTargets),
      );
    }
    next();
  };
}
