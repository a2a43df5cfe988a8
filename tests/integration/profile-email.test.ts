import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, users } from "../../app/db/schema.server";
import { signUpSchema } from "../../app/domain/accounts/account-schemas";
import { authCall } from "../../app/context.server";
import { signUp } from "../../app/domain/accounts/sign-in.server";
import { action } from "../../app/routes/account/profile";
import { randomCpf } from "../support/accounts";
import { requestWithCookies, setUpTestStore, TEST_BASE_URL } from "../support/test-context";

const store = setUpTestStore();
const PASSWORD = "senha-segura-1";
let sequence = 0;

/** A new customer, signed in: the cookies of the session the sign-up opened. */
async function signedInCustomer() {
  sequence += 1;
  const email = `perfil-${sequence}@example.com`;
  const input = signUpSchema.parse({
    userType: "PF",
    name: "Renata Lima",
    cpf: randomCpf(),
    phone: "11987654321",
    email,
    password: PASSWORD,
  });
  const created = await signUp(
    store.context.db,
    store.context.logger,
    authCall(store.context, new Request(`${TEST_BASE_URL}/auth`)),
    input,
  );
  if (!created.ok) throw new Error(created.message);
  const cookie = requestWithCookies(created.headers).headers.get("cookie")!;
  return { email, cookie };
}

/** The profile form's "update" intent, posted to the real route action. */
async function submitProfile(cookie: string, fields: Record<string, string>) {
  const request = new Request(`${TEST_BASE_URL}/account/profile`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({
      intent: "update",
      fullName: "Renata Lima",
      phone: "11987654321",
      ...fields,
    }),
  });
  const result = await action({ request, context: store.context, params: {} } as Parameters<
    typeof action
  >[0]);
  // A success answers with data() (to pass the new session cookie on), a refusal with plain data.
  return "data" in result && "init" in result ? result.data : result;
}

async function storedEmails(oldEmail: string) {
  const [user] = await store.database.db.select().from(users).where(eq(users.email, oldEmail));
  const [profile] = user
    ? await store.database.db.select().from(profiles).where(eq(profiles.id, user.id))
    : [];
  return { user: user?.email, profile: profile?.email };
}

describe("changing the e-mail in the profile", () => {
  it("asks for the current password and changes nothing without it", async () => {
    const customer = await signedInCustomer();
    const answer = await submitProfile(customer.cookie, { email: "novo-sem-senha@example.com" });
    expect(answer).toMatchObject({
      ok: false,
      errors: { currentPassword: "Digite sua senha atual para alterar o e-mail" },
    });
    expect(await storedEmails(customer.email)).toEqual({ user: customer.email, profile: customer.email });
  });

  it("refuses a wrong password with 'Senha incorreta' and keeps the e-mail, name and phone", async () => {
    const customer = await signedInCustomer();
    const answer = await submitProfile(customer.cookie, {
      email: "novo-senha-errada@example.com",
      currentPassword: "senha-errada",
      fullName: "Outro Nome Qualquer",
    });
    expect(answer).toMatchObject({ ok: false, errors: { currentPassword: "Senha incorreta" } });
    expect(await storedEmails(customer.email)).toEqual({ user: customer.email, profile: customer.email });
    const [user] = await store.database.db.select().from(users).where(eq(users.email, customer.email));
    expect(user!.name).toBe("Renata Lima");
    const [taken] = await store.database.db
      .select()
      .from(users)
      .where(eq(users.email, "novo-senha-errada@example.com"));
    expect(taken).toBeUndefined();
  });

  it("needs no password when the e-mail stays the same", async () => {
    const customer = await signedInCustomer();
    const answer = await submitProfile(customer.cookie, {
      email: customer.email.toUpperCase(),
      fullName: "Renata Lima Souza",
    });
    expect(answer).toMatchObject({ ok: true });
    const [user] = await store.database.db.select().from(users).where(eq(users.email, customer.email));
    expect(user!.name).toBe("Renata Lima Souza");
  });
});
