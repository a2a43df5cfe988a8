import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerContext } from "../../app/context.server";
import { createWooviPixProvider } from "../../app/domain/payments/woovi-pix-provider.server";
import { action as createPayment } from "../../app/routes/api.create-payment";
import { action as checkPayment } from "../../app/routes/api.order-payment";
import { createAddress, createProduct } from "../support/factories";
import { startFakeWooviServer } from "../support/fake-woovi-server";
import { setUpTestStore, signUpInStore, TEST_BASE_URL } from "../support/test-context";

// Issue 23, point 11: 'Já Paguei - Verificar Status' asked Woovi on every click (40 parallel clicks
// made 40 calls). The provider is now asked about an order at most once every 5 seconds, across
// instances (a conditional update of the order's `pix_asked_at`); other clicks get the last status.

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

async function wooviOrder() {
  const { id, cookie, cpf } = await signUpInStore(store);
  const address = await createAddress(store.database.db, id);
  const product = await createProduct(store.database.db, { stock: 3 });
  const request = new Request(`${TEST_BASE_URL}/api/create-payment`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({
      products: [
        { id: product.id, name: "Produto", category: "Acessórios", price: 1, image: "/p.svg", quantity: 1 },
      ],
      customer: { name: "Maria Compradora", email: "maria@example.com", phone: "11987654321", taxId: cpf },
      addressId: address.id,
    }),
  });
  const result = await createPayment({ request, context: wooviContext, params: {} } as Parameters<
    typeof createPayment
  >[0]);
  expect(result.data).toMatchObject({ success: true });
  return { cookie, orderId: (result.data as { orderId: string }).orderId };
}

/** A click on 'Já Paguei - Verificar Status': the page's POST to the order's payment route. */
async function click(cookie: string, orderId: string) {
  const request = new Request(`${TEST_BASE_URL}/api/orders/${orderId}/payment`, {
    method: "POST",
    headers: { cookie },
  });
  const result = await checkPayment({ request, context: wooviContext, params: { orderId } } as Parameters<
    typeof checkPayment
  >[0]);
  return { status: result.init?.status ?? 200, body: result.data };
}

const queriesOf = (orderId: string) =>
  woovi.requests.filter((request) => request.method === "GET" && request.path.endsWith(orderId)).length;

describe("'Já Paguei - Verificar Status'", () => {
  it("asks Woovi once for 40 clicks at the same time, and again once the interval has passed", async () => {
    const { cookie, orderId } = await wooviOrder();
    const answers = await Promise.all(Array.from({ length: 40 }, () => click(cookie, orderId)));
    expect(answers).toEqual(Array(40).fill({ status: 200, body: { paid: false } }));
    expect(queriesOf(orderId)).toBe(1);

    // Paid meanwhile: a click within the interval gets the status the store last knew.
    woovi.complete(orderId);
    expect(await click(cookie, orderId)).toEqual({ status: 200, body: { paid: false } });
    expect(queriesOf(orderId)).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect(await click(cookie, orderId)).toEqual({ status: 200, body: { paid: true } });
    expect(queriesOf(orderId)).toBe(2);
    // Paid: the store knows it, and asks no more.
    expect(await click(cookie, orderId)).toEqual({ status: 200, body: { paid: true } });
    expect(queriesOf(orderId)).toBe(2);
  });

  it("keeps each order's interval to itself", async () => {
    const first = await wooviOrder();
    const second = await wooviOrder();
    await click(first.cookie, first.orderId);
    await click(second.cookie, second.orderId);
    expect([queriesOf(first.orderId), queriesOf(second.orderId)]).toEqual([1, 1]);
  });
});
