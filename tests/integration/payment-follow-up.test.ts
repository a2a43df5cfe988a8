import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { paymentDeps, type ServerContext } from "../../app/context.server";
import { mailOutbox, orders, orderStatusHistory, paymentEvents } from "../../app/db/schema.server";
import { expireOverdueOrders } from "../../app/domain/orders/expire-orders.server";
import { moveOrder } from "../../app/domain/orders/move-order.server";
import { processChargeEvents, recordChargeEvent } from "../../app/domain/orders/charge-events.server";
import { loader as adminOrderLoader } from "../../app/routes/admin/order";
import { loader as adminOrdersLoader } from "../../app/routes/admin/orders";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { placeOrderThroughCheckout } from "../support/checkout";
import { setUpTestStore } from "../support/test-context";
import { setUpFakeWoovi } from "../support/woovi-context";
import { stockOf as stockOfProduct } from "../support/factories";

// How the store learns that a PIX charge was paid, and what it does when the news is not yet true,
// not for the order's amount, or about a charge of a provider it no longer uses.
const store = setUpTestStore();
const woovi = setUpFakeWoovi(store);
let admin: TestAdmin;

beforeAll(async () => {
  admin = await signedInAdmin(store.context);
});

const PRICE_CENTS = 12_990;

/** A customer's order of 2 units (of 5 in stock), placed through checkout with `context`'s provider. */
async function placeOrder(context: ServerContext = woovi.context) {
  const { buyer, orderId, productId } = await placeOrderThroughCheckout(store, context, {
    quantity: 2,
    product: { priceCents: PRICE_CENTS, stock: 5 },
  });
  return { orderId, productId, userId: buyer.id };
}

/** Woovi posts a signed webhook about the charge to the store's route. */
async function deliver(event: "OPENPIX:CHARGE_COMPLETED" | "OPENPIX:CHARGE_EXPIRED", chargeId: string) {
  const { body, signature } = woovi.server.signedWebhook(event, chargeId);
  expect(await woovi.postWebhook(body, signature)).toBe(200);
}

/** How many times the store asked Woovi about the charge. */
const askedAbout = (chargeId: string) =>
  woovi.server.requests.filter((request) => request.method === "GET" && request.path.endsWith(`/${chargeId}`))
    .length;
/** The webhook answers first and checks the charge right after: wait for that check. */
const checked = (chargeId: string, times: number) =>
  vi.waitFor(() => expect(askedAbout(chargeId)).toBe(times));

const orderOf = async (id: string) =>
  (await store.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = (id: number) => stockOfProduct(store.database.db, id);
const eventOf = async (chargeId: string) => {
  const events = await store.database.db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, "woovi"), eq(paymentEvents.chargeId, chargeId)));
  expect(events).toHaveLength(1);
  return events[0]!;
};
/** Seconds from the database's clock to the event's next check. */
const secondsToNextCheck = async (chargeId: string) => {
  const [row] = await store.database.db
    .select({ seconds: sql<number>`extract(epoch from ${paymentEvents.nextAttemptAt} - now())::float` })
    .from(paymentEvents)
    .where(eq(paymentEvents.chargeId, chargeId));
  return Number(row!.seconds);
};
/** The pause before the event's next check has passed (instead of waiting for it). */
const makeDue = (chargeId: string) =>
  store.database.db
    .update(paymentEvents)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(paymentEvents.chargeId, chargeId));
const mailsFor = (id: string) =>
  store.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, `order-paid:${id}`));

