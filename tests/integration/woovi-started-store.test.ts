import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatePaymentAnswer } from "../../app/domain/orders/checkout-schema";
import { cookieHeader, signUpCustomer } from "../support/accounts";
import { startFakeWooviServer } from "../support/fake-woovi-server";
import { eventually } from "../support/eventually";
import {
  addAddressOverHttp,
  checkoutBody,
  deleteOrderOverHttp,
  demoLine,
  demoProduct,
  placeOrderOverHttp,
  postCheckoutOverHttp,
} from "../support/orders";
import { createStoreData, startStoreServer, type StoreData, type StoreServer } from "../support/store-server";

// The store as a process, charging through Woovi (faked on loopback). Issue 23, point 10: a store
// process killed between the order's commit and Woovi's answer left an order without a charge,
// holding its stock; the customer's retry with the same Idempotency-Key waited 15 s and failed.
// Now the retry takes over the charge's creation once the dead request's lease is over, and reads
// the charge Woovi already made for the order. Point 8: the store's own jobs delete at Woovi the
// charge of an order cancelled unpaid.

const WOOVI_APP_ID = "app-id-de-teste";
let woovi: Awaited<ReturnType<typeof startFakeWooviServer>>;
let data: StoreData;
let store: StoreServer;
const env: NodeJS.ProcessEnv = { PIX_PROVIDER: "woovi", WOOVI_APP_ID };

beforeAll(async () => {
  woovi = await startFakeWooviServer({ appId: WOOVI_APP_ID });
  env.WOOVI_API_URL = woovi.url;
  env.WOOVI_WEBHOOK_PUBLIC_KEY = woovi.publicKeyPem;
  data = await createStoreData("catalogue");
  store = await startStoreServer(env, data);
});
afterAll(async () => {
  await store?.stop();
  await data?.remove();
  await woovi?.stop();
});

async function stockOf(productId: number): Promise<number> {
  const response = await fetch(`${store.url}/api/cart-products?ids=${productId}`);
  const [product] = (await response.json()) as { stock: number }[];
  return product!.stock;
}

describe("a store killed while Woovi creates an order's charge", () => {
  it("creates nothing twice: the customer's retry after the restart gets the charge Woovi made", async () => {
    const customer = await signUpCustomer(store.url);
    const cookie = cookieHeader(customer);
    const addressId = await addAddressOverHttp(store.url, customer);
    const product = demoProduct("Smartphone Lume A15 64 GB");
    const stockBefore = await stockOf(product.id);
    const key = randomUUID();
    const body = checkoutBody({ ...customer, addressId }, [demoLine(product, 2)]);
    const checkout = () => postCheckoutOverHttp(store.url, cookie, body, key);

    // Woovi makes the charge; its answer never reaches the store, killed meanwhile.
    const held = woovi.holdNextCreation();
    const first = checkout().catch((error: unknown) => error);
    await held.reached;
    await store.stop("SIGKILL");
    expect(await first).toBeInstanceOf(Error);
    const [creation] = woovi.requests.filter((request) => request.method === "POST");
    const orderId = (creation!.body as { correlationID: string }).correlationID;
    const made = woovi.chargeOf(orderId)!;
    expect(made).toMatchObject({ status: "ACTIVE", value: 2 * product.priceCents });

    store = await startStoreServer(env, data);
    const retry = await checkout();
    expect(retry.status).toBe(200);
    const answer = (await retry.json()) as CreatePaymentAnswer;
    expect(answer).toMatchObject({
      success: true,
      orderId,
      pixData: { brCode: made.brCode, amount: (2 * product.priceCents) / 100, expiresAt: made.expiresDate },
    });

    // One charge at Woovi for the order (the retry's creation was refused, and the first one read).
    const aboutOrder = woovi.requests.filter((request) => request.path.includes("/api/v1/charge"));
    expect(aboutOrder.map((request) => request.method)).toEqual(["POST", "POST", "GET"]);
    expect(await stockOf(product.id)).toBe(stockBefore - 2);

    // A further retry finds the recorded charge at once.
    const again = (await (await checkout()).json()) as CreatePaymentAnswer;
    expect(again).toMatchObject({ success: true, orderId, pixData: { brCode: made.brCode } });
    expect(woovi.requests.filter((request) => request.path.includes("/api/v1/charge"))).toHaveLength(3);
    expect(await stockOf(product.id)).toBe(stockBefore - 2);
  }, 240_000);
});

describe("a customer's unpaid order deleted in a running store", () => {
  it("has its charge deleted at Woovi by the store's job, so the customer can no longer pay it", async () => {
    const customer = await signUpCustomer(store.url);
    const addressId = await addAddressOverHttp(store.url, customer);
    const product = demoProduct("Smartphone Nova X5 128 GB");
    const stockBefore = await stockOf(product.id);
    const { orderId } = await placeOrderOverHttp(store.url, customer, addressId, product);
    await deleteOrderOverHttp(store.url, customer, orderId);
    expect(await stockOf(product.id)).toBe(stockBefore);

    await eventually(() => (woovi.isDeleted(orderId) ? true : undefined), 40_000);
    expect(woovi.complete(orderId)).toBe(false);
  }, 60_000);
});
