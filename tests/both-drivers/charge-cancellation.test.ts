import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentDeps, type ServerContext } from "../../app/context.server";
import { orders, pixChargeCancellations } from "../../app/db/schema.server";
import { cancelQueuedCharges } from "../../app/domain/orders/cancel-charges.server";
import { simulateSandboxPayment } from "../../app/domain/payments/providers/sandbox-pix/sandbox-pix-provider.server";
import { action as ordersAction } from "../../app/routes/account/orders";
import { action as settingsAction } from "../../app/routes/account/settings";
import { action as adminOrderAction } from "../../app/routes/admin/order";
import { action as sandboxPayment } from "../../app/routes/api.sandbox-payment";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { placeOrderThroughCheckout } from "../support/checkout";
import { setUpTestStore, TEST_BASE_URL, type Buyer } from "../support/test-context";
import { setUpFakeWoovi } from "../support/woovi-context";
import { stockOf as stockOfProduct } from "../support/factories";

// Issue 23, point 8: cancelling an unpaid order returned its stock but left its PIX charge payable
// at the provider. Its charge is now queued in the cancelling transaction and cancelled at the
// provider by a job (`cancelQueuedCharges`, run by server/jobs.ts).

const store = setUpTestStore();
const woovi = setUpFakeWoovi(store);
let admin: TestAdmin;

beforeAll(async () => {
  admin = await signedInAdmin(store.context);
});

/** A buyer's order of 2 units out of a stock of 5, through the checkout's route. */
async function placedOrder(context: ServerContext) {
  const placed = await placeOrderThroughCheckout(store, context, { quantity: 2, product: { stock: 5 } });
  const [order] = await store.database.db.select().from(orders).where(eq(orders.id, placed.orderId));
  return {
    who: placed.buyer,
    orderId: placed.orderId,
    chargeId: order!.pixChargeId!,
    productId: placed.productId,
  };
}

async function deleteAsCustomer(who: Buyer, orderId: string, context: ServerContext) {
  const request = new Request(`${TEST_BASE_URL}/account/orders`, {
    method: "POST",
    headers: { cookie: who.cookie },
    body: new URLSearchParams({ intent: "delete", orderId }),
  });
  const result = await ordersAction({ request, context, params: {} } as Parameters<typeof ordersAction>[0]);
  expect(result).toMatchObject({ ok: true });
}