describe("a payment event Woovi has not confirmed yet", () => {
  it("stays pending while Woovi says ACTIVE, and pays the order when the same event is delivered again", async () => {
    const { orderId, productId } = await placeOrder();
    await deliver("OPENPIX:CHARGE_COMPLETED", orderId);
    await checked(orderId, 1);
    await vi.waitFor(async () => expect((await eventOf(orderId)).attempts).toBe(1));
    expect(await eventOf(orderId)).toMatchObject({ processedAt: null, gaveUpAt: null });
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "pending", pixStatus: "ACTIVE" });
    // Not asked again before its pause of 15 s.
    expect(await secondsToNextCheck(orderId)).toBeGreaterThan(10);
    expect(await secondsToNextCheck(orderId)).toBeLessThanOrEqual(15);
    await processChargeEvents(paymentDeps(woovi.context));
    expect(askedAbout(orderId)).toBe(1);

    woovi.server.complete(orderId);
    await deliver("OPENPIX:CHARGE_COMPLETED", orderId);
    await checked(orderId, 2);
    await vi.waitFor(async () =>
      expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid", pixStatus: "COMPLETED" }),
    );
    expect((await eventOf(orderId)).processedAt).toBeInstanceOf(Date);
    expect(await mailsFor(orderId)).toHaveLength(1);
    expect(await stockOf(productId)).toBe(3);
  });

  it("is checked again by the job after a pause that doubles, until Woovi reports the payment", async () => {
    const { orderId } = await placeOrder();
    const deps = paymentDeps(woovi.context);
    await deliver("OPENPIX:CHARGE_COMPLETED", orderId);
    await checked(orderId, 1);
    await vi.waitFor(async () => expect((await eventOf(orderId)).attempts).toBe(1));

    await makeDue(orderId);
    expect(await processChargeEvents(deps)).toBe(0);
    expect(askedAbout(orderId)).toBe(2);
    expect(await eventOf(orderId)).toMatchObject({ attempts: 2, processedAt: null });
    expect(await secondsToNextCheck(orderId)).toBeGreaterThan(25);
    expect(await secondsToNextCheck(orderId)).toBeLessThanOrEqual(30);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "pending" });

    woovi.server.complete(orderId);
    await makeDue(orderId);
    expect(await processChargeEvents(deps)).toBe(1);
    expect(await orderOf(orderId)).toMatchObject({ status: "pending", paymentStatus: "paid" });
    expect(await mailsFor(orderId)).toHaveLength(1);

    // Settled: never asked about again.
    await makeDue(orderId);
    await processChargeEvents(deps);
    expect(askedAbout(orderId)).toBe(3);
  });

  it("stops once the order is cancelled, and is checked again when Woovi delivers it again", async () => {
    const { orderId, productId, userId } = await placeOrder();
    const deps = paymentDeps(woovi.context);
    await deliver("OPENPIX:CHARGE_COMPLETED", orderId);
    await checked(orderId, 1);
    await vi.waitFor(async () => expect((await eventOf(orderId)).attempts).toBe(1));
    await store.database.db.transaction((tx) =>
      moveOrder(tx, { orderId, move: "cancel", by: { actor: "customer", userId } }),
    );

    await makeDue(orderId);
    await processChargeEvents(deps);
    expect((await eventOf(orderId)).gaveUpAt).toBeInstanceOf(Date);
    await makeDue(orderId);
    await processChargeEvents(deps);
    expect(askedAbout(orderId)).toBe(2);

    // The customer paid the cancelled order's charge after all: kept, flagged for the shop.
    woovi.server.complete(orderId);
    await deliver("OPENPIX:CHARGE_COMPLETED", orderId);
    await checked(orderId, 3);
    await vi.waitFor(async () =>
      expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "paid" }),
    );
    expect((await orderOf(orderId)).latePaymentAt).toBeInstanceOf(Date);
    expect(await stockOf(productId)).toBe(5);
  });

  it("keeps a delivery that arrives while the event is being checked", async () => {
    const { orderId, userId } = await placeOrder();
    await deliver("OPENPIX:CHARGE_COMPLETED", orderId);
    await checked(orderId, 1);
    await vi.waitFor(async () => expect((await eventOf(orderId)).attempts).toBe(1));
    await store.database.db.transaction((tx) =>
      moveOrder(tx, { orderId, move: "cancel", by: { actor: "customer", userId } }),
    );

    // Woovi's answer (still ACTIVE) is held until the next delivery has been kept.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const deps = paymentDeps(woovi.context);
    const slowDeps = {
      ...deps,
      pix: { ...deps.pix, chargeStatus: (id: string) => deps.pix.chargeStatus(id).finally(() => held) },
    };
    await makeDue(orderId);
    const checking = processChargeEvents(slowDeps);
    await checked(orderId, 2);
    woovi.server.complete(orderId);
    await recordChargeEvent(store.database.db, {
      provider: "woovi",
      chargeId: orderId,
      eventType: "COMPLETED",
    });
    answer();
    await checking;

    expect(await eventOf(orderId)).toMatchObject({ gaveUpAt: null, processedAt: null });
    expect(await processChargeEvents(deps)).toBe(1);
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "paid" });
  });

  it("gives up, with a warning, on an event of a charge no order has after 8 checks", async () => {
    const warn = vi.spyOn(store.context.logger, "warn");
    const chargeId = randomUUID();
    await woovi.context.pix.createCharge({
      orderId: chargeId,
      amountCents: 5_000,
      customer: {
        name: "Fora da Loja",
        email: "fora@example.com",
        phone: "11987654321",
        taxId: "52998224725",
      },
    });
    const deps = paymentDeps(woovi.context);
    await deliver("OPENPIX:CHARGE_COMPLETED", chargeId);
    await checked(chargeId, 1);
    await vi.waitFor(async () => expect((await eventOf(chargeId)).attempts).toBe(1));
    for (let check = 2; check <= 8; check++) {
      expect((await eventOf(chargeId)).gaveUpAt).toBeNull();
      await makeDue(chargeId);
      await processChargeEvents(deps);
    }
    expect(await eventOf(chargeId)).toMatchObject({ attempts: 8, processedAt: null });
    expect((await eventOf(chargeId)).gaveUpAt).toBeInstanceOf(Date);
    const event = (await eventOf(chargeId)).id;
    expect(warn).toHaveBeenCalledWith(
      { event, provider: "woovi", attempts: 8 },
      "Evento de pagamento de uma cobrança sem pedido abandonado",
    );
    await makeDue(chargeId);
    await processChargeEvents(deps);
    expect(askedAbout(chargeId)).toBe(8);
    warn.mockRestore();
  });
});

