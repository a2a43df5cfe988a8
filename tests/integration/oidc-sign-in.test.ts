import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitOutgoingRequests } from "../../app/config/outgoing-requests.server";
import type { ServerContext } from "../../app/context.server";
import { accounts, sessions, users } from "../../app/db/schema.server";
import { authCall } from "../../app/context.server";
import { createProfile } from "../../app/domain/accounts/profile.server";
import { verifySecondFactor } from "../../app/domain/accounts/sign-in.server";
import {
  confirmTwoFactorEnrolment,
  startTwoFactorEnrolment,
} from "../../app/domain/accounts/two-factor.server";
import { startOidcProvider, type OidcProviderFixture, type ProviderAccount } from "../support/oidc-provider";
import { authPageAt, signedInUser, signInWithProvider } from "../support/provider-sign-in";
import { NORMALISED_ESCAPES } from "../support/redirect-attacks";
import { randomCpf } from "../support/accounts";
import { startSilentServer, type SilentServer } from "../support/silent-server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { createTestContext, requestWithCookies, signUpInStore, TEST_BASE_URL } from "../support/test-context";
import { enrolmentCode, signInCode } from "../support/totp";
import { freePort } from "../support/store-server";

const PROVIDER_NAME = "Conta Corporativa";
const REFUSED = `Não foi possível entrar com ${PROVIDER_NAME}. Tente novamente.`;