const orderOf = async (id: string) =>
  (await store.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = (id: number) => stockOfProduct(store.database.db, id);
const deletesOf = (chargeId: string) =>
  woovi.server.requests.filter((request) => request.method === "DELETE" && request.path.endsWith(chargeId))
    .length;
const wooviJob = () => cancelQueuedCharges(paymentDeps(woovi.context));

describe("an unpaid order cancelled with its charge open at Woovi", () => {
  it("has its charge deleted at Woovi once after the customer deletes the order, so it can no longer be paid", async () => {
    const { who, orderId, chargeId, productId } = await placedOrder(woovi.context);
    expect(chargeId).toBe(orderId);
    await deleteAsCustomer(who, orderId, woovi.context);
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "pending" });
    expect(await stockOf(productId)).toBe(5);

    expect(await wooviJob()).toBe(1);
    expect(deletesOf(chargeId)).toBe(1);
    expect(woovi.server.isDeleted(chargeId)).toBe(true);
    expect(woovi.server.complete(chargeId)).toBe(false);
    expect(await woovi.context.pix.chargeStatus(chargeId)).toMatchObject({ status: "EXPIRED" });

    // Settled: later runs leave it alone.
    await wooviJob();
    expect(deletesOf(chargeId)).toBe(1);
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "pending" });
  });

  it("has its charge deleted after an admin cancels the order", async () => {
    const { orderId, chargeId, productId } = await placedOrder(woovi.context);
    const result = await adminOrderAction({
      request: adminRequest(admin, `/admin/orders/${orderId}`, { intent: "status", status: "cancelled" }),
      context: woovi.context,
      params: { orderId },
    } as Parameters<typeof adminOrderAction>[0]);
    expect(result).toMatchObject({ ok: true });
    expect(await stockOf(productId)).toBe(5);

    await wooviJob();
    expect(deletesOf(chargeId)).toBe(1);
    expect(woovi.server.complete(chargeId)).toBe(false);
  });

  it("has its charge deleted after the customer erases their account, although the order is gone", async () => {
    const { who, orderId, chargeId, productId } = await placedOrder(woovi.context);
    const request = new Request(`${TEST_BASE_URL}/account/settings`, {
      method: "POST",
      headers: { cookie: who.cookie },
      body: new URLSearchParams({ intent: "delete-account", password: "segredo1" }),
    });
    const erased = await settingsAction({ request, context: woovi.context, params: {} } as Parameters<
      typeof settingsAction
    >[0]).catch((thrown: unknown) => thrown);
    expect(erased).toBeInstanceOf(Response);
    expect((erased as Response).headers.get("location")).toMatch(/^\/auth\?motivo=/);
    expect(await store.database.db.select().from(orders).where(eq(orders.id, orderId))).toHaveLength(0);
    expect(await stockOf(productId)).toBe(5);

    await wooviJob();
    expect(deletesOf(chargeId)).toBe(1);
    expect(woovi.server.complete(chargeId)).toBe(false);
  });

  it("keeps and flags a payment made before the cancellation reached Woovi", async () => {
    const { who, orderId, chargeId, productId } = await placedOrder(woovi.context);
    expect(woovi.server.complete(chargeId)).toBe(true); // paid, and the webhook has not come yet
    await deleteAsCustomer(who, orderId, woovi.context);
    expect(await stockOf(productId)).toBe(5);

    expect(await wooviJob()).toBe(1);
    expect(woovi.server.isDeleted(chargeId)).toBe(false);
    const paidLate = await orderOf(orderId);
    expect(paidLate).toMatchObject({ status: "cancelled", paymentStatus: "paid", pixStatus: "COMPLETED" });
    expect(paidLate.latePaymentAt).toBeInstanceOf(Date);
    expect(await stockOf(productId)).toBe(5);
    await wooviJob();
    expect(deletesOf(chargeId)).toBe(1);
  });

  it("is tried again after a pause when Woovi fails, and deleted then", async () => {
    const { who, orderId, chargeId } = await placedOrder(woovi.context);
    await deleteAsCustomer(who, orderId, woovi.context);
    woovi.server.failNext(503);
    expect(await wooviJob()).toBe(0);
    expect(deletesOf(chargeId)).toBe(1);
    expect(woovi.server.isDeleted(chargeId)).toBe(false);

    // Not again within the pause, whoever runs the job.
    await wooviJob();
    expect(deletesOf(chargeId)).toBe(1);

    // The pause is over.
    await store.database.db
      .update(pixChargeCancellations)
      .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(eq(pixChargeCancellations.chargeId, chargeId));
    expect(await wooviJob()).toBe(1);
    expect(deletesOf(chargeId)).toBe(2);
    expect(woovi.server.complete(chargeId)).toBe(false);
  });

  it("is deleted once with two job runners at the same time", async () => {
    const { who, orderId, chargeId } = await placedOrder(woovi.context);
    await deleteAsCustomer(who, orderId, woovi.context);
    const runs = await Promise.all([wooviJob(), wooviJob()]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(deletesOf(chargeId)).toBe(1);
  });

  it("is left alone by a store whose provider is another one", async () => {
    const { who, orderId, chargeId } = await placedOrder(woovi.context);
    await deleteAsCustomer(who, orderId, woovi.context);
    await cancelQueuedCharges(paymentDeps(store.context)); // the sandbox's store
    const [queued] = await store.database.db
      .select()
      .from(pixChargeCancellations)
      .where(
        and(eq(pixChargeCancellations.provider, "woovi"), eq(pixChargeCancellations.chargeId, chargeId)),
      );
    expect(queued).toMatchObject({ orderId, settledAt: null });
    expect(deletesOf(chargeId)).toBe(0);
    await wooviJob();
    expect(deletesOf(chargeId)).toBe(1);
  });
});

describe("an unpaid sandbox order cancelled by the shop", () => {
  it("can no longer be paid with 'Simular pagamento', before and after its charge is cancelled", async () => {
    const { who, orderId, chargeId, productId } = await placedOrder(store.context);
    const cancelled = await adminOrderAction({
      request: adminRequest(admin, `/admin/orders/${orderId}`, { intent: "status", status: "cancelled" }),
      context: store.context,
      params: { orderId },
    } as Parameters<typeof adminOrderAction>[0]);
    expect(cancelled).toMatchObject({ ok: true });
    expect(await stockOf(productId)).toBe(5);

    const pay = async () => {
      const request = new Request(`${TEST_BASE_URL}/api/sandbox/payment`, {
        method: "POST",
        headers: { cookie: who.cookie },
        body: new URLSearchParams({ orderId }),
      });
      const result = await sandboxPayment({ request, context: store.context, params: {} } as Parameters<
        typeof sandboxPayment
      >[0]);
      return { status: result.init?.status ?? 200, body: result.data };
    };
    expect(await pay()).toEqual({ status: 409, body: { error: "Pedido cancelado" } });

    expect(await cancelQueuedCharges(paymentDeps(store.context))).toBe(1);
    expect(await store.context.pix.chargeStatus(chargeId)).toMatchObject({ status: "EXPIRED" });
    expect(await simulateSandboxPayment(store.database.db, chargeId)).toBe(false);
    expect(await pay()).toEqual({ status: 409, body: { error: "Pedido cancelado" } });
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "pending" });
    expect(await stockOf(productId)).toBe(5);
  });
});
