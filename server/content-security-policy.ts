import { createHash, randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The store's Content-Security-Policy. Inline scripts (React Router's hydration data) are allowed
 * by this response's nonce, or, for a page served from the cache, by the hashes of its scripts.
 */
export function contentSecurityPolicy(
  scriptSources: string[],
  https: boolean,
  /** Other origins a form's answer may redirect to: the sign-in providers (decision record 0016), Bling. */
  formTargets: string[] = [],
): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formTargets].join(" "),
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

export function nonceSource(nonce: string): string {
  return `'nonce-${nonce}'`;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** `'sha256-…'` sources for every inline script of a page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, content] of html.matchAll(INLINE_SCRIPT)) {
    if (content) hashes.add(`'sha256-${createHash("sha256").update(content).digest("base64")}'`);
  }
  return [...hashes];
}
