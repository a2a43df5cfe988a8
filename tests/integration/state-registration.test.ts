import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, profiles } from "../../app/db/schema.server";
import { signUpSchema } from "../../app/domain/accounts/account-schemas";
import { STATE_REGISTRATION_MESSAGE } from "../../app/lib/state-registration";
import { action as profileAction } from "../../app/routes/account/profile";
import { loader as receiptLoader } from "../../app/routes/account.order-receipt";
import { loader as adminOrderLoader } from "../../app/routes/admin/order";
import { randomCnpj } from "../support/accounts";
import { adminRequest, signedInAdmin } from "../support/admin";
import { postCheckout } from "../support/checkout";
import { createAddress, createProduct } from "../support/factories";
import { checkoutBody } from "../support/orders";
import { setUpTestStore, signUpBuyer, signUpWith, TEST_BASE_URL } from "../support/test-context";

/**
 * A company's inscrição estadual (issue 54, point 6): in its profile, at checkout and on its
 * order, for the nota fiscal's addressee; a person has none, whatever a crafted request says.
 */

const store = setUpTestStore();
const db = () => store.database.db;

/** A company signed up, with the test address. */
async function signUpCompany() {
  const cnpj = randomCnpj();
  const input = signUpSchema.parse({
    userType: "PJ",
    name: "Compras Corporativas Ltda",
    cnpj,
    companyWebsite: "empresa.example.com",
    phone: "1133334444",
    email: `empresa-${randomUUID()}@example.com`,
    password: "segredo1",
  });
  const account = await signUpWith(store, input);
  const address = await createAddress(db(), account.id);
  return {
    id: account.id,
    email: input.email,
    cnpj,
    cookie: account.cookie,
    addressId: address.id,
  };
}

async function postProfile(cookie: string, fields: Record<string, string>) {
  const request = new Request(`${TEST_BASE_URL}/account/profile`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({
      intent: "update",
      fullName: "Compras Corporativas Ltda",
      phone: "(11) 3333-4444",
      ...fields,
    }),
  });
  return profileAction({ request, context: store.context, params: {} } as Parameters<
    typeof profileAction
  >[0]);
}

const storedRegistration = async (userId: string) =>
  (await db().select({ value: profiles.stateRegistration }).from(profiles).where(eq(profiles.id, userId)))[0]!
    .value;

describe("a company's state registration in its profile", () => {
  it("keeps it as digits or ISENTO, and clears it when left empty", async () => {
    const company = await signUpCompany();
    const update = (stateRegistration: string) =>
      postProfile(company.cookie, { email: company.email, stateRegistration });

    expect(await update("110.042.490.114")).toMatchObject({ intent: "update", ok: true });
    expect(await storedRegistration(company.id)).toBe("110042490114");
    expect(await update(" isento ")).toMatchObject({ ok: true });
    expect(await storedRegistration(company.id)).toBe("ISENTO");
    expect(await update("")).toMatchObject({ ok: true });
    expect(await storedRegistration(company.id)).toBeNull();
  });

  it("is kept when the company creates its profile", async () => {
    const company = await signUpCompany();
    await db().delete(profiles).where(eq(profiles.id, company.id));

    const created = await postProfile(company.cookie, {
      intent: "create",
      userType: "PJ",
      cnpj: company.cnpj,
      companyWebsite: "",
      stateRegistration: "ISENTO",
    });

    expect(created).toEqual({ intent: "create", ok: true });
    expect(await storedRegistration(company.id)).toBe("ISENTO");
  });

  it.each(["1", "123456789012345", "12.AB.34", "isenta"])(
    "refuses %j at its field and changes nothing",
    async (typed) => {
      const company = await signUpCompany();
      await postProfile(company.cookie, { email: company.email, stateRegistration: "110042490114" });

      expect(await postProfile(company.cookie, { email: company.email, stateRegistration: typed })).toEqual({
        intent: "update",
        ok: false,
        errors: { stateRegistration: STATE_REGISTRATION_MESSAGE },
      });
      expect(await storedRegistration(company.id)).toBe("110042490114");
    },
  );

  it("keeps none for a person, even from a crafted form", async () => {
    const person = await signUpBuyer(store);

    expect(
      await postProfile(person.cookie, {
        fullName: "Maria Compradora",
        email: person.email,
        stateRegistration: "110042490114",
      }),
    ).toMatchObject({ intent: "update", ok: true });
    expect(await storedRegistration(person.id)).toBeNull();
  });
});

