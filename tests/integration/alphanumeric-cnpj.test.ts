import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, profiles, users } from "../../app/db/schema.server";
import { cookieHeader } from "../../app/domain/accounts/auth-endpoints.server";
import { readSession } from "../../app/domain/accounts/session.server";
import { action as createPayment } from "../../app/routes/api.create-payment";
import { action as profileAction } from "../../app/routes/account/profile";
import { action as authAction } from "../../app/routes/auth";
import { loader as usersLoader } from "../../app/routes/admin/users";
import { maskedLowerCaseCnpj, randomAlphanumericCnpj, randomCnpj } from "../support/accounts";
import { adminRequest, signedInAdmin } from "../support/admin";
import { createAddress, createProduct, stockOf } from "../support/factories";
import { nextClientIp, requestWithCookies, setUpTestStore, TEST_BASE_URL } from "../support/test-context";

/**
 * CNPJs whose first 12 characters may be letters (Receita Federal, July 2026), through the
 * store's own entry points: the /auth sign-up, the profile form, the create-payment request and
 * the admin's users list. A CNPJ is stored in one spelling: upper case, no mask.
 */

const store = setUpTestStore();

type ActionArgs<T extends (args: never) => unknown> = Parameters<T>[0];

/**
 * A CNPJ of the right shape with a wrong check digit, a letter where a check digit goes, and a
 * character outside A-Z and 0-9: each one a change of a single character of a valid CNPJ.
 */
function invalidCnpjs(cnpj: string): [string, string][] {
  const wrongDigit = String((Number(cnpj[13]) + 1) % 10);
  return [
    ["a wrong check digit", cnpj.slice(0, 13) + wrongDigit],
    ["a letter where a check digit goes", cnpj.slice(0, 12) + "A" + cnpj.slice(13)],
    ["a character outside A-Z and 0-9", "Ç" + cnpj.slice(1)],
    ["an accented letter", cnpj.slice(0, 4) + "É" + cnpj.slice(5)],
  ];
}

/**
 * As a form field gets them: the CNPJs above, masked, and a valid CNPJ with a character outside
 * A-Z, 0-9 and the mask's added, which must not be dropped silently.
 */
function invalidTypedCnpjs(cnpj: string): [string, string][] {
  const masked = maskedLowerCaseCnpj(cnpj);
  return [
    ...invalidCnpjs(cnpj).map(([description, invalid]): [string, string] => [
      description,
      maskedLowerCaseCnpj(invalid),
    ]),
    ["a valid CNPJ with a ç added", `${masked.slice(0, 6)}ç${masked.slice(6)}`],
    ["a valid CNPJ with an underscore for a separator", masked.replace("/", "_")],
  ];
}

let sequence = 0;

/** The sign-up form of /auth as a company posts it, from a client of its own. */
async function postCompanySignUp(cnpj: string) {
  sequence += 1;
  const email = `empresa-alfa-${sequence}-${randomUUID()}@example.com`;
  const request = new Request(`${TEST_BASE_URL}/auth`, {
    method: "POST",
    body: new URLSearchParams({
      intent: "signup",
      userType: "PJ",
      name: "Empresa Alfanumérica Ltda",
      cnpj,
      companyWebsite: "empresa.example.com",
      phone: "11987654321",
      email,
      password: "senha-segura-1",
    }),
  });
  const context = { ...store.context, clientIp: nextClientIp() };
  const result = await authAction({ request, context, params: {} } as ActionArgs<typeof authAction>);
  // A sign-up answers with data() carrying the session cookie, a refusal with its messages.
  if ("init" in result && "data" in result) {
    const headers = new Headers(result.init?.headers);
    return { email, answer: result.data, cookie: cookieHeader(headers), headers };
  }
  return { email, answer: result, cookie: undefined, headers: undefined };
}

const db = () => store.database.db;
const usersCount = async () => (await db().select({ value: count() }).from(users))[0]!.value;
const profilesWithCnpj = (cnpj: string) => db().select().from(profiles).where(eq(profiles.cnpj, cnpj));
const userByEmail = (email: string) => db().select().from(users).where(eq(users.email, email));

