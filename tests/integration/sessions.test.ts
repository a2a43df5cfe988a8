import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, userRoles } from "../../app/db/schema.server";
import { signUpSchema } from "../../app/domain/accounts/account-schemas";
import { cookieHeader } from "../../app/domain/accounts/auth-endpoints.server";
import { readSession } from "../../app/domain/accounts/session.server";
import { authCall } from "../../app/context.server";
import { signUp } from "../../app/domain/accounts/sign-in.server";
import { loader as accountLoader } from "../../app/routes/account/layout";
import { randomCpf } from "../support/accounts";
import { nextClientIp, setUpTestStore, TEST_BASE_URL } from "../support/test-context";

const store = setUpTestStore();
const DAY_MS = 24 * 60 * 60 * 1000;

/** A new customer's session cookie, as the sign-up answered it. */
async function signedUpCookie(name: string): Promise<string> {
  const input = signUpSchema.parse({
    userType: "PF",
    name,
    cpf: randomCpf(),
    phone: "11987654321",
    email: `sessao-${crypto.randomUUID()}@example.com`,
    password: "segredo1",
  });
  const call = { ...authCall(store.context, new Request(`${TEST_BASE_URL}/auth`)), clientIp: nextClientIp() };
  const outcome = await signUp(store.context.db, store.context.logger, call, input);
  if (!outcome.ok) throw new Error(outcome.message);
  return cookieHeader(outcome.headers);
}

/** /account as the browser asks for it: the user it shows and the cookies it sets, or where it sends. */
async function openAccount(cookie: string) {
  const request = new Request(`${TEST_BASE_URL}/account`, { headers: { cookie } });
  try {
    const answer = await accountLoader({ request, context: store.context, params: {} } as never);
    return { user: answer.data.user, setCookie: new Headers(answer.init?.headers).get("set-cookie") ?? "" };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { redirectTo: thrown.headers.get("location") };
  }
}

const tokenOf = (cookie: string) =>
  decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split(".")[0]!;

describe("the session of a request", () => {
  it("signs in the customer whose cookie carries a valid signature", async () => {
    const cookie = await signedUpCookie("Helena Prado");
    expect(await openAccount(cookie)).toMatchObject({ user: { name: "Helena Prado", role: "user" } });
  });

  it("signs nobody in when the token or its signature was altered, even by one extra character", async () => {
    const cookie = await signedUpCookie("Igor Matos");
    const [, value] = /session_token=([^;]+)/.exec(cookie)!;
    const [token, signature] = decodeURIComponent(value!).split(".");
    const otherSignature = encodeURIComponent(
      `${token}.${signature!.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`,
    );
    const otherToken = encodeURIComponent(
      `${token!.replace(/^./, (c) => (c === "a" ? "b" : "a"))}.${signature}`,
    );
    // The same signature with a character a lenient base64 decoder would skip.
    const paddedSignature = encodeURIComponent(`${token}.${signature}!`);
    for (const altered of [otherSignature, otherToken, paddedSignature, encodeURIComponent(token!)]) {
      expect(await openAccount(cookie.replace(value!, altered))).toEqual({
        redirectTo: "/auth?redirectTo=%2Faccount",
      });
    }
  });

  it("ends at once when the session is revoked elsewhere", async () => {
    const cookie = await signedUpCookie("Joana Reis");
    expect(await openAccount(cookie)).toHaveProperty("user");
    await store.database.db.delete(sessions).where(eq(sessions.token, tokenOf(cookie)));
    expect(await openAccount(cookie)).toEqual({ redirectTo: "/auth?redirectTo=%2Faccount" });
  });

  it("is read once per request: every loader of one page sees the same session", async () => {
    const cookie = await signedUpCookie("Mara Dias");
    // React Router hands each loader its own copy of the request, all with the request's context.
    const loaderRequest = () => new Request(`${TEST_BASE_URL}/account`, { headers: { cookie } });
    const context = store.context;
    expect((await readSession(context, loaderRequest())).user).toMatchObject({ name: "Mara Dias" });
    await store.database.db.delete(sessions).where(eq(sessions.token, tokenOf(cookie)));
    expect((await readSession(context, loaderRequest())).user).toMatchObject({ name: "Mara Dias" });
    expect((await readSession(store.context, loaderRequest())).user).toBeNull();
  });

  it("shows a role granted a moment ago on the next request", async () => {
    const cookie = await signedUpCookie("Kátia Lopes");
    const [session] = await store.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, tokenOf(cookie)));
    await store.database.db.insert(userRoles).values({ userId: session!.userId, role: "admin" });
    expect(await openAccount(cookie)).toMatchObject({ user: { role: "admin" } });
  });

  it("extends a session used after a day, as the sliding expiry promises", async () => {
    const cookie = await signedUpCookie("Lucas Nunes");
    const token = tokenOf(cookie);
    await store.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 28 * DAY_MS) })
      .where(eq(sessions.token, token));
    const opened = await openAccount(cookie);
    expect(opened).toMatchObject({ user: { name: "Lucas Nunes" } });
    expect(opened.setCookie).toMatch(/session_token=.+Max-Age=2592000/);
    const [session] = await store.database.db.select().from(sessions).where(eq(sessions.token, token));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it("refuses an expired session and removes it", async () => {
    const cookie = await signedUpCookie("Marta Souza");
    const token = tokenOf(cookie);
    await store.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect(await openAccount(cookie)).toEqual({ redirectTo: "/auth?redirectTo=%2Faccount" });
    expect(await store.database.db.select().from(sessions).where(eq(sessions.token, token))).toEqual([]);
  });
});
