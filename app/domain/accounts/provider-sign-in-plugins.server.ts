import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { genericOAuth } from "better-auth/plugins";
import { discoveryUrlOf, type SignInProvider } from "./sign-in-providers.server";

/** Where a provider sign-in of an account with two-factor goes for its code. */
export const SECOND_FACTOR_PAGE = "/auth?etapa=codigo";
/** As long as better-auth's own two-factor cookie lives after a password sign-in. */
const TWO_FACTOR_COOKIE_SECONDS = 10 * 60;

/**
 * Google and the OIDC_ISSUER provider through better-auth's generic OAuth plugin: discovery,
 * authorization code with PKCE, state, and an ID token verified against the provider's keys
 * (signature, issuer, audience, expiry) and bound to the request by its nonce.
 */
export function providerSignIn(providers: SignInProvider[]): BetterAuthPlugin[] {
  if (providers.length === 0) return [];
  return [
    genericOAuth({
      config: providers.map((provider) => ({
        providerId: provider.id,
        name: provider.label,
        discoveryUrl: discoveryUrlOf(provider.issuer),
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        scopes: ["openid", "email", "profile"],
        pkce: true,
        // No ID token check, no sign-in: a provider whose discovery gives no keys is skipped.
        requireIdTokenVerification: true,
      })),
    }),
  ];
}

/**
 * better-auth asks for the second factor after a password sign-in only (its two-factor plugin
 * watches /sign-in/email). A provider sign-in of an account with two-factor on must not be a way
 * around it: its session is dropped and the customer is asked for the code, exactly as after a
 * password, with better-auth's own two-factor cookie and attempt counter.
 */
export function providerSignInTwoFactor(storeOrigin: string): BetterAuthPlugin {
  return {
    id: "vitrine-provider-two-factor",
    hooks: {
      after: [
        {
          matcher: (context) => context.path === "/callback/:id",
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!(signedIn?.user as { twoFactorEnabled?: boolean } | undefined)?.twoFactorEnabled) return;
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(signedIn!.session.token);
            ctx.context.setNewSession(null);

            const cookie = ctx.context.createAuthCookie("two_factor", { maxAge: TWO_FACTOR_COOKIE_SECONDS });
            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + TWO_FACTOR_COOKIE_SECONDS * 1000);
            await ctx.context.internalAdapter.createVerificationValue({
              value: signedIn!.user.id,
              identifier,
              expiresAt,
            });
            await ctx.context.internalAdapter.createVerificationValue({
              value: "0",
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
            throw ctx.redirect(`${storeOrigin}${SECOND_FACTOR_PAGE}`);
          }),
        },
      ],
    },
  };
}
