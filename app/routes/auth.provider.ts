import { data, redirect } from "react-router";
import type { Route } from "./+types/auth.provider";
import { authCall } from "../context.server";
import { startProviderSignIn } from "../domain/accounts/provider-sign-in.server";
import { signInProvidersOf } from "../domain/accounts/sign-in-providers.server";
import { safeRedirectPath } from "../lib/safe-redirect";

/**
 * 'Entrar com Google' (or the OIDC provider): a form post, so it works before JavaScript; answers
 * with a redirect to the provider and the state cookie.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const provider = signInProvidersOf(context.env).find((candidate) => candidate.id === params.providerId);
  if (!provider) throw data("Provedor desconhecido", { status: 404 });
  const form = await request.formData();
  const returnTo = safeRedirectPath(String(form.get("redirectTo") ?? ""), "/account");
  const { location, headers } = await startProviderSignIn(
    authCall(context, request),
    context.logger,
    provider,
    returnTo,
  );
  throw redirect(location, { headers });
}

export function loader() {
  throw redirect("/auth");
}