let database: TestDatabase;
let provider: OidcProviderFixture;
let baseContext: ServerContext;
/** A request's context, from a client address of its own (sign-ins are rate-limited per client). */
const context = () => ({
  ...baseContext,
  clientIp: `198.19.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
});

function oidcVariables(fixture: { issuer: string; clientId: string; clientSecret: string }) {
  return {
    OIDC_ISSUER: fixture.issuer,
    OIDC_CLIENT_ID: fixture.clientId,
    OIDC_CLIENT_SECRET: fixture.clientSecret,
    OIDC_NAME: PROVIDER_NAME,
  };
}

function providerAccount(overrides: Partial<ProviderAccount> = {}): ProviderAccount {
  return {
    sub: randomUUID(),
    email: `oidc-${randomUUID()}@example.com`,
    email_verified: true,
    name: "Paula Provedora",
    ...overrides,
  };
}

/** A customer who signed up with a password and opened the link confirming the e-mail. */
async function confirmedCustomer(email: string) {
  const customer = await signUpInStore({ context: context() }, { email });
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, customer.id));
  return customer;
}

/** What a refused sign-in must leave as it was: the accounts, their provider links, the sessions. */
async function footprint() {
  const [[userRows], [accountRows], [sessionRows]] = await Promise.all([
    database.db.select({ n: count() }).from(users),
    database.db.select({ n: count() }).from(accounts),
    database.db.select({ n: count() }).from(sessions),
  ]);
  return { users: userRows!.n, accounts: accountRows!.n, sessions: sessionRows!.n };
}

async function expectRefused(answer: { location: string; headers: Headers }, message = REFUSED) {
  expect(answer.location).toMatch(/^\/auth\?/);
  expect((await authPageAt(context(), answer.location)).providerError).toBe(message);
  expect(await signedInUser(context(), answer)).toBeNull();
  expect(answer.headers.getSetCookie().join("\n")).not.toMatch(/session_token=[^;]/);
}

beforeAll(async () => {
  database = await createTestDatabase();
  provider = await startOidcProvider({ redirectUris: [`${TEST_BASE_URL}/api/auth/callback/oidc`] });
  baseContext = createTestContext(database, undefined, oidcVariables(provider));
});

afterAll(async () => {
  await provider?.stop();
  await database?.destroy();
});

describe("sign-in with an OpenID Connect provider", () => {
  it("creates the account on a first sign-in, with PKCE, and asks for the PF/PJ profile", async () => {
    const account = providerAccount();
    provider.signInAs(account);

    const answer = await signInWithProvider(context);

    expect(answer.location).toBe("/account/profile");
    const user = await signedInUser(context(), answer);
    expect(user).toMatchObject({ email: account.email, taxpayer: null });
    const [created] = await database.db.select().from(users).where(eq(users.email, account.email));
    expect(created).toMatchObject({ name: account.name, emailVerified: true });
    const links = await database.db.select().from(accounts).where(eq(accounts.userId, created!.id));
    expect(links).toEqual([expect.objectContaining({ providerId: "oidc", accountId: account.sub })]);
    // The provider requires PKCE and got a S256 challenge (43 base64url characters).
    expect(provider.lastCodeChallenge()).toMatch(/^[\w-]{43}$/);
  });

  it("signs the same account in again, and goes where the customer was going once the profile exists", async () => {
    const account = providerAccount();
    provider.signInAs(account);
    const first = await signInWithProvider(context);
    const firstUser = (await signedInUser(context(), first))!;
    await createProfile(database.db, firstUser, {
      userType: "PF",
      fullName: "Paula Provedora",
      cpf: "52998224725",
      phone: "11987654321",
    });

    provider.signInAs(account);
    const again = await signInWithProvider(context, { redirectTo: "/checkout" });

    expect(again.location).toBe("/checkout");
    expect((await signedInUser(context(), again))?.id).toBe(firstUser.id);
    const [{ n }] = (await database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, account.email))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it.each(NORMALISED_ESCAPES)(
    "goes to the account, not to another site, when the sign-in started from redirectTo=%s",
    async (attack) => {
      const account = providerAccount();
      provider.signInAs(account);
      const user = (await signedInUser(context(), await signInWithProvider(context)))!;
      await createProfile(database.db, user, {
        userType: "PF",
        fullName: "Paula Provedora",
        cpf: randomCpf(),
        phone: "11987654321",
      });

      provider.signInAs(account);
      const answer = await signInWithProvider(context, { redirectTo: attack });

      expect(answer.location).toBe("/account");
      expect((await signedInUser(context(), answer))?.id).toBe(user.id);
    },
  );

  it("links an existing account with the same e-mail when the provider and the account both confirmed it", async () => {
    const customer = await confirmedCustomer(`maria-${randomUUID()}@example.com`);
    provider.signInAs(providerAccount({ email: customer.email, email_verified: true }));

    const answer = await signInWithProvider(context);

    expect(answer.location).toBe("/account");
    expect((await signedInUser(context(), answer))?.id).toBe(customer.id);
    const links = await database.db.select().from(accounts).where(eq(accounts.userId, customer.id));
    expect(links.map((link) => link.providerId).sort()).toEqual(["credential", "oidc"]);
  });

  it.each([
    { refusal: "the provider does not say the e-mail is verified", confirmed: true, verified: false },
    // Someone may have signed up with another's address: its owner's provider sign-in must not
    // hand them that account.
    { refusal: "the account never confirmed its e-mail", confirmed: false, verified: true },
  ])("does not link an existing account when $refusal", async ({ confirmed, verified }) => {
    const email = `joana-${randomUUID()}@example.com`;
    const customer = confirmed
      ? await confirmedCustomer(email)
      : await signUpInStore({ context: context() }, { email });
    provider.signInAs(providerAccount({ email, email_verified: verified }));
    const before = await footprint();

    const answer = await signInWithProvider(context);

    await expectRefused(
      answer,
      `Já existe uma conta com este e-mail. Entre com sua senha; para entrar com ${PROVIDER_NAME}, o e-mail precisa estar confirmado na conta e pelo provedor.`,
    );
    expect(await footprint()).toEqual(before);
    const links = await database.db.select().from(accounts).where(eq(accounts.userId, customer.id));
    expect(links.map((link) => link.providerId)).toEqual(["credential"]);
  });

  it("refuses a callback whose state is not the one this browser started with", async () => {
    provider.signInAs(providerAccount());
    const before = await footprint();

    const answer = await signInWithProvider(context, {
      beforeCallback: (callback) => callback.searchParams.set("state", "estado-forjado-pelo-atacante"),
    });

    await expectRefused(answer);
    expect(await footprint()).toEqual(before);
  });

  it.each([
    [
      "a nonce of another sign-in",
      (claims: Record<string, unknown>) => ({ ...claims, nonce: "outro-nonce" }),
    ],
    ["another issuer", (claims: Record<string, unknown>) => ({ ...claims, iss: "http://127.0.0.1:1" })],
    ["another audience", (claims: Record<string, unknown>) => ({ ...claims, aud: "outro-cliente" })],
  ])("refuses an ID token with %s, signs nobody in and changes nothing", async (_case, rewrite) => {
    provider.signInAs(providerAccount());
    provider.tamperIdToken(rewrite);
    const before = await footprint();
    try {
      const answer = await signInWithProvider(context);
      await expectRefused(answer);
    } finally {
      provider.tamperIdToken(null);
    }
    expect(await footprint()).toEqual(before);
  });

  it("accepts an ID token the fixture re-signs with its claims unchanged (so the refusals above are the claims')", async () => {
    const account = providerAccount();
    provider.signInAs(account);
    provider.tamperIdToken((claims) => ({ ...claims }));
    try {
      const answer = await signInWithProvider(context);
      expect((await signedInUser(context(), answer))?.email).toBe(account.email);
    } finally {
      provider.tamperIdToken(null);
    }
  });

  it("refuses a callback naming another issuer (iss parameter)", async () => {
    provider.signInAs(providerAccount());
    const before = await footprint();

    const answer = await signInWithProvider(context, {
      beforeCallback: (callback) => callback.searchParams.set("iss", "http://127.0.0.1:1"),
    });

    await expectRefused(answer);
    expect(await footprint()).toEqual(before);
  });
});

describe("an account with two-factor", () => {
  it("still asks for the code after a provider sign-in, and signs in only with it", async () => {
    const customer = await confirmedCustomer(`ana-${randomUUID()}@example.com`);
    const enrolment = await startTwoFactorEnrolment(
      authCall(context(), requestWithCookies(customer.headers)),
      customer.password,
      "Vitrine",
    );
    if (!enrolment.ok) throw new Error(enrolment.message);
    const confirmed = await confirmTwoFactorEnrolment(
      database.db,
      authCall(context(), requestWithCookies(customer.headers)),
      customer.id,
      enrolmentCode(enrolment.secret),
    );
    expect(confirmed.ok).toBe(true);
    provider.signInAs(providerAccount({ email: customer.email, email_verified: true }));

    const answer = await signInWithProvider(context);

    expect(answer.location).toBe("/auth?etapa=codigo");
    expect((await authPageAt(context(), answer.location)).secondFactorPending).toBe(true);
    expect(await signedInUser(context(), answer)).toBeNull();
    const code = signInCode(enrolment.secret);
    const wrong = await verifySecondFactor(
      database.db,
      authCall(context(), requestWithCookies(answer.headers)),
      code === "000000" ? "111111" : "000000",
    );
    expect(wrong).toMatchObject({ ok: false, message: "Código inválido ou expirado" });
    const verified = await verifySecondFactor(
      database.db,
      authCall(context(), requestWithCookies(answer.headers)),
      code,
    );
    if (!verified.ok) throw new Error(verified.message);
    expect((await signedInUser(context(), { location: "/", headers: verified.headers }))?.id).toBe(
      customer.id,
    );
  });
});

describe("a provider that does not answer", () => {
  it("gets a message at the start when the provider is down, and the store still starts", async () => {
    const port = await freePort();
    const down = createTestContext(database, undefined, {
      ...oidcVariables({ issuer: `http://127.0.0.1:${port}`, clientId: "x", clientSecret: "y" }),
    });
    const before = await footprint();

    const answer = await signInWithProvider(() => ({ ...down }));

    await expectRefused(answer);
    expect(await footprint()).toEqual(before);
  });

  it("gets a message when the provider goes down before the code is exchanged", async () => {
    const shortLived = await startOidcProvider({ redirectUris: [`${TEST_BASE_URL}/api/auth/callback/oidc`] });
    const storeContext = createTestContext(database, undefined, oidcVariables(shortLived));
    shortLived.signInAs(providerAccount());
    const before = await footprint();

    const answer = await signInWithProvider(() => ({ ...storeContext }), {
      beforeReturn: () => shortLived.stop(),
    });

    await expectRefused(answer);
    expect(await footprint()).toEqual(before);
  });

  describe("a provider that accepts the connection and never answers", () => {
    // The store gives up on a silent server (server/main.ts sets 10 s); a second here. Without the
    // limit, Node waits 5 minutes and these tests time out.
    let restoreLimits: () => void;
    beforeAll(() => {
      restoreLimits = limitOutgoingRequests(1_000);
    });
    afterAll(() => restoreLimits());

    it("gets a message at the start, and the store still starts", async () => {
      const silent = await startSilentServer();
      try {
        const hanging = createTestContext(database, undefined, {
          ...oidcVariables({ issuer: silent.url, clientId: "x", clientSecret: "y" }),
        });
        const before = await footprint();

        const answer = await signInWithProvider(() => ({ ...hanging }));

        await expectRefused(answer);
        expect(await footprint()).toEqual(before);
      } finally {
        await silent.stop();
      }
    });

    it("gets a message when the provider falls silent before the code is exchanged", async () => {
      const shortLived = await startOidcProvider({
        redirectUris: [`${TEST_BASE_URL}/api/auth/callback/oidc`],
      });
      const storeContext = createTestContext(database, undefined, oidcVariables(shortLived));
      shortLived.signInAs(providerAccount());
      const before = await footprint();
      let silent: SilentServer | undefined;
      try {
        const answer = await signInWithProvider(() => ({ ...storeContext }), {
          beforeReturn: async () => {
            await shortLived.stop();
            silent = await startSilentServer(Number(new URL(shortLived.issuer).port));
          },
        });

        await expectRefused(answer);
        expect(await footprint()).toEqual(before);
      } finally {
        await silent?.stop();
      }
    });
  });
});

describe("the buttons on the Login tab", () => {
  it("shows the provider's button only when it is configured", async () => {
    expect((await authPageAt(context(), "/auth")).providers).toEqual([{ id: "oidc", label: PROVIDER_NAME }]);
    const unconfigured = createTestContext(database);
    expect((await authPageAt(unconfigured, "/auth")).providers).toEqual([]);
  });
});
