import { CLIENT_IP_HEADER, type Auth } from "./auth.server";

/** Headers of the browser's request that the auth endpoints may see. */
const FORWARDED_HEADERS = ["cookie", "user-agent", "accept-language"];

export interface AuthCall {
  auth: Auth;
  /** The browser's request, for its cookies. */
  request: Request;
  clientIp: string;
  baseURL: string;
}

export interface AuthResult<T> {
  status: number;
  body: T | null;
  /** The error code better-auth answered with, e.g. INVALID_EMAIL_OR_PASSWORD. */
  code: string | null;
  /** Cookies to pass on to the browser. */
  headers: Headers;
}

/**
 * Calls an auth endpoint the way a request to `/api/auth` would, so rate limits and session
 * cookies work, from our own server only: the handler is not reachable from outside. A GET
 * endpoint gets `body` as its query.
 */
export async function callAuthEndpoint<T = unknown>(
  call: AuthCall,
  path: string,
  body: Record<string, unknown>,
  method: "GET" | "POST" = "POST",
): Promise<AuthResult<T>> {
  const headers = new Headers({ "content-type": "application/json", origin: call.baseURL });
  for (const name of FORWARDED_HEADERS) {
    const value = call.request.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, call.clientIp);
  const url = new URL(`/api/auth${path}`, call.baseURL);
  if (method === "GET") {
    for (const [name, value] of Object.entries(body)) url.searchParams.set(name, String(value));
  }
  const response = await call.auth.handler(
    new Request(url, { method, headers, body: method === "POST" ? JSON.stringify(body) : undefined }),
  );
  const payload = (await response.json().catch(() => null)) as (T & { code?: string }) | null;
  const cookies = new Headers();
  for (const cookie of response.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return {
    status: response.status,
    body: response.ok ? payload : null,
    code: response.ok ? null : (payload?.code ?? null),
    headers: cookies,
  };
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeader(setCookies: Headers): string {
  return setCookies
    .getSetCookie()
    .map((setCookie) => setCookie.split(";", 1)[0])
    .join("; ");
}