describe("a company's state registration at checkout", () => {
  const companyBody = (
    company: Awaited<ReturnType<typeof signUpCompany>>,
    productId: number,
    stateRegistration?: string,
  ) => {
    const body = checkoutBody({ cpf: company.cnpj, addressId: company.addressId }, [
      { id: productId, quantity: 1 },
    ]);
    return { ...body, customer: { ...body.customer, name: "Compras Corporativas Ltda", stateRegistration } };
  };

  it("goes on the order, its receipt and the admin's order", async () => {
    const company = await signUpCompany();
    const product = await createProduct(db(), { stock: 3 });

    const answer = await postCheckout(
      store.context,
      company,
      companyBody(company, product.id, "110.042.490.114"),
    );

    expect(answer).toMatchObject({ status: 200, success: true });
    const orderId = answer.orderId!;
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ customerTaxId: company.cnpj, customerStateRegistration: "110042490114" });
    const receipt = (await receiptLoader({
      request: new Request(`${TEST_BASE_URL}/account/orders/${orderId}/receipt`, {
        headers: { cookie: company.cookie },
      }),
      context: store.context,
      params: { orderId },
    } as never)) as Response;
    expect(await receipt.text()).toContain("Inscrição estadual:</span> 110042490114</p>");
    const admin = await signedInAdmin(store.context);
    const adminOrder = await adminOrderLoader({
      request: adminRequest(admin, `/admin/orders/${orderId}`),
      context: store.context,
      params: { orderId },
    } as never);
    expect(adminOrder.order).toMatchObject({ customerStateRegistration: "110042490114" });
  });

  it("keeps an exempt company's ISENTO and none when the company gives none", async () => {
    const company = await signUpCompany();
    const product = await createProduct(db(), { stock: 3 });

    const exempt = await postCheckout(store.context, company, companyBody(company, product.id, "Isento"));
    const none = await postCheckout(store.context, company, companyBody(company, product.id));

    const registrationOf = async (orderId: string) =>
      (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!.customerStateRegistration;
    expect(await registrationOf(exempt.orderId!)).toBe("ISENTO");
    expect(await registrationOf(none.orderId!)).toBeNull();
  });

  it("refuses a malformed registration with its message, placing no order", async () => {
    const company = await signUpCompany();
    const product = await createProduct(db(), { stock: 3 });

    const answer = await postCheckout(store.context, company, companyBody(company, product.id, "12-AB"));

    expect(answer).toMatchObject({
      status: 422,
      success: false,
      error: `Dados inválidos: ${STATE_REGISTRATION_MESSAGE}`,
    });
    expect(await db().select().from(orders).where(eq(orders.userId, company.id))).toEqual([]);
  });

  it("drops one a person's crafted request sends", async () => {
    const person = await signUpBuyer(store);
    const product = await createProduct(db(), { stock: 3 });
    const body = checkoutBody(person, [{ id: product.id, quantity: 1 }]);

    const answer = await postCheckout(store.context, person, {
      ...body,
      customer: { ...body.customer, stateRegistration: "110042490114" },
    });

    expect(answer).toMatchObject({ status: 200, success: true });
    const [order] = await db().select().from(orders).where(eq(orders.id, answer.orderId!));
    expect(order!.customerStateRegistration).toBeNull();
  });
});
