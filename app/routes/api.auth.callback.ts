import { data, redirect } from "react-router";
import type { Route } from "./+types/api.auth.callback";
import { finishProviderSignIn } from "../domain/accounts/provider-sign-in.server";
import { signInProvidersOf } from "../domain/accounts/sign-in-providers.server";

/**
 * The redirect URI registered with Google or the OIDC provider (better-auth's own callback path,
 * its handler is not mounted): the provider's answer is checked by better-auth in-process.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const provider = signInProvidersOf(context.env).find((candidate) => candidate.id === params.providerId);
  if (!provider) throw data("Provedor desconhecido", { status: 404 });
  const { location, headers } = await finishProviderSignIn(context, request, provider);
  headers.set("Cache-Control", "no-store");
  throw redirect(location, { headers });
}