describe("a charge reported paid", () => {
  const adminOrderPage = (orderId: string) =>
    adminOrderLoader({
      request: adminRequest(admin, `/admin/orders/${orderId}`),
      context: store.context,
      params: { orderId },
    } as Parameters<typeof adminOrderLoader>[0]);
  const adminList = (search: string) =>
    adminOrdersLoader({
      request: adminRequest(admin, `/admin/orders?q=${search}`),
      context: store.context,
      params: {},
    } as Parameters<typeof adminOrdersLoader>[0]);

  it("with another amount than the total leaves the order unpaid, with its stock, and flags it to the admin", async () => {
    const { orderId, productId } = await placeOrder();
    woovi.server.complete(orderId);
    woovi.server.reportValue(orderId, 100);
    await deliver("OPENPIX:CHARGE_COMPLETED", orderId);
    await vi.waitFor(async () => expect((await eventOf(orderId)).processedAt).toBeInstanceOf(Date));

    const order = await orderOf(orderId);
    expect(order).toMatchObject({
      status: "pending",
      paymentStatus: "pending",
      paidAt: null,
      paymentMismatchCents: 100,
    });
    expect(order.paymentMismatchAt).toBeInstanceOf(Date);
    expect(await stockOf(productId)).toBe(3);
    expect(await mailsFor(orderId)).toHaveLength(0);

    const { order: shown } = await adminOrderPage(orderId);
    expect(shown.paid).toBe(false);
    expect(shown.paymentMismatchText).toMatch(
      /^R\$\s1,00 recebidos em \d\d\/\d\d\/\d{4} às \d\d:\d\d, total do pedido R\$\s259,80$/,
    );
    const { orders: rows } = await adminList(orderId.slice(0, 8));
    expect(rows.find((row) => row.id === orderId)).toMatchObject({ paymentMismatch: true, paid: false });

    // Past its expiry it waits for the shop: neither cancelled nor its stock returned.
    await expireOverdueOrders(paymentDeps(woovi.context), new Date(Date.now() + 31 * 60_000));
    expect(await orderOf(orderId)).toMatchObject({ status: "pending", paymentStatus: "pending" });
    expect(await stockOf(productId)).toBe(3);
  });

  it("for the order's total pays it, with its confirmation e-mail, and flags nothing", async () => {
    const { orderId } = await placeOrder();
    woovi.server.complete(orderId);
    await deliver("OPENPIX:CHARGE_COMPLETED", orderId);
    await vi.waitFor(async () =>
      expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid", paymentMismatchAt: null }),
    );
    expect(await mailsFor(orderId)).toHaveLength(1);
    expect((await adminOrderPage(orderId)).order.paymentMismatchText).toBeNull();
  });
});

describe("an order of a provider the store no longer uses", () => {
  it("expires on its own clock: cancelled, its stock returned, the change in its history", async () => {
    const { orderId, productId } = await placeOrder(store.context);
    expect(await orderOf(orderId)).toMatchObject({ pixProvider: "sandbox", status: "pending" });
    expect(await stockOf(productId)).toBe(3);
    const { paymentExpiresAt } = await orderOf(orderId);
    const wooviDeps = paymentDeps(woovi.context);

    await expireOverdueOrders(wooviDeps, new Date(paymentExpiresAt!.getTime() - 1_000));
    expect(await orderOf(orderId)).toMatchObject({ status: "pending" });

    await expireOverdueOrders(wooviDeps, new Date(paymentExpiresAt!.getTime() + 1_000));
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "pending" });
    expect(await stockOf(productId)).toBe(5);
    const history = await store.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId));
    expect(history).toMatchObject([{ fromStatus: "pending", toStatus: "cancelled", changedBy: null }]);
    expect(woovi.server.requests.filter((request) => request.path.includes(orderId))).toHaveLength(0);
  });
});
