/**
 * A redirect target from a query parameter, honoured only when it is a path on this site: one
 * leading "/", never "//" or "/\" (another host), no scheme, no control characters.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = "/"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  const resolved = new URL(value, "http://vitrine.invalid");
  if (resolved.origin !== "http://vitrine.invalid") return fallback;
  return resolved.pathname + resolved.search + resolved.hash;
}
