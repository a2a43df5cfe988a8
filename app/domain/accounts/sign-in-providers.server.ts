import type { Env } from "../../config/env.server";

/**
 * An OpenID Connect provider customers may sign in with: Google, or the one `OIDC_ISSUER` names.
 * Both take one code path, better-auth's generic OAuth plugin with discovery
 * (docs/decisions/0016-oidc-sign-in.md).
 */
export interface SignInProvider {
  /** better-auth's provider id; the callback is /api/auth/callback/{id}. */
  id: "google" | "oidc";
  /** The button's name: 'Entrar com {label}'. */
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export const GOOGLE_ISSUER = "https://accounts.google.com";

/** The providers the environment configures, Google first; none when no variable is set. */
export function signInProvidersOf(env: Env): SignInProvider[] {
  const providers: SignInProvider[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.push({
      id: "google",
      label: "Google",
      issuer: GOOGLE_ISSUER,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
    });
  }
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    providers.push({
      id: "oidc",
      label: env.OIDC_NAME ?? "provedor",
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
    });
  }
  return providers;
}

/** The issuer's discovery document (OpenID Connect Discovery 1.0). */
export function discoveryUrlOf(issuer: string): string {
  return `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
}

/** The path the provider sends the customer back to (its redirect URI, after the store's origin). */
export function callbackPathOf(providerId: string): string {
  return `/api/auth/callback/${providerId}`;
}
