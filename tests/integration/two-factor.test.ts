import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../app/db/schema.server";
import { signUpSchema } from "../../app/domain/accounts/account-schemas";
import { readSession } from "../../app/domain/accounts/session.server";
import { authCall } from "../../app/context.server";
import { signIn, signUp, verifySecondFactor } from "../../app/domain/accounts/sign-in.server";
import {
  changePassword,
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  startTwoFactorEnrolment,
} from "../../app/domain/accounts/two-factor.server";
import { setUpTestStore, nextClientIp, requestWithCookies, TEST_BASE_URL } from "../support/test-context";
import { enrolmentCode, signInCode } from "../support/totp";

const store = setUpTestStore();

const anonymous = () => new Request(`${TEST_BASE_URL}/auth`, { method: "POST" });
/** Each call from its own client address: these tests sign in more often than the rate limit allows one client. */
const callAs = (request: Request) => ({ ...authCall(store.context, request), clientIp: nextClientIp() });
const password = "senha-forte-1";

async function customerWithTwoFactor(email: string, cpf: string) {
  const input = signUpSchema.parse({
    userType: "PF",
    name: "Ana Souza",
    cpf,
    phone: "11987654321",
    email,
    password,
  });
  const created = await signUp(store.context.db, store.context.logger, callAs(anonymous()), input);
  if (!created.ok) throw new Error(created.message);
  const signedIn = requestWithCookies(created.headers);
  const enrolment = await startTwoFactorEnrolment(callAs(signedIn), password, "Vitrine");
  if (!enrolment.ok) throw new Error(enrolment.message);
  const [user] = await store.database.db.select().from(users).where(eq(users.email, email));
  const confirmed = await confirmTwoFactorEnrolment(
    store.database.db,
    authCall(
      store.context,
      requestWithCookies(enrolment.headers.getSetCookie().length ? enrolment.headers : created.headers),
    ),
    user!.id,
    enrolmentCode(enrolment.secret),
  );
  expect(confirmed.ok).toBe(true);
  return { user: user!, secret: enrolment.secret, backupCodes: enrolment.backupCodes, confirmed };
}

describe("two-factor authentication", () => {
  it("enrols with a QR code and backup codes, then asks for a code at sign-in", async () => {
    const email = "ana-2fa@example.com";
    const { secret, backupCodes, user } = await customerWithTwoFactor(email, "529.982.247-25");
    expect(backupCodes).toHaveLength(10);
    expect(
      (await store.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.twoFactorEnabled,
    ).toBe(true);

    const step1 = await signIn(callAs(anonymous()), email, password);
    expect(step1).toMatchObject({ ok: true, twoFactorRequired: true });
    if (!step1.ok) return;
    const pending = requestWithCookies(step1.headers);
    expect((await readSession(store.context, pending)).user).toBeNull();

    const code = signInCode(secret);
    const step2 = await verifySecondFactor(store.context.db, callAs(pending), code);
    expect(step2.ok).toBe(true);
    if (!step2.ok) return;
    expect((await readSession(store.context, requestWithCookies(step2.headers))).user?.email).toBe(email);

    // The same code, again within its 90 seconds: refused.
    const again = await signIn(callAs(anonymous()), email, password);
    if (!again.ok) throw new Error(again.message);
    const replay = await verifySecondFactor(
      store.context.db,
      callAs(requestWithCookies(again.headers)),
      code,
    );
    expect(replay).toEqual({ ok: false, message: "Código inválido ou expirado", field: "code" });
  });

  it("accepts a backup code once", async () => {
    const email = "bruno-2fa@example.com";
    const { backupCodes } = await customerWithTwoFactor(email, "111.444.777-35");
    const useBackup = async () => {
      const step1 = await signIn(callAs(anonymous()), email, password);
      if (!step1.ok) throw new Error(step1.message);
      return verifySecondFactor(store.context.db, callAs(requestWithCookies(step1.headers)), backupCodes[0]!);
    };
    expect((await useBackup()).ok).toBe(true);
    expect((await useBackup()).ok).toBe(false);
  });

  it("asks for the password to turn it off, and ends the other sessions", async () => {
    const email = "carla-2fa@example.com";
    const { secret, user } = await customerWithTwoFactor(email, "390.533.447-05");
    const step1 = await signIn(callAs(anonymous()), email, password);
    if (!step1.ok) throw new Error(step1.message);
    const step2 = await verifySecondFactor(
      store.context.db,
      callAs(requestWithCookies(step1.headers)),
      signInCode(secret),
    );
    if (!step2.ok) throw new Error(step2.message);
    const current = callAs(requestWithCookies(step2.headers));

    expect(await disableTwoFactor(current, "senha-errada")).toEqual({
      ok: false,
      message: "Senha incorreta",
    });
    const disabled = await disableTwoFactor(current, password);
    expect(disabled.ok).toBe(true);
    const remaining = await store.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(remaining).toHaveLength(1);
    expect(await signIn(callAs(anonymous()), email, password)).toMatchObject({
      ok: true,
      twoFactorRequired: false,
    });
  });
});

describe("password change", () => {
  it("asks for the current password and ends the other sessions", async () => {
    const email = "davi@example.com";
    const input = signUpSchema.parse({
      userType: "PF",
      name: "Davi Lima",
      cpf: "248.438.034-80",
      phone: "11987654321",
      email,
      password,
    });
    const created = await signUp(store.context.db, store.context.logger, callAs(anonymous()), input);
    if (!created.ok) throw new Error(created.message);
    await signIn(callAs(anonymous()), email, password);
    const current = callAs(requestWithCookies(created.headers));

    expect(await changePassword(current, "errada", "nova-senha-1")).toEqual({
      ok: false,
      message: "Senha atual incorreta",
    });
    const changed = await changePassword(current, password, "nova-senha-1");
    expect(changed.ok).toBe(true);
    const [user] = await store.database.db.select().from(users).where(eq(users.email, email));
    expect(await store.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(
      1,
    );
    expect((await signIn(callAs(anonymous()), email, "nova-senha-1")).ok).toBe(true);
  });
});
