import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addresses, cartItems, orderItems, orders, profiles } from "../../app/db/schema.server";
import { changeCart } from "../../app/domain/cart/server-cart.server";
import { action as profileAction } from "../../app/routes/account/profile";
import { action as authAction } from "../../app/routes/auth";
import { action as checkoutAction, loader as checkoutLoader } from "../../app/routes/checkout";
import { randomCpf } from "../support/accounts";
import { createAddress, createProduct } from "../support/factories";
import {
  nextClientIp,
  setUpTestStore,
  signUpBuyer,
  signUpInStore,
  TEST_BASE_URL,
} from "../support/test-context";

// The checkout as plain forms (decision 0011): its confirmation and its new address posted before
// the scripts run, and the pages that send a shopper away and back (profile, sign-up).

const store = setUpTestStore();
const db = () => store.database.db;

/** A form posted to `path` as a browser posts it; a thrown redirect is returned as the answer. */
async function post(
  action: (args: never) => Promise<unknown>,
  path: string,
  cookie: string,
  form: Record<string, string>,
): Promise<unknown> {
  const request = new Request(`${TEST_BASE_URL}${path}`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams(form),
  });
  const context = { ...store.context, clientIp: nextClientIp() };
  try {
    return await action({ request, context, params: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** What an answer carries: a redirect's target, or the data shown on the page. */
function landing(answer: unknown) {
  if (answer instanceof Response) return { location: answer.headers.get("Location") };
  return (answer as { data: unknown }).data ?? answer;
}

function maskedCpf(cpf: string): string {
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}

async function ordersOf(userId: string) {
  const [row] = await db().select({ count: count() }).from(orders).where(eq(orders.userId, userId));
  return row!.count;
}

/** A buyer with `quantity` of a new product in the cart on the server, as the cart's forms leave it. */
async function buyerWithCart(quantity = 2) {
  const buyer = await signUpBuyer(store);
  const product = await createProduct(db(), { priceCents: 12_345, stock: 5 });
  await changeCart(db(), buyer.id, { intent: "add", productId: product.id });
  await changeCart(db(), buyer.id, { intent: "set", productId: product.id, quantity });
  return { buyer, product };
}

/** The confirmation posted as the page's form posts it; the answer as the page gets it. */
async function confirm(
  buyer: { cookie: string; cpf: string; addressId: string },
  overrides: Record<string, string> = {},
) {
  return landing(
    await post(checkoutAction, "/checkout?etapa=confirmar", buyer.cookie, confirmation(buyer, overrides)),
  );
}

function confirmation(buyer: { cpf: string; addressId: string }, overrides: Record<string, string> = {}) {
  return {
    intent: "place-order",
    checkoutKey: randomUUID(),
    name: "Maria Compradora",
    phone: "(11) 98765-4321",
    email: "maria@example.com",
    taxId: maskedCpf(buyer.cpf),
    addressId: buyer.addressId,
    paymentMethod: "pix",
    ...overrides,
  };
}

describe("the checkout's confirmation posted before the scripts run", () => {
  it("places the order from the cart on the server, at the store's prices, and lands on its PIX payment", async () => {
    const { buyer, product } = await buyerWithCart(2);
    // A price or a total in the form is not the order's: the form has no such field to read.
    const answer = landing(
      await post(checkoutAction, "/checkout?etapa=confirmar", buyer.cookie, {
        ...confirmation(buyer),
        price: "0.01",
        total: "0.01",
      }),
    );

    const location = new URL((answer as { location: string }).location, TEST_BASE_URL);
    expect(location.pathname).toBe("/payment");
    const orderId = location.searchParams.get("orderId")!;
    expect(JSON.parse(location.searchParams.get("data")!)).toMatchObject({
      brCode: expect.stringMatching(/^000201/),
    });
    const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(
      lines.map(({ productId, quantity, unitPriceCents }) => ({ productId, quantity, unitPriceCents })),
    ).toEqual([{ productId: product.id, quantity: 2, unitPriceCents: expect.any(Number) }]);
    expect(lines[0]!.unitPriceCents).toBeGreaterThan(10_000);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, buyer.id))).toEqual([]);
  });

  it("answers the same order again for the same attempt, never a second one", async () => {
    const { buyer } = await buyerWithCart(1);
    const form = confirmation(buyer);
    const first = landing(await post(checkoutAction, "/checkout?etapa=confirmar", buyer.cookie, form));
    const again = landing(await post(checkoutAction, "/checkout?etapa=confirmar", buyer.cookie, form));

    const orderOf = (answer: unknown) =>
      new URL((answer as { location: string }).location, TEST_BASE_URL).searchParams.get("orderId");
    expect(orderOf(again)).toBe(orderOf(first));
    expect(await ordersOf(buyer.id)).toBe(1);
  });

  it("refuses an invalid CPF and another customer's address with the reason shown, placing nothing", async () => {
    const { buyer } = await buyerWithCart(1);
    const stranger = await signUpBuyer(store);

    expect(await confirm(buyer, { taxId: "111.111.111-11" })).toEqual({
      intent: "place-order",
      refusal: "Dados inválidos: CPF inválido",
    });
    expect(await confirm(buyer, { addressId: stranger.addressId })).toEqual({
      intent: "place-order",
      refusal: "Endereço não encontrado",
    });
    expect(await confirm(buyer, { checkoutKey: "1" })).toEqual({
      intent: "place-order",
      refusal: "Dados inválidos: Tentativa de compra inválida",
    });
    expect(await ordersOf(buyer.id)).toBe(0);
  });

  it("sends a signed-out visitor's post to sign in, and back to the checkout after", async () => {
    const answer = landing(await post(checkoutAction, "/checkout", "", { intent: "place-order" }));
    expect(answer).toEqual({ location: "/auth?redirectTo=%2Fcheckout" });
  });
});

