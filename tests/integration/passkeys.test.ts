import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authCall, type ServerContext } from "../../app/context.server";
import { passkeys, users } from "../../app/db/schema.server";
import { exportPersonalData } from "../../app/domain/accounts/personal-data.server";
import { readSession } from "../../app/domain/accounts/session.server";
import {
  confirmTwoFactorEnrolment,
  startTwoFactorEnrolment,
} from "../../app/domain/accounts/two-factor.server";
import { action as passkeyOptionsAction } from "../../app/routes/api.passkey-options";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/account/settings";
import { action as authAction } from "../../app/routes/auth";
import { SoftwareAuthenticator } from "../support/software-authenticator";
import {
  nextClientIp,
  requestWithCookies,
  setUpTestStore,
  signUpInStore,
  TEST_BASE_URL,
} from "../support/test-context";
import { enrolmentCode } from "../support/totp";

const store = setUpTestStore();
const REFUSED = "Não foi possível entrar com a passkey. Tente novamente ou entre com sua senha.";

/** The cookies a browser keeps, updated by each answer's Set-Cookie headers. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  constructor(header = "") {
    for (const pair of header.split("; ").filter(Boolean)) {
      const [name, ...value] = pair.split("=");
      this.cookies.set(name!, value.join("="));
    }
  }
  keep(headers: Headers) {
    for (const cookie of headers.getSetCookie()) {
      const [pair] = cookie.split(";", 1);
      const [name, ...value] = pair!.split("=");
      if (value.join("") === "") this.cookies.delete(name!);
      else this.cookies.set(name!, value.join("="));
    }
  }
  has(name: RegExp) {
    return [...this.cookies.keys()].some((cookie) => name.test(cookie));
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

type AnyArgs = { request: Request; context: ServerContext; params: object };

/**
 * Posts a form to a route's action as the browser would (its own client address, the jar's
 * cookies), keeps the cookies it answers with, and gives back what the page receives.
 */
async function post(
  handler: (args: never) => unknown,
  path: string,
  jar: CookieJar,
  form: Record<string, string>,
): Promise<Record<string, unknown>> {
  const request = new Request(`${TEST_BASE_URL}${path}`, {
    method: "POST",
    headers: { cookie: jar.header, origin: TEST_BASE_URL },
    body: new URLSearchParams(form),
  });
  const context = { ...store.context, clientIp: nextClientIp() };
  const result = (await (handler as (args: AnyArgs) => unknown)({ request, context, params: {} })) as Record<
    string,
    unknown
  >;
  // An answer with headers (cookies) comes as data(); a plain refusal as the object itself.
  if (result.type === "DataWithResponseInit") {
    const { data, init } = result as unknown as { data: Record<string, unknown>; init: ResponseInit | null };
    jar.keep(new Headers(init?.headers));
    return data;
  }
  return result;
}

async function options(jar: CookieJar, ceremony: "registration" | "authentication") {
  const answer = await post(passkeyOptionsAction, "/api/passkey-options", jar, { ceremony });
  expect(answer).toMatchObject({ ok: true });
  return answer.options as { challenge: string };
}

/** A signed-up customer with a passkey added in Configurações, through the actions. */
async function customerWithPasskey(name = "Notebook") {
  const customer = await signUpInStore(store);
  const jar = new CookieJar(customer.cookie);
  const authenticator = new SoftwareAuthenticator(TEST_BASE_URL);
  const created = authenticator.register(await options(jar, "registration"));
  const added = await post(settingsAction, "/account/settings", jar, {
    intent: "passkey-add",
    name,
    response: JSON.stringify(created),
  });
  expect(added).toMatchObject({ intent: "passkey-add", ok: true });
  const [passkey] = await store.database.db.select().from(passkeys).where(eq(passkeys.userId, customer.id));
  return { customer, jar, authenticator, passkey: passkey! };
}

/** 'Entrar com passkey' from a signed-out browser: options, then the authenticator's answer. */
async function signInWith(
  authenticator: SoftwareAuthenticator,
  answer: (challenge: string) => unknown = (challenge) => authenticator.assert(challenge),
) {
  const jar = new CookieJar();
  const { challenge } = await options(jar, "authentication");
  const result = await post(authAction, "/auth", jar, {
    intent: "passkey",
    response: JSON.stringify(answer(challenge)),
  });
  const { user } = await readSession(
    store.context,
    new Request(`${TEST_BASE_URL}/account`, {
      headers: { cookie: jar.header },
    }),
  );
  return { result, user, jar };
}

async function storedPasskey(id: string) {
  const [row] = await store.database.db.select().from(passkeys).where(eq(passkeys.id, id));
  return row;
}

