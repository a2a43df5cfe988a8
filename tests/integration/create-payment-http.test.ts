import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { users } from "../../app/db/schema.server";
import type { CreatePaymentAnswer } from "../../app/domain/orders/checkout-schema";
import { cookieHeader, type Customer, signUpCustomer } from "../support/accounts";
import { createAddress, createProduct } from "../support/factories";
import { startFakeWooviServer } from "../support/fake-woovi-server";
import { rawRequest } from "../support/http";
import { setUpStartedStore } from "../support/started-store";
import { startStoreServer } from "../support/store-server";

// Checkout as an attacker or a broken client reaches it: over HTTP, against a started store that
// charges through Woovi (faked on loopback), so the sandbox's shortcuts are off.

const WOOVI_APP_ID = "app-id-de-teste";
let woovi: Awaited<ReturnType<typeof startFakeWooviServer>>;
const STORE_ENV: NodeJS.ProcessEnv = { SEED_DEMO: "false", PIX_PROVIDER: "woovi", WOOVI_APP_ID };
beforeAll(async () => {
  woovi = await startFakeWooviServer({ appId: WOOVI_APP_ID });
  STORE_ENV.WOOVI_API_URL = woovi.url;
  STORE_ENV.WOOVI_WEBHOOK_PUBLIC_KEY = woovi.publicKeyPem;
});
afterAll(() => woovi?.stop());
const started = setUpStartedStore(STORE_ENV);

interface Buyer extends Customer {
  cookie: string;
  addressId: string;
}
const BUYERS = ["alice", "bruno", "carla", "dora", "ester"] as const;
const buyers = {} as Record<(typeof BUYERS)[number], Buyer>;
/** Each test's own product: the stock it starts with is the stock it must end with. */
const products = { fuzz: 0, tooLarge: 0, paid: 0 };
const STOCK = 7;

beforeAll(async () => {
  for (const name of BUYERS) {
    const customer = await signUpCustomer(started.store.url);
    const cookie = cookieHeader(customer);
    buyers[name] = { ...customer, cookie, addressId: "" };
  }
  // Products and addresses are written with the store stopped: the embedded database has one opener.
  await started.store.stop();
  const { env, dataDir } = started.data;
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir });
  try {
    const { db } = database;
    for (const buyer of Object.values(buyers)) {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, buyer.email));
      buyer.addressId = (await createAddress(db, user!.id, { isDefault: true })).id;
    }
    for (const key of Object.keys(products) as (keyof typeof products)[]) {
      products[key] = (await createProduct(db, { stock: STOCK, priceCents: 5_000 })).id;
    }
  } finally {
    await database.close();
  }
  started.store = await startStoreServer(STORE_ENV, started.data);
});

function validRequest(buyer: Buyer, productId: number) {
  return {
    products: [
      {
        id: productId,
        name: "Produto",
        category: "Acessórios",
        price: 50,
        image: "/placeholder.svg",
        quantity: 1,
      },
    ],
    customer: { name: "Maria Compradora", email: buyer.email, phone: "11987654321", taxId: buyer.cpf },
    addressId: buyer.addressId,
  };
}

/** The confirmation dialog's request; `key: null` leaves the Idempotency-Key header out. */
async function postPayment(buyer: Buyer | null, body: unknown, key: string | null = randomUUID()) {
  const headers: Record<string, string> = { "content-type": "application/json", origin: started.store.url };
  if (buyer) headers.cookie = buyer.cookie;
  if (key !== null) headers["idempotency-key"] = key;
  const response = await fetch(`${started.store.url}/api/create-payment`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as CreatePaymentAnswer };
}

async function stockOf(productId: number): Promise<number> {
  const response = await fetch(`${started.store.url}/api/cart-products?ids=${productId}`);
  const [product] = (await response.json()) as { stock: number }[];
  return product!.stock;
}

