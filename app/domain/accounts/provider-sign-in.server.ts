import type { Logger } from "../../config/logger.server";
import { safeRedirectPath } from "../../lib/safe-redirect";
import { callAuthEndpoint, cookieHeader, type AuthCall } from "./auth-endpoints.server";
import { CLIENT_IP_HEADER } from "./auth.server";
import { SECOND_FACTOR_PAGE } from "./provider-sign-in-plugins.server";
import { readSession, type SessionServices } from "./session.server";
import type { SignInProvider } from "./sign-in-providers.server";

/** What the Login tab says after a provider sign-in that did not happen (`/auth?erro=…`). */
export type ProviderSignInError = "provedor" | "conta-existente";

export function providerSignInMessage(
  error: string | null,
  provider: SignInProvider | undefined,
): string | null {
  if (!error) return null;
  const name = provider ? (provider.id === "google" ? "o Google" : provider.label) : "o provedor";
  if (error === "conta-existente") {
    return `Já existe uma conta com este e-mail. Entre com sua senha; para entrar com ${name}, o e-mail precisa estar confirmado na conta e pelo provedor.`;
  }
  return `Não foi possível entrar com ${name}. Tente novamente.`;
}

export type ProviderRedirect = { location: string; headers: Headers };

function failure(providerId: string, error: ProviderSignInError = "provedor"): ProviderRedirect {
  const query = new URLSearchParams({ erro: error, provedor: providerId });
  return { location: `/auth?${query.toString()}`, headers: new Headers() };
}

/**
 * Starts a sign-in with a provider: better-auth records the state (with the PKCE verifier and the
 * nonce) and answers with the provider's authorization URL and the state cookie.
 */
export async function startProviderSignIn(
  call: AuthCall,
  logger: Logger,
  provider: SignInProvider,
  returnTo: string,
): Promise<ProviderRedirect> {
  const result = await callAuthEndpoint<{ url?: string }>(call, "/sign-in/social", {
    provider: provider.id,
    callbackURL: `${call.baseURL}${returnTo}`,
    errorCallbackURL: `${call.baseURL}/auth`,
    disableRedirect: true,
  }).catch((error: unknown) => {
    logger.warn({ err: error }, "Entrada por provedor não iniciada");
    return null;
  });
  const url = result?.body?.url;
  if (!url) {
    logger.warn(
      { provider: provider.id, status: result?.status, code: result?.code },
      "Provedor indisponível",
    );
    return failure(provider.id);
  }
  return { location: url, headers: result.headers };
}

/**
 * The provider's answer, handed to better-auth's callback in-process (its handler is not mounted):
 * it checks the state against its cookie, exchanges the code with the PKCE verifier, verifies the
 * ID token (keys, issuer, audience, nonce), then signs in, creates or links the account. A refusal
 * of any kind comes back to the Login tab with a message, and none of better-auth's cookies. A
 * customer without a PF/PJ profile (a first sign-in) goes to the profile page to create it.
 */
export async function finishProviderSignIn(
  services: SessionServices & { baseURL: string; clientIp: string; logger: Logger },
  request: Request,
  provider: SignInProvider,
): Promise<ProviderRedirect> {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent", "accept-language"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, services.clientIp);
  const search = new URL(request.url).search;
  let response: Response;
  try {
    response = await services.auth.handler(
      new Request(new URL(`/api/auth/callback/${provider.id}${search}`, services.baseURL), {
        method: "GET",
        headers,
      }),
    );
  } catch (error) {
    services.logger.warn({ err: error, provider: provider.id }, "Retorno do provedor recusado");
    return failure(provider.id);
  }
  const location = response.headers.get("location");
  const target = location ? new URL(location, services.baseURL) : null;
  if (!target || target.origin !== new URL(services.baseURL).origin || target.searchParams.has("error")) {
    const error = target?.searchParams.get("error") ?? `status ${response.status}`;
    services.logger.warn({ provider: provider.id, error }, "Entrada por provedor recusada");
    return failure(provider.id, error === "account_not_linked" ? "conta-existente" : "provedor");
  }
  const cookies = new Headers();
  for (const cookie of response.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  if (target.pathname + target.search === SECOND_FACTOR_PAGE) {
    return { location: SECOND_FACTOR_PAGE, headers: cookies };
  }
  const { user } = await readSession(
    services,
    new Request(new URL("/account", services.baseURL), { headers: { cookie: cookieHeader(cookies) } }),
  );
  if (!user) {
    services.logger.warn({ provider: provider.id }, "Entrada por provedor sem sessão");
    return failure(provider.id);
  }
  // The path the sign-in started with (its callbackURL), checked again as it leaves the store.
  const returnTo = safeRedirectPath(target.pathname + target.search, "/account");
  return { location: user.taxpayer ? returnTo : "/account/profile", headers: cookies };
}