describe("passkeys", () => {
  it("adds a named passkey, signs in with it alone and records its last use", async () => {
    const { customer, authenticator, passkey } = await customerWithPasskey("Celular da Maria");
    expect(passkey).toMatchObject({ name: "Celular da Maria", lastUsedAt: null });

    const { result, user } = await signInWith(authenticator);
    expect(result).toEqual({ welcome: "login" });
    expect(user?.id).toBe(customer.id);
    expect((await storedPasskey(passkey.id))?.lastUsedAt).toBeInstanceOf(Date);

    const page = await settingsLoader({
      request: new Request(`${TEST_BASE_URL}/account/settings`, { headers: { cookie: customer.cookie } }),
      context: store.context,
      params: {},
    } as Parameters<typeof settingsLoader>[0]);
    expect(page.passkeys).toEqual([
      {
        id: passkey.id,
        name: "Celular da Maria",
        createdOn: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        lastUsed: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/),
      },
    ]);
  });

  it("refuses an assertion made for another challenge, and signs nobody in", async () => {
    const { authenticator, passkey } = await customerWithPasskey();
    const otherChallenge = (await options(new CookieJar(), "authentication")).challenge;

    const { result, user, jar } = await signInWith(authenticator, () => authenticator.assert(otherChallenge));
    expect(result).toEqual({ message: REFUSED });
    expect(user).toBeNull();
    expect(jar.has(/session_token/)).toBe(false);
    expect(await storedPasskey(passkey.id)).toMatchObject({ counter: 0, lastUsedAt: null });
  });

  it("refuses a real assertion replayed against a new challenge", async () => {
    const { authenticator } = await customerWithPasskey();
    const first = await signInWith(authenticator);
    expect(first.user).not.toBeNull();
    const replayed = first.result && (await signInWithReplay(authenticator));
    expect(replayed.result).toEqual({ message: REFUSED });
    expect(replayed.user).toBeNull();
  });

  async function signInWithReplay(authenticator: SoftwareAuthenticator) {
    const jar = new CookieJar();
    const { challenge } = await options(jar, "authentication");
    const recorded = authenticator.assert(challenge);
    // Used once, as the browser would...
    const once = await post(authAction, "/auth", jar, {
      intent: "passkey",
      response: JSON.stringify(recorded),
    });
    expect(once).toEqual({ welcome: "login" });
    // ...then sent again by someone who captured it, on a challenge of their own.
    const attacker = new CookieJar();
    await options(attacker, "authentication");
    const result = await post(authAction, "/auth", attacker, {
      intent: "passkey",
      response: JSON.stringify(recorded),
    });
    const { user } = await readSession(
      store.context,
      new Request(`${TEST_BASE_URL}/account`, {
        headers: { cookie: attacker.header },
      }),
    );
    return { result, user };
  }

  it("refuses an assertion naming another account's passkey but signed by another key", async () => {
    const victim = await customerWithPasskey("Passkey da vítima");
    const attacker = await customerWithPasskey("Passkey do atacante");

    const { result, user } = await signInWith(victim.authenticator, (challenge) =>
      victim.authenticator.assert(challenge, { as: attacker.authenticator }),
    );
    expect(result).toEqual({ message: REFUSED });
    expect(user).toBeNull();
    expect(await storedPasskey(victim.passkey.id)).toMatchObject({ counter: 0, lastUsedAt: null });
  });

  it("refuses an assertion without user verification on the device", async () => {
    const { authenticator } = await customerWithPasskey();
    const { result, user } = await signInWith(authenticator, (challenge) =>
      authenticator.assert(challenge, { userVerified: false }),
    );
    expect(result).toEqual({ message: REFUSED });
    expect(user).toBeNull();
  });

  it("refuses a registration answered for another challenge, and adds nothing", async () => {
    const customer = await signUpInStore(store);
    const jar = new CookieJar(customer.cookie);
    await options(jar, "registration");
    const elsewhere = await options(new CookieJar(customer.cookie), "registration");
    const answer = await post(settingsAction, "/account/settings", jar, {
      intent: "passkey-add",
      name: "Notebook",
      response: JSON.stringify(new SoftwareAuthenticator(TEST_BASE_URL).register(elsewhere)),
    });
    expect(answer).toMatchObject({
      ok: false,
      message: "Não foi possível adicionar a passkey. Tente novamente.",
    });
    expect(await store.database.db.select().from(passkeys).where(eq(passkeys.userId, customer.id))).toEqual(
      [],
    );
  });

  it("lets a customer neither list nor remove another's passkey", async () => {
    const owner = await customerWithPasskey("Da dona");
    const other = await signUpInStore(store);

    const page = await settingsLoader({
      request: new Request(`${TEST_BASE_URL}/account/settings`, { headers: { cookie: other.cookie } }),
      context: store.context,
      params: {},
    } as Parameters<typeof settingsLoader>[0]);
    expect(page.passkeys).toEqual([]);

    const answer = await post(settingsAction, "/account/settings", new CookieJar(other.cookie), {
      intent: "passkey-remove",
      passkeyId: owner.passkey.id,
      password: other.password,
    });
    expect(answer).toMatchObject({ intent: "passkey-remove", ok: false, message: "Passkey não encontrada" });
    expect(await storedPasskey(owner.passkey.id)).toBeDefined();
  });

  it("removes a passkey only with the right password", async () => {
    const { customer, jar, passkey, authenticator } = await customerWithPasskey();
    const wrong = await post(settingsAction, "/account/settings", jar, {
      intent: "passkey-remove",
      passkeyId: passkey.id,
      password: "senha-errada",
    });
    expect(wrong).toMatchObject({ ok: false, message: "Senha incorreta" });
    expect(await storedPasskey(passkey.id)).toBeDefined();

    const right = await post(settingsAction, "/account/settings", jar, {
      intent: "passkey-remove",
      passkeyId: passkey.id,
      password: customer.password,
    });
    expect(right).toMatchObject({ ok: true });
    expect(await storedPasskey(passkey.id)).toBeUndefined();
    expect((await signInWith(authenticator)).user).toBeNull();
  });

  it("lists passkeys in the data export and removes them with the account", async () => {
    const { customer, passkey } = await customerWithPasskey("Tablet");
    const exported = await exportPersonalData(store.database.db, customer.id);
    expect(exported.passkeys).toEqual([{ nome: "Tablet", criadaEm: expect.any(Date), ultimoUso: null }]);
    expect(JSON.stringify(exported)).not.toContain(passkey.publicKey);

    await store.database.db.delete(users).where(eq(users.id, customer.id));
    expect(await storedPasskey(passkey.id)).toBeUndefined();
  });

  describe("with two-factor on", () => {
    async function withTwoFactor() {
      const found = await customerWithPasskey("Celular");
      const { customer } = found;
      // Each call from a client address of its own, as in the other tests: limits count per client.
      const callWith = (headers: Headers) => ({
        ...authCall(store.context, requestWithCookies(headers)),
        clientIp: nextClientIp(),
      });
      const call = callWith(customer.headers);
      const enrolment = await startTwoFactorEnrolment(call, customer.password, "Vitrine");
      if (!enrolment.ok) throw new Error(enrolment.message);
      const signedIn = enrolment.headers.getSetCookie().length ? enrolment.headers : customer.headers;
      const confirmed = await confirmTwoFactorEnrolment(
        store.database.db,
        callWith(signedIn),
        customer.id,
        enrolmentCode(enrolment.secret),
      );
      expect(confirmed.ok).toBe(true);
      return found;
    }

    async function passwordStep(customer: { email: string; password: string }) {
      const jar = new CookieJar();
      const answer = await post(authAction, "/auth", jar, {
        intent: "login",
        email: customer.email,
        password: customer.password,
      });
      expect(answer).toEqual({ secondFactor: true });
      return jar;
    }

    const signedInAs = async (jar: CookieJar) =>
      (
        await readSession(
          store.context,
          new Request(`${TEST_BASE_URL}/account`, { headers: { cookie: jar.header } }),
        )
      ).user;

    it("signs in with the passkey alone, without the code", async () => {
      const { customer, authenticator } = await withTwoFactor();
      const { result, user } = await signInWith(authenticator);
      expect(result).toEqual({ welcome: "login" });
      expect(user?.id).toBe(customer.id);
    });

    it("takes the account's own passkey instead of the code after the password", async () => {
      const { customer, authenticator } = await withTwoFactor();
      const jar = await passwordStep(customer);
      const { challenge } = await options(jar, "authentication");
      const answer = await post(authAction, "/auth", jar, {
        intent: "second-factor-passkey",
        response: JSON.stringify(authenticator.assert(challenge)),
      });
      expect(answer).toEqual({ welcome: "login" });
      expect((await signedInAs(jar))?.id).toBe(customer.id);
    });

    it("refuses another account's passkey after the password, and signs nobody in", async () => {
      const { customer } = await withTwoFactor();
      const other = await customerWithPasskey("De outra pessoa");
      const jar = await passwordStep(customer);
      const { challenge } = await options(jar, "authentication");
      const answer = await post(authAction, "/auth", jar, {
        intent: "second-factor-passkey",
        response: JSON.stringify(other.authenticator.assert(challenge)),
      });
      expect(answer).toEqual({ message: "Esta passkey não é desta conta." });
      expect(await signedInAs(jar)).toBeNull();
      expect(await storedPasskey(other.passkey.id)).toMatchObject({ counter: 0, lastUsedAt: null });
    });

    it("refuses 'Usar passkey' without a password step", async () => {
      const { authenticator } = await withTwoFactor();
      const jar = new CookieJar();
      const { challenge } = await options(jar, "authentication");
      const answer = await post(authAction, "/auth", jar, {
        intent: "second-factor-passkey",
        response: JSON.stringify(authenticator.assert(challenge)),
      });
      expect(answer).toEqual({ message: "Sua verificação expirou. Entre novamente com e-mail e senha." });
      expect(await signedInAs(jar)).toBeNull();
    });
  });
});
