/** Stands for the store's own origin while a path is resolved; never contacted. */
const STORE_ORIGIN = "http://store.invalid";

/**
 * A redirect target from user input (a query parameter, a form field, a provider's callback),
 * honoured only when it is a path on this site; else `fallback`. The path is resolved as a browser
 * would (dot segments, backslashes, percent-encoded dots) and the result is checked, not only the
 * input: `/.//evil.com` resolves to `//evil.com`, which a browser reads as another host.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = "/"): string {
  if (!value || !isStorePath(value)) return fallback;
  const resolved = new URL(value, STORE_ORIGIN);
  const path = resolved.pathname + resolved.search + resolved.hash;
  return isStorePath(path) ? path : fallback;
}

/**
 * One leading "/" and never "//" or "/\" (both name another host), no control characters (a
 * browser drops tabs and line breaks, joining what they separate), and on the store's origin.
 */
function isStorePath(path: string): boolean {
  return (
    path.startsWith("/") &&
    !path.startsWith("//") &&
    !path.startsWith("/\\") &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/.test(path) &&
    new URL(path, STORE_ORIGIN).origin === STORE_ORIGIN
  );
}
