import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import type { Logger } from "../../config/logger.server";
import type { Database } from "../../db/client.server";
import type { MailStore } from "../../mail/layout";
import {
  EMAIL_LINK_SECONDS,
  mailEmailConfirmation,
  mailPasswordReset,
  RESET_LINK_SECONDS,
} from "./account-mail.server";
import { providerSignIn, providerSignInTwoFactor } from "./provider-sign-in-plugins.server";
import type { SignInProvider } from "./sign-in-providers.server";
import {
  accounts,
  passkeys,
  rateLimits,
  sessions,
  twoFactors,
  users,
  verifications,
} from "../../db/schema.server";

export const SESSION_COOKIE_PREFIX = "vitrine";
/**
 * The client's address, set by our own server when it calls the auth handler (which is not
 * exposed over HTTP), so rate limits count per client; a request cannot forge it.
 */
export const CLIENT_IP_HEADER = "x-vitrine-client-ip";
const DAY_SECONDS = 24 * 60 * 60;

export interface AuthOptions {
  db: Database;
  secret: string;
  /** The store's public origin, e.g. http://localhost:3000. */
  baseURL: string;
  /** Secure cookies (production behind https). */
  https: boolean;
  logger: Logger;
  /** The owner's settings as they are now: the account's e-mails speak in the store's name. */
  store: () => Promise<MailStore>;
  /** Google and the OIDC_ISSUER provider, when configured (signInProvidersOf). */
  providers?: SignInProvider[];
}

/** Accounts, sessions and two-factor sign-in, by better-auth (DESIGN: never hand-rolled). */
export function createAuth(options: AuthOptions) {
  const mail = { db: options.db, baseURL: options.baseURL, store: options.store };
  return betterAuth({
    appName: "Vitrine",
    secret: options.secret,
    baseURL: options.baseURL,
    basePath: "/api/auth",
    trustedOrigins: [options.baseURL],
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        passkey: passkeys,
        rateLimit: rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      sendResetPassword: ({ user, token }) => mailPasswordReset(mail, user, token),
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // A new password ends every session: whoever knew the old one is signed out.
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      // Sent by signUp once the profile is saved, so a refused sign-up mails nobody.
      sendOnSignUp: false,
      sendVerificationEmail: ({ user, token }) => mailEmailConfirmation(mail, user, token),
      expiresIn: EMAIL_LINK_SECONDS,
      // A link in a mailbox confirms the address; it never opens a session.
      autoSignInAfterVerification: false,
    },
    // A new e-mail is the account's only once a link sent to it is opened (decision 0017).
    user: { changeEmail: { enabled: true } },
    account: {
      accountLinking: {
        enabled: true,
        // No provider is trusted blindly: an account with the same e-mail is linked only when the
        // provider says the e-mail is verified (email_verified) and the account confirmed it too,
        // so nobody can sign up with another's address and wait for its owner to link it
        // (decision records 0016 and 0017).
        trustedProviders: [],
        requireLocalEmailVerified: true,
      },
    },
    // Provider sign-in errors come back to the Login tab (routes/api.auth.callback.ts).
    onAPIError: { errorURL: `${options.baseURL}/auth` },
    session: {
      expiresIn: 30 * DAY_SECONDS,
      // Sliding expiry: a session used at least daily is extended.
      updateAge: DAY_SECONDS,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        // Counted by consumeSignUpAttempt before the CPF/CNPJ is looked up, once per attempt.
        "/sign-up/email": false,
        "/two-factor/verify-totp": { window: 60, max: 5 },
        "/two-factor/verify-backup-code": { window: 60, max: 5 },
        // Confirms the password before an e-mail change or an account deletion.
        "/verify-password": { window: 60, max: 5 },
        // Per client; requests per address are counted by requestPasswordReset.
        "/request-password-reset": { window: 15 * 60, max: 5 },
        "/reset-password": { window: 60, max: 10 },
        // Per client; links per account are counted by sendConfirmationLink.
        "/send-verification-email": { window: 15 * 60, max: 5 },
        // A passkey signs in like a password (and counts as the second factor too).
        "/passkey/generate-authenticate-options": { window: 60, max: 10 },
        "/passkey/verify-authentication": { window: 60, max: 5 },
        "/passkey/generate-register-options": { window: 60, max: 10 },
        "/passkey/verify-registration": { window: 60, max: 10 },
      },
    },
    logger: {
      log: (level, message) => options.logger[level]({ auth: true }, message),
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: options.https,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: options.https },
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      twoFactor({ issuer: "Vitrine", backupCodeOptions: { amount: 10, length: 10 } }),
      ...providerSignIn(options.providers ?? []),
      providerSignInTwoFactor(options.baseURL),
      passkey({
        rpName: "Vitrine",
        rpID: new URL(options.baseURL).hostname,
        origin: options.baseURL,
        // A passkey alone signs in, also where two-factor is on (decision 0015): possession of the
        // device and the person's verification on it (PIN, fingerprint, face), always.
        authenticatorSelection: { residentKey: "preferred", userVerification: "required" },
        registration: {
          afterVerification: ({ verification }) => {
            if (!verification.registrationInfo?.userVerified) throw userNotVerified();
          },
        },
        authentication: {
          afterVerification: ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) throw userNotVerified();
          },
        },
      }),
    ],
  });
}

/** The plugin does not require user verification itself: an assertion without it is refused here. */
function userNotVerified() {
  return new APIError("UNAUTHORIZED", { message: "User not verified", code: "USER_NOT_VERIFIED" });
}

export type Auth = ReturnType<typeof createAuth>;
