import type { ServerContext } from "../../app/context.server";
import { cookieHeader } from "../../app/domain/accounts/auth-endpoints.server";
import { readSession, type SessionUser } from "../../app/domain/accounts/session.server";
import { loader as callbackLoader } from "../../app/routes/api.auth.callback";
import { loader as authLoader } from "../../app/routes/auth";
import { action as providerAction } from "../../app/routes/auth.provider";
import { TEST_BASE_URL } from "./test-context";

export interface ProviderSignInAnswer {
  /** Where the store sent the browser at the end: a store path, or the provider's URL. */
  location: string;
  /** The store's last answer's headers (its cookies). */
  headers: Headers;
}

/** The Response a loader or action threw (a redirect), or the one it returned. */
async function answerOf(run: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await run();
    if (result instanceof Response) return result;
    throw new Error(`Esperava uma resposta de redirecionamento, veio ${JSON.stringify(result)}`);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/**
 * A browser clicking 'Entrar com …' on the store: the store's routes are called in-process, the
 * provider (a real one on loopback) over HTTP, each with its own cookies, following redirects
 * until the provider sends the browser back to the store's callback. `beforeCallback` may change
 * that callback URL (an attacker's), `beforeReturn` runs just before it is followed.
 */
export async function signInWithProvider(
  context: () => ServerContext,
  options: {
    providerId?: string;
    redirectTo?: string;
    beforeCallback?: (callback: URL) => void;
    beforeReturn?: () => Promise<void>;
  } = {},
): Promise<ProviderSignInAnswer> {
  const providerId = options.providerId ?? "oidc";
  const form = new URLSearchParams(options.redirectTo ? { redirectTo: options.redirectTo } : {});
  const started = await answerOf(() =>
    providerAction({
      request: new Request(`${TEST_BASE_URL}/auth/provider/${providerId}`, { method: "POST", body: form }),
      params: { providerId },
      context: context(),
    } as unknown as Parameters<typeof providerAction>[0]),
  );
  const storeCookie = cookieHeader(started.headers);
  let location = new URL(started.headers.get("location")!, TEST_BASE_URL).href;
  if (location.startsWith(TEST_BASE_URL)) return { location: pathOf(location), headers: started.headers };

  const providerCookies = new Map<string, string>();
  for (let hops = 0; !location.startsWith(TEST_BASE_URL); hops += 1) {
    if (hops > 10) throw new Error(`Redirecionamentos demais no provedor, último: ${location}`);
    const response = await fetch(location, {
      redirect: "manual",
      headers: { cookie: [...providerCookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(";", 1);
      const [name, value] = [pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1)];
      if (value === "" || /max-age=0/i.test(setCookie)) providerCookies.delete(name);
      else providerCookies.set(name, value);
    }
    const next = response.headers.get("location");
    if (!next)
      throw new Error(`O provedor respondeu ${response.status} sem redirecionar: ${await response.text()}`);
    location = new URL(next, location).href;
  }

  const callback = new URL(location);
  options.beforeCallback?.(callback);
  await options.beforeReturn?.();
  const finished = await answerOf(() =>
    callbackLoader({
      request: new Request(callback, { headers: { cookie: storeCookie } }),
      params: { providerId },
      context: context(),
    } as unknown as Parameters<typeof callbackLoader>[0]),
  );
  return { location: finished.headers.get("location")!, headers: finished.headers };
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** Who the store's answer signs in, if anyone. */
export async function signedInUser(
  context: ServerContext,
  answer: ProviderSignInAnswer,
): Promise<SessionUser | null> {
  const cookie = cookieHeader(answer.headers);
  const { user } = await readSession(
    context,
    new Request(`${TEST_BASE_URL}/account`, { headers: { cookie } }),
  );
  return user;
}

/** What the /auth page shows at a path the store redirected to: its alert and its buttons. */
export async function authPageAt(context: ServerContext, path: string) {
  return (await authLoader({
    request: new Request(new URL(path, TEST_BASE_URL)),
    params: {},
    context,
  } as unknown as Parameters<typeof authLoader>[0])) as Exclude<
    Awaited<ReturnType<typeof authLoader>>,
    Response
  >;
}
