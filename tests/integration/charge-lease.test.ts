import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerContext } from "../../app/context.server";
import { orders, products, sandboxPixCharges } from "../../app/db/schema.server";
import { createWooviPixProvider } from "../../app/domain/payments/woovi-pix-provider.server";
import { action as createPayment } from "../../app/routes/api.create-payment";
import { createAddress, createOrder, createProduct } from "../support/factories";
import { startFakeWooviServer } from "../support/fake-woovi-server";
import { setUpTestStore, signUpInStore, TEST_BASE_URL } from "../support/test-context";

// Issue 23, point 10: the creation of an order's charge is leased (`orders.charge_requested_at`):
// of several requests with one Idempotency-Key, one creates the charge at a time, and a repeated
// request takes over only once the lease is over (its holder presumed dead).
// tests/integration/woovi-started-store.test.ts kills a started store at that point.

const store = setUpTestStore();
const WOOVI_APP_ID = "app-id-de-teste";
let woovi: Awaited<ReturnType<typeof startFakeWooviServer>>;
let wooviContext: ServerContext;

beforeAll(async () => {
  woovi = await startFakeWooviServer({ appId: WOOVI_APP_ID });
  wooviContext = {
    ...store.context,
    pix: createWooviPixProvider({ apiUrl: woovi.url, appId: WOOVI_APP_ID, expiresMinutes: 30 }),
    env: { ...store.context.env, PIX_PROVIDER: "woovi", WOOVI_WEBHOOK_PUBLIC_KEY: woovi.publicKeyPem },
  };
});
afterAll(() => woovi.stop());

async function buyer() {
  const { id, cookie, cpf } = await signUpInStore(store);
  const address = await createAddress(store.database.db, id);
  return { id, cookie, cpf, addressId: address.id };
}
type Buyer = Awaited<ReturnType<typeof buyer>>;

async function checkout(who: Buyer, productId: number, key: string, context: ServerContext) {
  const request = new Request(`${TEST_BASE_URL}/api/create-payment`, {
    method: "POST",
    headers: { cookie: who.cookie, "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify({
      products: [
        { id: productId, name: "Produto", category: "Acessórios", price: 1, image: "/p.svg", quantity: 1 },
      ],
      customer: {
        name: "Maria Compradora",
        email: "maria@example.com",
        phone: "11987654321",
        taxId: who.cpf,
      },
      addressId: who.addressId,
    }),
  });
  const result = await createPayment({ request, context, params: {} } as Parameters<typeof createPayment>[0]);
  return result.data as { success: boolean; orderId?: string; pixData?: { brCode: string } };
}

/** An order committed by a request that died before creating its charge, its lease over. */
async function orderLeftWithoutCharge(who: Buyer, key: string) {
  const product = await createProduct(store.database.db, { stock: 4 });
  const order = await createOrder(store.database.db, {
    userId: who.id,
    lines: [{ product, quantity: 1 }],
    overrides: {
      checkoutKey: key,
      pixExpiresAt: new Date(Date.now() + 30 * 60_000),
      chargeRequestedAt: new Date(Date.now() - 16_000),
    },
  });
  return { order, productId: product.id };
}

const creationsOf = (orderId: string) =>
  woovi.requests.filter(
    (request) =>
      request.method === "POST" && (request.body as { correlationID?: string }).correlationID === orderId,
  ).length;
const stockOf = async (id: number) =>
  (await store.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!
    .stock;

describe("the charge of an order placed with an Idempotency-Key", () => {
  it("is created once when a repeated request comes while the first one waits for Woovi", async () => {
    const who = await buyer();
    const product = await createProduct(store.database.db, { stock: 4 });
    const key = randomUUID();
    const held = woovi.holdNextCreation();
    const first = checkout(who, product.id, key, wooviContext);
    await held.reached;
    const second = checkout(who, product.id, key, wooviContext);
    await new Promise((resolve) => setTimeout(resolve, 500));
    held.release();
    const [one, two] = await Promise.all([first, second]);
    expect(one).toMatchObject({ success: true });
    expect(two).toEqual(one);
    expect(creationsOf(one.orderId!)).toBe(1);
    expect(await stockOf(product.id)).toBe(3);
  });

  it("is created once by two retries at the same time after the first request died", async () => {
    const who = await buyer();
    const key = randomUUID();
    const { order, productId } = await orderLeftWithoutCharge(who, key);
    const [one, two] = await Promise.all([
      checkout(who, productId, key, wooviContext),
      checkout(who, productId, key, wooviContext),
    ]);
    expect(one).toMatchObject({ success: true, orderId: order.id });
    expect(two).toEqual(one);
    expect(creationsOf(order.id)).toBe(1);
    expect(woovi.chargeOf(order.id)).toMatchObject({ brCode: one.pixData!.brCode, value: order.totalCents });
    // The retries took no stock: the order had already taken its line.
    expect(await stockOf(productId)).toBe(4);
  });

  it("is created in the sandbox by a retry after the first request died, once", async () => {
    const who = await buyer();
    const key = randomUUID();
    const { order, productId } = await orderLeftWithoutCharge(who, key);
    const sandboxCharges = async () => (await store.database.db.select().from(sandboxPixCharges)).length;
    const chargesBefore = await sandboxCharges();
    const [one, two] = await Promise.all([
      checkout(who, productId, key, store.context),
      checkout(who, productId, key, store.context),
    ]);
    expect(one).toMatchObject({ success: true, orderId: order.id });
    expect(two).toEqual(one);
    expect(await sandboxCharges()).toBe(chargesBefore + 1);
    const [recorded] = await store.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(recorded).toMatchObject({ status: "pending", pixBrCode: one.pixData!.brCode });
  });
});