describe("signing up a company with an alphanumeric CNPJ", () => {
  it("accepts it masked and in lower case, and keeps it upper case without the mask", async () => {
    const cnpj = randomAlphanumericCnpj();
    const { answer, headers } = await postCompanySignUp(maskedLowerCaseCnpj(cnpj));
    expect(answer).toEqual({ welcome: "signup" });
    const session = await readSession(store.context, requestWithCookies(headers!));
    expect(session.user).toMatchObject({ taxpayer: "PJ" });
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, session.user!.id));
    expect(profile).toMatchObject({ userType: "PJ", cnpj, cpf: null });
  });

  it("still accepts a numeric CNPJ, as before", async () => {
    const cnpj = randomCnpj();
    const { answer } = await postCompanySignUp(maskedLowerCaseCnpj(cnpj));
    expect(answer).toEqual({ welcome: "signup" });
    expect(await profilesWithCnpj(cnpj)).toHaveLength(1);
  });

  it("refuses the same CNPJ spelled another way with 'CNPJ já cadastrado', creating nothing", async () => {
    const cnpj = randomAlphanumericCnpj();
    expect((await postCompanySignUp(cnpj)).answer).toEqual({ welcome: "signup" });
    for (const spelling of [
      cnpj.toLowerCase(),
      maskedLowerCaseCnpj(cnpj),
      maskedLowerCaseCnpj(cnpj).toUpperCase(),
    ]) {
      const before = await usersCount();
      const { answer, email } = await postCompanySignUp(spelling);
      expect(answer, spelling).toEqual({ errors: { cnpj: "CNPJ já cadastrado" } });
      expect(await usersCount()).toBe(before);
      expect(await userByEmail(email)).toEqual([]);
    }
    expect(await profilesWithCnpj(cnpj)).toHaveLength(1);
  });

  it.each(invalidTypedCnpjs(randomAlphanumericCnpj()))(
    "refuses %s with 'CNPJ inválido', creating nothing",
    async (_case, cnpj) => {
      const before = await usersCount();
      const { answer, email, cookie } = await postCompanySignUp(cnpj);
      expect(answer).toEqual({ errors: { cnpj: "CNPJ inválido" } });
      expect(cookie).toBeUndefined();
      expect(await usersCount()).toBe(before);
      expect(await userByEmail(email)).toEqual([]);
    },
  );
});

/** A signed-up account whose profile is gone: the profile page then offers to create one. */
async function accountWithoutProfile() {
  const { headers } = await postCompanySignUp(randomAlphanumericCnpj());
  const session = await readSession(store.context, requestWithCookies(headers!));
  await db().delete(profiles).where(eq(profiles.id, session.user!.id));
  return { id: session.user!.id, cookie: requestWithCookies(headers!).headers.get("cookie")! };
}

async function postProfileCreate(cookie: string, cnpj: string) {
  const request = new Request(`${TEST_BASE_URL}/account/profile`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({
      intent: "create",
      userType: "PJ",
      cnpj,
      fullName: "Empresa do Perfil Ltda",
      phone: "(11) 3333-4444",
      companyWebsite: "",
    }),
  });
  return profileAction({ request, context: store.context, params: {} } as ActionArgs<typeof profileAction>);
}

describe("creating a company profile with an alphanumeric CNPJ", () => {
  it("accepts it masked and in lower case, and keeps it upper case without the mask", async () => {
    const account = await accountWithoutProfile();
    const cnpj = randomAlphanumericCnpj();
    expect(await postProfileCreate(account.cookie, maskedLowerCaseCnpj(cnpj))).toEqual({
      intent: "create",
      ok: true,
    });
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, account.id));
    expect(profile).toMatchObject({ userType: "PJ", cnpj, fullName: "Empresa do Perfil Ltda" });
  });

  it.each(invalidTypedCnpjs(randomAlphanumericCnpj()))(
    "refuses %s with 'CNPJ inválido', creating nothing",
    async (_case, cnpj) => {
      const account = await accountWithoutProfile();
      expect(await postProfileCreate(account.cookie, cnpj)).toEqual({
        intent: "create",
        ok: false,
        errors: { cnpj: "CNPJ inválido" },
      });
      expect(await db().select().from(profiles).where(eq(profiles.id, account.id))).toEqual([]);
    },
  );
});

