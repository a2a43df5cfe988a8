import { beforeAll, describe, expect, it } from "vitest";
import { authCall } from "../../app/context.server";
import { cookieHeader } from "../../app/domain/accounts/auth-endpoints.server";
import { signIn } from "../../app/domain/accounts/sign-in.server";
import { GATE_MESSAGES, type GateAnswer } from "../../app/domain/admin/admin-gate";
import { ensureGatePassword, gatePassed } from "../../app/domain/admin/admin-gate.server";
import { readSession } from "../../app/domain/accounts/session.server";
import { action as verifyGatePassword } from "../../app/routes/api.admin.verify-password";
import { signedInAdmin, TEST_GATE_PASSWORD, type TestAdmin } from "../support/admin";
import { nextClientIp, setUpTestStore, TEST_BASE_URL } from "../support/test-context";

// Issue 23: the gate counted every entry, right ones included, against its limits (5 a minute per
// client, 10 in 15 minutes per account), so an owner opening the panel in several sessions was
// locked out with the right password. Only wrong passwords count now.

const store = setUpTestStore();
/** The password `signedInAdmin` gives the accounts it makes. */
const ADMIN_PASSWORD = "segredo-admin-1";

beforeAll(async () => {
  await ensureGatePassword(store.database.db, TEST_GATE_PASSWORD);
});

/** A new session of the admin's account (another browser, another day). */
async function newSession(admin: TestAdmin): Promise<string> {
  const context = { ...store.context, clientIp: nextClientIp() };
  const outcome = await signIn(
    authCall(context, new Request(`${TEST_BASE_URL}/auth`)),
    admin.email,
    ADMIN_PASSWORD,
  );
  if (!outcome.ok) throw new Error(outcome.message);
  return cookieHeader(outcome.headers);
}

/** The gate dialog's post to the route's action, from `clientIp`; its status and JSON answer. */
async function enterGate(cookie: string, password: string, clientIp: string) {
  const result = (await verifyGatePassword({
    request: new Request(`${TEST_BASE_URL}/api/admin/verify-password`, {
      method: "POST",
      headers: { cookie, origin: TEST_BASE_URL },
      body: new URLSearchParams({ password }),
    }),
    context: { ...store.context, clientIp },
    params: {},
  } as Parameters<typeof verifyGatePassword>[0])) as
    GateAnswer | { type: "DataWithResponseInit"; data: GateAnswer; init: ResponseInit | null };
  if ("type" in result) return { status: result.init?.status ?? 200, answer: result.data };
  return { status: 200, answer: result };
}

async function sessionPassed(cookie: string): Promise<boolean> {
  const { sessionId } = await readSession(
    store.context,
    new Request(`${TEST_BASE_URL}/admin`, { headers: { cookie } }),
  );
  return gatePassed(store.database.db, sessionId!);
}

const PASSED = { status: 200, answer: { valid: true, message: GATE_MESSAGES.passed } };
const WRONG = { status: 403, answer: { valid: false, message: GATE_MESSAGES.wrong } };
const LOCKED = { status: 429, answer: { valid: false, message: GATE_MESSAGES.tooMany } };

describe("the admin gate's limits", () => {
  it.each([
    ["one client", true],
    ["a new client each time", false],
  ])("lets an admin open 12 sessions' panels in a row from %s", async (_, oneClient) => {
    const admin = await signedInAdmin(store.context, { gate: false });
    const sharedIp = nextClientIp();
    for (let entry = 1; entry <= 12; entry++) {
      const cookie = await newSession(admin);
      const ip = oneClient ? sharedIp : nextClientIp();
      expect({ entry, ...(await enterGate(cookie, TEST_GATE_PASSWORD, ip)) }).toEqual({ entry, ...PASSED });
      expect(await sessionPassed(cookie)).toBe(true);
    }
  });

  it("locks the account after 10 wrong passwords, even for the right one from a new client", async () => {
    const admin = await signedInAdmin(store.context, { gate: false });
    for (let attempt = 1; attempt <= 10; attempt++) {
      // From clients of their own: the account's limit, not a client's, is what locks.
      expect(await enterGate(admin.cookie, "senha-errada", nextClientIp())).toEqual(WRONG);
    }
    const cookie = await newSession(admin);
    expect(await enterGate(cookie, TEST_GATE_PASSWORD, nextClientIp())).toEqual(LOCKED);
    expect(await sessionPassed(cookie)).toBe(false);
  });

  it("locks a client after 5 wrong passwords in a minute, even for the right one", async () => {
    const admin = await signedInAdmin(store.context, { gate: false });
    const ip = nextClientIp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await enterGate(admin.cookie, "senha-errada", ip)).toEqual(WRONG);
    }
    expect(await enterGate(admin.cookie, TEST_GATE_PASSWORD, ip)).toEqual(LOCKED);
    expect(await sessionPassed(admin.cookie)).toBe(false);
  });

  it("clears a client's wrong passwords when the right one is given", async () => {
    const admin = await signedInAdmin(store.context, { gate: false });
    const ip = nextClientIp();
    for (let round = 1; round <= 2; round++) {
      for (let attempt = 1; attempt <= 4; attempt++) {
        expect(await enterGate(admin.cookie, "senha-errada", ip)).toEqual(WRONG);
      }
      // Without the clearing, the second round's wrong passwords would reach the client's 5.
      expect(await enterGate(await newSession(admin), TEST_GATE_PASSWORD, ip)).toEqual(PASSED);
    }
    expect(await enterGate(admin.cookie, "senha-errada", ip)).toEqual(WRONG);
  });
});
