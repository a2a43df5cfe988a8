import { describe, expect, it } from "vitest";
import { action as checkPayment } from "../../app/routes/api.order-payment";
import { placeOrderThroughCheckout } from "../support/checkout";
import { setUpTestStore, TEST_BASE_URL } from "../support/test-context";
import { setUpFakeWoovi } from "../support/woovi-context";

// Issue 23, point 11: 'Já Paguei - Verificar Status' asked Woovi on every click (40 parallel clicks
// made 40 calls). The provider is now asked about an order at most once every 5 seconds, across
// instances (a conditional update of the order's `pix_asked_at`); other clicks get the last status.

const store = setUpTestStore();
const woovi = setUpFakeWoovi(store);

/** A click on 'Já Paguei - Verificar Status': the page's POST to the order's payment route. */
async function click(cookie: string, orderId: string) {
  const request = new Request(`${TEST_BASE_URL}/api/orders/${orderId}/payment`, {
    method: "POST",
    headers: { cookie },
  });
  const result = await checkPayment({ request, context: woovi.context, params: { orderId } } as Parameters<
    typeof checkPayment
  >[0]);
  return { status: result.init?.status ?? 200, body: result.data };
}

const queriesOf = (orderId: string) =>
  woovi.server.requests.filter((request) => request.method === "GET" && request.path.endsWith(orderId))
    .length;

describe("'Já Paguei - Verificar Status'", () => {
  it("asks Woovi once for 40 clicks at the same time, and again once the interval has passed", async () => {
    const {
      buyer: { cookie },
      orderId,
    } = await placeOrderThroughCheckout(store, woovi.context);
    const answers = await Promise.all(Array.from({ length: 40 }, () => click(cookie, orderId)));
    expect(answers).toEqual(Array(40).fill({ status: 200, body: { paid: false } }));
    expect(queriesOf(orderId)).toBe(1);

    // Paid meanwhile: a click within the interval gets the status the store last knew.
    woovi.server.complete(orderId);
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
    const first = await placeOrderThroughCheckout(store, woovi.context);
    const second = await placeOrderThroughCheckout(store, woovi.context);
    await click(first.buyer.cookie, first.orderId);
    await click(second.buyer.cookie, second.orderId);
    expect([queriesOf(first.orderId), queriesOf(second.orderId)]).toEqual([1, 1]);
  });
});
