import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ServerContext } from "../../app/context.server";
import { orders, sandboxPixCharges } from "../../app/db/schema.server";
import { postCheckout } from "../support/checkout";
import { createOrder, createProduct, stockOf as stockOfProduct } from "../support/factories";
import { checkoutBody } from "../support/orders";
import { setUpTestStore, signUpBuyer, type Buyer } from "../support/test-context";
import { setUpFakeWoovi } from "../support/woovi-context";

// Issue 23, point 10: the creation of an order's charge is leased (`orders.charge_requested_at`):
// of several requests with one Idempotency-Key, one creates the charge at a time, and a repeated
// request takes over only once the lease is over (its holder presumed dead).
// tests/integration/woovi-started-store.test.ts kills a started store at that point.

const store = setUpTestStore();
const woovi = setUpFakeWoovi(store);

/** `who` checks out one unit of the product with this Idempotency-Key. */
const checkout = (who: Buyer, productId: number, key: string, context: ServerContext) =>
  postCheckout(context, who, checkoutBody(who, [{ id: productId, quantity: 1 }]), key);

/** An order committed by a request that died before creating its charge, its lease over. */
async function orderLeftWithoutCharge(who: Buyer, key: string) {
  const product = await createProduct(store.database.db, { stock: 4 });
  const order = await createOrder(store.database.db, {
    userId: who.id,
    lines: [{ product, quantity: 1 }],
    overrides: {
      checkoutKey: key,
      paymentExpiresAt: new Date(Date.now() + 30 * 60_000),
      chargeRequestedAt: new Date(Date.now() - 16_000),
    },
  });
  return { order, productId: product.id };
}

const stockOf = (id: number) => stockOfProduct(store.database.db, id);

describe("the charge of an order placed with an Idempotency-Key", () => {
  it("is created once when a repeated request comes while the first one waits for Woovi", async () => {
    const who = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { stock: 4 });
    const key = randomUUID();
    const held = woovi.server.holdNextCreation();
    const first = checkout(who, product.id, key, woovi.context);
    await held.reached;
    const second = checkout(who, product.id, key, woovi.context);
    await new Promise((resolve) => setTimeout(resolve, 500));
    held.release();
    const [one, two] = await Promise.all([first, second]);
    expect(one).toMatchObject({ success: true });
    expect(two).toEqual(one);
    expect(woovi.server.creationRequestsOf(one.orderId!)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(3);
  });

  it("is created once by two retries at the same time after the first request died", async () => {
    const who = await signUpBuyer(store);
    const key = randomUUID();
    const { order, productId } = await orderLeftWithoutCharge(who, key);
    const [one, two] = await Promise.all([
      checkout(who, productId, key, woovi.context),
      checkout(who, productId, key, woovi.context),
    ]);
    expect(one).toMatchObject({ success: true, orderId: order.id });
    expect(two).toEqual(one);
    expect(woovi.server.creationRequestsOf(order.id)).toHaveLength(1);
    expect(woovi.server.chargeOf(order.id)).toMatchObject({
      brCode: one.pixData!.brCode,
      value: order.totalCents,
    });
    // The retries took no stock: the order had already taken its line.
    expect(await stockOf(productId)).toBe(4);
  });

  it("is created in the sandbox by a retry after the first request died, once", async () => {
    const who = await signUpBuyer(store);
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