describe("a delivery address added in the checkout", () => {
  const address = {
    cep: "01310-100",
    street: "Avenida Paulista",
    number: "1000",
    neighborhood: "Bela Vista",
    city: "São Paulo",
    state: "SP",
  };

  it("is saved as the default and lands back on the checkout, which offers it", async () => {
    const customer = await signUpInStore(store);
    const answer = landing(
      await post(checkoutAction, "/checkout", customer.cookie, {
        intent: "address",
        beforeScripts: "1",
        ...address,
      }),
    );

    expect(answer).toEqual({ location: "/checkout" });
    const page = (await checkoutLoader({
      request: new Request(`${TEST_BASE_URL}/checkout`, { headers: { cookie: customer.cookie } }),
      context: store.context,
      params: {},
    } as never)) as { data: { addresses: { street: string; isDefault: boolean }[] } };
    expect(page.data.addresses).toMatchObject([{ street: "Avenida Paulista", isDefault: true }]);
  });

  it("with a wrong field, says which and saves nothing", async () => {
    const customer = await signUpInStore(store);
    const answer = landing(
      await post(checkoutAction, "/checkout", customer.cookie, { intent: "address", ...address, cep: "123" }),
    );

    expect(answer).toEqual({ intent: "create", ok: false, errors: { cep: "CEP inválido" } });
    expect(await db().select().from(addresses).where(eq(addresses.userId, customer.id))).toEqual([]);
  });
});

/** The sign-up form of /auth, with a new customer's details. */
function signUpForm(name: string, extra: Record<string, string> = {}) {
  return {
    intent: "signup",
    userType: "PF",
    name,
    cpf: randomCpf(),
    phone: "11987654321",
    email: `checkout-${randomUUID()}@example.com`,
    password: "segredo1",
    ...extra,
  };
}

describe("sent away from the checkout and back", () => {
  it("a new profile leads back to the checkout, and never off the store", async () => {
    const createProfile = async (redirectTo: string, extra: Record<string, string> = {}) => {
      const customer = await signUpInStore(store);
      await db().delete(profiles).where(eq(profiles.id, customer.id));
      return landing(
        await post(
          profileAction,
          `/account/profile?redirectTo=${encodeURIComponent(redirectTo)}`,
          customer.cookie,
          {
            intent: "create",
            userType: "PF",
            fullName: "Maria Compradora",
            cpf: customer.cpf,
            phone: "(11) 98765-4321",
            ...extra,
          },
        ),
      );
    };

    expect(await createProfile("/checkout")).toMatchObject({
      intent: "create",
      ok: true,
      returnTo: "/checkout",
    });
    expect(await createProfile("/checkout", { beforeScripts: "1" })).toEqual({ location: "/checkout" });
    expect(await createProfile("//evil.example/checkout")).toMatchObject({
      ok: true,
      returnTo: "/account/profile",
    });
  });

  it("a sign-up started at the checkout is welcomed with the way back; a sign-in goes straight back", async () => {
    const form = signUpForm("Maria Compradora");
    const signUp = landing(await post(authAction, "/auth?redirectTo=%2Fcheckout", "", form));
    expect(signUp).toEqual({ welcome: "signup", returnTo: "/checkout" });

    const signIn = landing(
      await post(authAction, "/auth?redirectTo=%2Fcheckout", "", {
        intent: "login",
        email: form.email,
        password: form.password,
      }),
    );
    expect(signIn).toEqual({ location: "/checkout" });

    const beforeScripts = landing(
      await post(
        authAction,
        "/auth?redirectTo=%2Fcheckout",
        "",
        signUpForm("Joana Compradora", { beforeScripts: "1" }),
      ),
    );
    expect(beforeScripts).toEqual({ location: "/auth?bem-vindo=cadastro&redirectTo=%2Fcheckout" });
  });
});

describe("the checkout page as the server reads it", () => {
  it("shows one customer's cart and addresses to that customer alone", async () => {
    await buyerWithCart(1);
    const other = await signUpInStore(store);
    await createAddress(db(), other.id, { street: "Rua do Outro" });
    const page = (await checkoutLoader({
      request: new Request(`${TEST_BASE_URL}/checkout`, { headers: { cookie: other.cookie } }),
      context: store.context,
      params: {},
    } as never)) as { data: { items: unknown[]; addresses: { street: string }[] } };

    expect(page.data.items).toEqual([]);
    expect(page.data.addresses.map((address) => address.street)).toEqual(["Rua do Outro"]);
  });
});
