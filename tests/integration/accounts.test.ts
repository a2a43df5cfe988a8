import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, sessions, users } from "../../app/db/schema.server";
import { signUpSchema, type SignUpInput } from "../../app/domain/accounts/account-schemas";
import { readSession } from "../../app/domain/accounts/session.server";
import { authCall } from "../../app/context.server";
import { signIn, signUp } from "../../app/domain/accounts/sign-in.server";
import {
  createTestContext,
  nextClientIp,
  setUpTestStore,
  requestWithCookies,
  TEST_BASE_URL,
} from "../support/test-context";

const store = setUpTestStore();

const browserRequest = () => new Request(`${TEST_BASE_URL}/auth`, { method: "POST" });
/** A sign-up from a client of its own: every attempt counts against its client's limit of five. */
const newClientCall = () => ({ ...authCall(store.context, browserRequest()), clientIp: nextClientIp() });
let sequence = 0;

function pfSignUp(overrides: Partial<Record<string, string>> = {}): SignUpInput {
  sequence += 1;
  return signUpSchema.parse({
    userType: "PF",
    name: "Maria da Silva",
    cpf: "529.982.247-25",
    phone: "(11) 98765-4321",
    email: `maria${sequence}@example.com`,
    password: "segredo1",
    ...overrides,
  });
}

describe("sign-up", () => {
  it("creates the account and its PF profile together, and signs in", async () => {
    const input = pfSignUp();
    const outcome = await signUp(
      store.context.db,
      store.context.logger,
      authCall(store.context, browserRequest()),
      input,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const session = await readSession(store.context, requestWithCookies(outcome.headers));
    expect(session.user).toMatchObject({ email: input.email, name: "Maria da Silva", role: "user" });
    const [profile] = await store.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, session.user!.id));
    expect(profile).toMatchObject({ userType: "PF", cpf: "52998224725", cnpj: null, phone: "11987654321" });
  });

  it("creates a PJ profile with its CNPJ and website", async () => {
    sequence += 1;
    const input = signUpSchema.parse({
      userType: "PJ",
      name: "Loja Exemplo Ltda",
      cnpj: "11.222.333/0001-81",
      companyWebsite: "lojaexemplo.com.br",
      phone: "1133334444",
      email: `empresa${sequence}@example.com`,
      password: "segredo1",
    });
    const outcome = await signUp(
      store.context.db,
      store.context.logger,
      authCall(store.context, browserRequest()),
      input,
    );
    expect(outcome.ok).toBe(true);
    const [profile] = await store.database.db.select().from(profiles).where(eq(profiles.email, input.email));
    expect(profile).toMatchObject({
      userType: "PJ",
      cnpj: "11222333000181",
      cpf: null,
      companyWebsite: "https://lojaexemplo.com.br",
    });
  });

  it("refuses a taken e-mail and creates nothing", async () => {
    const first = pfSignUp({ cpf: "111.444.777-35" });
    await signUp(store.context.db, store.context.logger, authCall(store.context, browserRequest()), first);
    const usersBefore = await store.database.db.select().from(users);
    const again = { ...pfSignUp({ cpf: "390.533.447-05" }), email: first.email };
    expect(
      await signUp(store.context.db, store.context.logger, authCall(store.context, browserRequest()), again),
    ).toEqual({
      ok: false,
      message: "Este e-mail já está cadastrado",
      field: "email",
    });
    expect(await store.database.db.select().from(users)).toHaveLength(usersBefore.length);
  });

  it("refuses a CPF already registered and creates nothing", async () => {
    const usersBefore = await store.database.db.select().from(users);
    const outcome = await signUp(
      store.context.db,
      store.context.logger,
      authCall(store.context, browserRequest()),
      pfSignUp(),
    );
    expect(outcome).toEqual({ ok: false, message: "CPF já cadastrado", field: "cpf" });
    expect(await store.database.db.select().from(users)).toHaveLength(usersBefore.length);
  });

  it.each([
    ["cpf", "111.111.111-11", "CPF inválido"],
    ["phone", "1234", "Telefone inválido (deve ter 10 ou 11 dígitos)"],
    ["email", "maria@", "E-mail inválido"],
    ["password", "12345", "A senha deve ter pelo menos 6 caracteres"],
  ])("validates %s with the spec's message", (field, value, message) => {
    const result = signUpSchema.safeParse({
      userType: "PF",
      name: "Maria",
      cpf: "529.982.247-25",
      phone: "11987654321",
      email: "m@example.com",
      password: "segredo1",
      [field]: value,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe("sign-in", () => {
  it("starts a new session at every sign-in", async () => {
    const input = pfSignUp({ cpf: "248.438.034-80" });
    expect((await signUp(store.context.db, store.context.logger, newClientCall(), input)).ok).toBe(true);
    const first = await signIn(authCall(store.context, browserRequest()), input.email, input.password);
    const second = await signIn(authCall(store.context, browserRequest()), input.email, input.password);
    expect(first.ok && second.ok).toBe(true);
    const [user] = await store.database.db.select().from(users).where(eq(users.email, input.email));
    const userSessions = await store.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(userSessions.length).toBeGreaterThanOrEqual(3);
  });

  it("answers a wrong password and an unknown e-mail the same way", async () => {
    const call = () => authCall(createTestContext(store.database, "198.51.100.7"), browserRequest());
    const wrongPassword = await signIn(call(), "admin-inexistente@example.com", "qualquer");
    const input = pfSignUp({ cpf: "853.513.468-93" });
    expect((await signUp(store.context.db, store.context.logger, newClientCall(), input)).ok).toBe(true);
    const wrongEmail = await signIn(call(), input.email, "senha-errada");
    expect(wrongPassword).toEqual({ ok: false, message: "E-mail ou senha incorretos" });
    expect(wrongEmail).toEqual(wrongPassword);
  });

  it("limits repeated attempts from one client with a pt-BR message", async () => {
    const limited = createTestContext(store.database, "192.0.2.55");
    const outcomes = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      outcomes.push(await signIn(authCall(limited, browserRequest()), "ninguem@example.com", "errada"));
    }
    expect(outcomes.at(-1)).toEqual({
      ok: false,
      message: "Muitas tentativas. Aguarde um minuto e tente novamente.",
    });
    const otherClient = await signIn(
      authCall(createTestContext(store.database, "192.0.2.56"), browserRequest()),
      "ninguem@example.com",
      "errada",
    );
    expect(otherClient).toEqual({ ok: false, message: "E-mail ou senha incorretos" });
  });
});