/** The customer's orders as the store keeps them, from their own data download. */
async function ordersOf(buyer: Buyer): Promise<{ id: string; paymentStatus: string }[]> {
  const response = await fetch(`${started.store.url}/account/data`, { headers: { cookie: buyer.cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { pedidos: { id: string; paymentStatus: string }[] }).pedidos;
}

describe("create-payment fuzzed over HTTP", () => {
  it("refuses a missing or malformed attempt key", async () => {
    const { alice } = buyers;
    const body = validRequest(alice, products.fuzz);
    for (const key of [null, "", "não-é-uuid", `${randomUUID()}x`]) {
      const { status, answer } = await postPayment(alice, body, key);
      expect(status, String(key)).toBe(422);
      expect(answer).toEqual({ success: false, error: "Dados inválidos: Tentativa de compra inválida" });
    }
    expect(await ordersOf(alice)).toHaveLength(0);
    expect(await stockOf(products.fuzz)).toBe(STOCK);
  });

  it("answers wrong, missing, too long and huge fields with the spec's messages, never a 500", async () => {
    const { alice, carla } = buyers;
    const valid = validRequest(alice, products.fuzz);
    const [line] = valid.products;
    const withLine = (change: Record<string, unknown>) => ({ ...valid, products: [{ ...line, ...change }] });
    const withCustomer = (customer: unknown) => ({ ...valid, customer });
    const huge = "a".repeat(60 * 1024);
    const cases: [unknown, string][] = [
      [withLine({ name: undefined }), "Nome do produto inválido"],
      [withLine({ name: "" }), "Nome do produto inválido"],
      [withLine({ name: 42 }), "Nome do produto inválido"],
      [withLine({ name: "N".repeat(201) }), "Nome do produto muito longo"],
      [withLine({ name: huge }), "Nome do produto muito longo"],
      [withLine({ category: undefined }), "Categoria inválida"],
      [withLine({ category: "C".repeat(101) }), "Categoria muito longa"],
      [withLine({ category: huge }), "Categoria muito longa"],
      [withLine({ quantity: "1" }), "Quantidade inválida"],
      [withCustomer([valid.customer]), "Dados do cliente inválidos"],
      [withCustomer({ ...valid.customer, name: 12345 }), "Nome deve ter no mínimo 3 caracteres"],
      [withCustomer({ ...valid.customer, name: huge }), "Nome deve ter no máximo 100 caracteres"],
      [{ ...valid, addressId: huge }, "ID de endereço inválido"],
    ];
    // Two customers share the cases: each stays under the limit on refused checkouts.
    for (const [index, [body, message]] of cases.entries()) {
      const { status, answer } = await postPayment(index % 2 ? carla : alice, body);
      expect(status, `${message} (${JSON.stringify(body).length} bytes)`).toBe(422);
      expect(answer).toEqual({ success: false, error: `Dados inválidos: ${message}` });
    }
    expect([...(await ordersOf(alice)), ...(await ordersOf(carla))]).toHaveLength(0);
    expect(await stockOf(products.fuzz)).toBe(STOCK);
  });

  it("refuses an address that does not exist or is another customer's", async () => {
    const { bruno, carla } = buyers;
    for (const addressId of [randomUUID(), carla.addressId]) {
      const { status, answer } = await postPayment(bruno, {
        ...validRequest(bruno, products.fuzz),
        addressId,
      });
      expect(status).toBe(422);
      expect(answer).toEqual({ success: false, error: "Endereço não encontrado" });
    }
    expect(await ordersOf(bruno)).toHaveLength(0);
    expect(await stockOf(products.fuzz)).toBe(STOCK);
  });
});

describe("a create-payment body over the 64 KB limit", () => {
  const MB = 1024 * 1024;
  const TOO_LARGE = {
    success: false,
    error: "Dados inválidos: Pedido grande demais para ser enviado",
  };

  it("is answered 413 in the create-payment shape, with or without Content-Length, and creates nothing", async () => {
    const { ester } = buyers;
    const valid = validRequest(ester, products.tooLarge);
    const body = JSON.stringify({ ...valid, customer: { ...valid.customer, name: "a".repeat(MB) } });
    for (const chunked of [false, true]) {
      const answer = await rawRequest(started.store.url, "/api/create-payment", {
        method: "POST",
        headers: {
          cookie: ester.cookie,
          "content-type": "application/json",
          "idempotency-key": randomUUID(),
        },
        body,
        chunked,
      });
      expect(answer.status, chunked ? "chunked" : "Content-Length").toBe(413);
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
    }
    expect(await ordersOf(ester)).toHaveLength(0);
    expect(await stockOf(products.tooLarge)).toBe(STOCK);
  });

  it("leaves other paths' refusal as it was", async () => {
    const answer = await rawRequest(started.store.url, "/auth", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(MB) },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe("O conteúdo enviado é grande demais.");
  });
});

describe("an order paid through Woovi", () => {
  let orderId: string;
  beforeAll(async () => {
    const { dora } = buyers;
    const { answer } = await postPayment(dora, validRequest(dora, products.paid));
    expect(answer.success).toBe(true);
    orderId = answer.orderId!;
  });

  it("shows its payment page without the sandbox's 'Simular pagamento'", async () => {
    const response = await fetch(`${started.store.url}/payment?orderId=${orderId}`, {
      headers: { cookie: buyers.dora.cookie },
    });
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(page).toContain("Copiar Código PIX");
    expect(page).toContain("Já Paguei - Verificar Status");
    expect(page).not.toContain("Simular pagamento (sandbox)");
  });

  it("cannot be paid through the sandbox's simulation", async () => {
    const { dora } = buyers;
    const response = await fetch(`${started.store.url}/api/sandbox/payment`, {
      method: "POST",
      headers: { cookie: dora.cookie, origin: started.store.url },
      body: new URLSearchParams({ orderId }),
    });
    expect(response.status).toBe(404);
    const polled = await fetch(`${started.store.url}/api/orders/${orderId}/payment`, {
      headers: { cookie: dora.cookie },
    });
    expect(await polled.json()).toEqual({ paid: false });
    expect(await ordersOf(dora)).toMatchObject([{ id: orderId, paymentStatus: "pending" }]);
  });

  it("keeps its payment status from another customer and from a signed-out visitor", async () => {
    const path = `/api/orders/${orderId}/payment`;
    const asBruno = await fetch(`${started.store.url}${path}`, { headers: { cookie: buyers.bruno.cookie } });
    expect(asBruno.status).toBe(404);
    expect(await asBruno.json()).toEqual({ error: "Pedido não encontrado" });
    const checkedByBruno = await fetch(`${started.store.url}${path}`, {
      method: "POST",
      headers: { cookie: buyers.bruno.cookie, origin: started.store.url },
    });
    expect(checkedByBruno.status).toBe(404);
    expect(await checkedByBruno.json()).toEqual({ error: "Pedido não encontrado" });

    const signedOut = await fetch(`${started.store.url}${path}`);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: "Usuário não autenticado" });
  });
});
