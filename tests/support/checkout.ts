import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { ServerContext } from "../../app/context.server";
import { action as createPayment } from "../../app/routes/api.create-payment";
import { action as sandboxPayment } from "../../app/routes/api.sandbox-payment";
import { createProduct } from "./factories";
import { checkoutBody } from "./orders";
import { signUpBuyer, TEST_BASE_URL, type TestStore } from "./test-context";

/**
 * Checkout through the create-payment route's action, as the confirmation dialog posts it: for
 * integration tests that drive the route with a test context (`tests/support/test-context.ts`).
 */

/** Posts `body` (JSON, or raw text as sent) as `who`; answers the route's status and answer. */
export async function postCheckout(
  context: ServerContext,
  who: { cookie: string },
  body: unknown,
  idempotencyKey: string = randomUUID(),
) {
  const request = new Request(`${TEST_BASE_URL}/api/create-payment`, {
    method: "POST",
    headers: { cookie: who.cookie, "content-type": "application/json", "idempotency-key": idempotencyKey },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const result = await createPayment({ request, context, params: {} } as Parameters<typeof createPayment>[0]);
  return { status: result.init?.status ?? 200, ...result.data };
}

/**
 * A new buyer's order of `quantity` units of a new product (its row with `product`'s overrides),
 * placed through checkout with `context`'s PIX provider.
 */
export async function placeOrderThroughCheckout(
  store: TestStore,
  context: ServerContext,
  {
    quantity = 1,
    product: overrides = {},
  }: { quantity?: number; product?: Parameters<typeof createProduct>[1] } = {},
) {
  const buyer = await signUpBuyer(store);
  const product = await createProduct(store.database.db, overrides);
  const answer = await postCheckout(context, buyer, checkoutBody(buyer, [{ id: product.id, quantity }]));
  expect(answer).toMatchObject({ status: 200, success: true });
  return { buyer, productId: product.id, orderId: answer.orderId! };
}

/** The buyer pays the order with the sandbox PIX, as its 'Simular pagamento' button posts it. */
export async function payInSandbox(context: ServerContext, buyer: { cookie: string }, orderId: string) {
  const paid = await sandboxPayment({
    request: new Request(`${TEST_BASE_URL}/api/sandbox/payment`, {
      method: "POST",
      headers: { cookie: buyer.cookie },
      body: new URLSearchParams({ orderId }),
    }),
    context: { ...context },
    params: {},
  } as Parameters<typeof sandboxPayment>[0]);
  expect(paid.data).toEqual({ paid: true });
}