/** A company signed up with an alphanumeric CNPJ, with a delivery address. */
async function companyBuyer() {
  const cnpj = randomAlphanumericCnpj();
  const { cookie, headers } = await postCompanySignUp(cnpj);
  const session = await readSession(store.context, requestWithCookies(headers!));
  const address = await createAddress(db(), session.user!.id);
  return { id: session.user!.id, cookie: cookie!, cnpj, addressId: address.id };
}

async function postCheckout(
  buyer: Awaited<ReturnType<typeof companyBuyer>>,
  productId: number,
  taxId: string,
) {
  const request = new Request(`${TEST_BASE_URL}/api/create-payment`, {
    method: "POST",
    headers: { cookie: buyer.cookie, "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({
      products: [{ id: productId, name: "Produto", category: "Acessórios", price: 1, quantity: 1 }],
      customer: {
        name: "Empresa Alfanumérica Ltda",
        email: "compras@example.com",
        phone: "11987654321",
        taxId,
      },
      addressId: buyer.addressId,
    }),
  });
  const result = await createPayment({ request, context: store.context, params: {} } as ActionArgs<
    typeof createPayment
  >);
  return { status: result.init?.status ?? 200, ...result.data };
}

describe("a company's checkout with an alphanumeric CNPJ", () => {
  it("places the order with the CNPJ upper case, even when sent in lower case", async () => {
    const buyer = await companyBuyer();
    const product = await createProduct(db(), { stock: 2 });
    const answer = await postCheckout(buyer, product.id, buyer.cnpj.toLowerCase());
    expect(answer).toMatchObject({ status: 200, success: true });
    const [order] = await db().select().from(orders).where(eq(orders.userId, buyer.id));
    expect(order).toMatchObject({ id: answer.orderId, customerTaxId: buyer.cnpj });
  });

  it("refuses a bad CNPJ with 'CNPJ inválido', placing no order and keeping the stock", async () => {
    const buyer = await companyBuyer();
    const product = await createProduct(db(), { stock: 2 });
    // The dialog sends the CNPJ without its mask.
    for (const [description, taxId] of invalidCnpjs(buyer.cnpj)) {
      const answer = await postCheckout(buyer, product.id, taxId);
      expect(answer, description).toMatchObject({
        status: 422,
        success: false,
        error: "Dados inválidos: CNPJ inválido",
      });
    }
    expect(await db().select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
    expect(await stockOf(db(), product.id)).toBe(2);
  });
});

describe("the admin's users list", () => {
  it("finds a company by its CNPJ, or part of it, masked or not, in either case", async () => {
    const admin = await signedInAdmin(store.context);
    const buyer = await companyBuyer();
    const list = (q: string) =>
      usersLoader({
        request: adminRequest(admin, `/admin/users?q=${encodeURIComponent(q)}`),
        context: store.context,
        params: {},
      } as Parameters<typeof usersLoader>[0]);
    for (const q of [
      buyer.cnpj,
      buyer.cnpj.toLowerCase(),
      maskedLowerCaseCnpj(buyer.cnpj),
      maskedLowerCaseCnpj(buyer.cnpj).slice(6),
    ]) {
      const found = await list(q);
      expect(
        found.users.map((user) => user.id),
        q,
      ).toContain(buyer.id);
    }
    const exact = await list(maskedLowerCaseCnpj(buyer.cnpj));
    expect(exact.users).toEqual([
      expect.objectContaining({ id: buyer.id, taxpayer: "PJ", taxId: buyer.cnpj }),
    ]);
  });
});
