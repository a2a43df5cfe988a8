import { CLIENT_IP_HEADER, type Auth } from "./auth.server";
import type { Outcome } from "../../lib/outcome";

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
 * cookies work, from our own server only: the handler is not reachable from outside.
 */
export function callAuthEndpoint<T = unknown>(
  call: AuthCall,
  path: string,
  body: Record<string, unknown>,
): Promise<AuthResult<T>> {
  return sendToAuth<T>(call, path, "POST", JSON.stringify(body));
}

/** The same, for an endpoint read with GET and its query (e-mail confirmation links). */
export function getAuthEndpoint<T = unknown>(
  call: AuthCall,
  path: string,
  query: Record<string, string>,
): Promise<AuthResult<T>> {
  return sendToAuth<T>(call, `${path}?${new URLSearchParams(query)}`, "GET", null);
}

async function sendToAuth<T>(
  call: AuthCall,
  path: string,
  method: "GET" | "POST",
  body: string | null,
): Promise<AuthResult<T>> {
  const headers = new Headers({ origin: call.baseURL });
  if (body !== null) headers.set("content-type", "application/json");
  for (const name of FORWARDED_HEADERS) {
    const value = call.request.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, call.clientIp);
  const response = await call.auth.handler(
    new Request(new URL(`/api/auth${path}`, call.baseURL), { method, headers, body }),
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

/** What an auth endpoint's rate limit answers, in the customer's words. */
export const TOO_MANY_ATTEMPTS = "Muitas tentativas. Aguarde um minuto e tente novamente.";

/** The signed-in customer's password, confirmed before a sensitive change (5 tries a minute). */
export async function confirmPassword(
  call: AuthCall,
  password: string,
): Promise<Outcome<{ headers: Headers }>> {
  const check = await callAuthEndpoint(call, "/verify-password", { password });
  if (check.body) return { ok: true, headers: check.headers };
  return { ok: false, message: check.status === 429 ? TOO_MANY_ATTEMPTS : "Senha incorreta" };
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeader(setCookies: Headers): string {
  return setCookies
    .getSetCookie()
    .map((setCookie) => setCookie.split(";", 1)[0])
    .join("; ");
}
