import { describe, expect, it } from "vitest";
import type { ServerContext } from "../../app/context.server";
import { paymentEvents } from "../../app/db/schema.server";
import { action as webhook } from "../../app/routes/api.webhooks";
import { setUpTestStore, TEST_BASE_URL } from "../support/test-context";

// One webhook route for every payment provider, `/api/webhooks/{provider}`: only a provider the
// store is configured with has one there.
const store = setUpTestStore();

/** A provider posts to the store's route: the answer's status, or the status of what it threw. */
async function post(provider: string, context: ServerContext = store.context): Promise<number> {
  const request = new Request(`${TEST_BASE_URL}/api/webhooks/${provider}?data.id=123&type=payment`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature": "ts=1,v1=00" },
    body: JSON.stringify({ event: "OPENPIX:CHARGE_COMPLETED", charge: { correlationID: "x" } }),
  });
  try {
    const result = await webhook({ request, context, params: { provider } } as Parameters<typeof webhook>[0]);
    return result.init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("the payment webhook route", () => {
  it("answers 404 for an unknown provider and for one the store is not configured with", async () => {
    // The test store: PIX through the sandbox (which posts no webhooks), no card provider.
    expect(await post("pagseguro")).toBe(404);
    expect(await post("sandbox")).toBe(404);
    expect(await post("woovi")).toBe(404);
    expect(await post("mercadopago")).toBe(404);
    expect(await post("")).toBe(404);
    expect(await store.database.db.select().from(paymentEvents)).toEqual([]);
  });
});
