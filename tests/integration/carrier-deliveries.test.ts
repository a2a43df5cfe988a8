import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentDeps } from "../../app/context.server";
import { mailOutbox, orders } from "../../app/db/schema.server";
import { changeOrderStatus, STATUS_UPDATED } from "../../app/domain/admin/change-order-status.server";
import { listStatusHistory } from "../../app/domain/orders/status-history.server";
import type { CarrierTracking } from "../../app/domain/shipping/carrier-tracking";
import { createCarrierTracking } from "../../app/domain/shipping/carrier-trackings.server";
import { followDeliveries, type DeliveryDeps } from "../../app/domain/shipping/follow-deliveries.server";
import { signedInAdmin, type TestAdmin } from "../support/admin";
import { createOrder, createProduct } from "../support/factories";
import { startFakeCorreiosServer, type FakeCorreiosServer } from "../support/fake-correios-server";
import { createTestContext, nextClientIp } from "../support/test-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// The carrier's tracking marks a shipped order delivered (issue 29): the job that follows shipped
// orders, against a Correios stand-in on loopback, configured as the store is (CORREIOS_*).

const CORREIOS = { user: "loja-vitrine", accessCode: "codigo-de-acesso-da-api", postingCard: "0073423759" };
const HOUR_MS = 60 * 60 * 1000;
/** `hours` ago, to the second (the Correios write no fractions). */
const hoursAgo = (hours: number) => new Date(Math.floor((Date.now() - hours * HOUR_MS) / 1000) * 1000);

let database: TestDatabase;
let correios: FakeCorreiosServer;
let deps: DeliveryDeps;
let admin: TestAdmin;

beforeAll(async () => {
  [database, correios] = await Promise.all([createTestDatabase(), startFakeCorreiosServer(CORREIOS)]);
  const context = createTestContext(database, nextClientIp(), {
    CORREIOS_API_URL: correios.url,
    CORREIOS_USER: CORREIOS.user,
    CORREIOS_ACCESS_CODE: CORREIOS.accessCode,
    CORREIOS_POSTING_CARD: CORREIOS.postingCard,
  });
  const { db, logger, store } = paymentDeps(context);
  deps = { db, logger, store, carrier: createCarrierTracking(context.env)! };
  admin = await signedInAdmin(context);
});
afterAll(async () => {
  await Promise.all([database?.destroy(), correios?.stop()]);
});

let codes = 0;
/** A tracking code of this test run's own. */
function nextTrackingCode(): string {
  codes += 1;
  return `QB${String(Date.now() % 1e6).padStart(6, "0")}${String(codes).padStart(3, "0")}BR`;
}

/** A paid order the shop shipped with a parcel of its own (or one in `status`, with a code). */
async function shippedOrder(status: "shipped" | "processing" = "shipped") {
  const product = await createProduct(database.db, { priceCents: 15_000, stock: 5 });
  const trackingCode = nextTrackingCode();
  const order = await createOrder(database.db, {
    userId: null,
    lines: [{ product, quantity: 1 }],
    paid: true,
    overrides: {
      paidAt: hoursAgo(72),
      status,
      trackingCode,
      ...(status === "shipped" ? { shippedAt: hoursAgo(48) } : {}),
    },
  });
  correios.record(trackingCode, "posted", hoursAgo(48));
  return { ...order, trackingCode };
}

/** The job's run `hours` from now: what it finds due then (each order is asked once an hour). */
function runHoursLater(hours: number) {
  return followDeliveries(deps, new Date(Date.now() + hours * HOUR_MS));
}

async function orderRow(orderId: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function deliveredMail(orderId: string) {
  return database.db
    .select({ recipient: mailOutbox.recipient, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, `order-update:${orderId}:delivered`));
}

describe("following deliveries with the Correios", () => {
  it("marks delivered, with the carrier's date, a shipped order whose parcel reached its addressee", async () => {
    const order = await shippedOrder();
    const handedOver = hoursAgo(3);
    correios.record(order.trackingCode, "inTransit", hoursAgo(20));
    correios.record(order.trackingCode, "delivered", handedOver);

    expect(await runHoursLater(1.1)).toBe(1);

    const row = await orderRow(order.id);
    expect(row.status).toBe("delivered");
    expect(row.deliveredAt).toEqual(handedOver);
    expect((await listStatusHistory(database.db, order)).at(-1)).toMatchObject({
      from: "shipped",
      to: "delivered",
      who: "Sistema",
    });
    expect(await deliveredMail(order.id)).toEqual([
      {
        recipient: "maria@example.com",
        subject: `Pedido entregue — pedido #${order.id.slice(0, 8).toUpperCase()}`,
      },
    ]);
  });

  it("leaves shipped an order whose parcel is on its way, or whose addressee was absent", async () => {
    const onItsWay = await shippedOrder();
    const absent = await shippedOrder();
    correios.record(onItsWay.trackingCode, "inTransit");
    correios.record(absent.trackingCode, "absent");

    expect(await runHoursLater(1.1)).toBe(0);

    for (const order of [onItsWay, absent]) {
      expect(correios.trackingRequestsOf(order.trackingCode)).toHaveLength(1);
      expect(await orderRow(order.id)).toMatchObject({ status: "shipped", deliveredAt: null });
      expect(await deliveredMail(order.id)).toEqual([]);
    }
  });

  it("asks about each order once an hour at most", async () => {
    const order = await shippedOrder();

    // Never asked about yet: at once; then not again within the hour.
    await runHoursLater(0);
    await runHoursLater(0.5);
    expect(correios.trackingRequestsOf(order.trackingCode)).toHaveLength(1);
    await runHoursLater(1.1);
    await runHoursLater(1.6);
    expect(correios.trackingRequestsOf(order.trackingCode)).toHaveLength(2);
    correios.record(order.trackingCode, "delivered");
    expect(await runHoursLater(2.2)).toBe(1);
    expect(correios.trackingRequestsOf(order.trackingCode)).toHaveLength(3);
  });

  it("never asks about an order not shipped, even with a tracking code", async () => {
    const order = await shippedOrder("processing");
    correios.record(order.trackingCode, "delivered");

    expect(await runHoursLater(1.1)).toBe(0);

    expect(correios.trackingRequestsOf(order.trackingCode)).toEqual([]);
    expect(await orderRow(order.id)).toMatchObject({ status: "processing", deliveredAt: null });
  });

  it("never asks the Correios about another carrier's parcel: the admin marks it delivered", async () => {
    const product = await createProduct(database.db, { priceCents: 15_000, stock: 5 });
    const order = await createOrder(database.db, {
      userId: null,
      lines: [{ product, quantity: 1 }],
      paid: true,
      overrides: {
        paidAt: hoursAgo(72),
        status: "shipped",
        shippedAt: hoursAgo(48),
        trackingCarrier: "jadlog",
        trackingCode: "10080155188760",
      },
    });
    correios.record("10080155188760", "delivered");

    expect(await runHoursLater(1.1)).toBe(0);

    expect(correios.trackingRequestsOf("10080155188760")).toEqual([]);
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", deliveryCheckedAt: null });
    expect(
      await changeOrderStatus(deps, { id: admin.id, email: admin.email }, order.id, "delivered"),
    ).toEqual({
      ok: true,
      message: STATUS_UPDATED,
    });
    expect((await orderRow(order.id)).status).toBe("delivered");
  });

  it("leaves everything as it was when the carrier fails, and delivers at the next run", async () => {
    const order = await shippedOrder();
    const handedOver = hoursAgo(5);
    correios.record(order.trackingCode, "delivered", handedOver);
    correios.failNext();

    expect(await runHoursLater(1.1)).toBe(0);

    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", deliveredAt: null });
    expect(await listStatusHistory(database.db, order)).toEqual([]);
    expect(await deliveredMail(order.id)).toEqual([]);

    expect(await runHoursLater(2.2)).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({
      status: "delivered",
      deliveredAt: handedOver,
    });
    expect(await deliveredMail(order.id)).toHaveLength(1);
  });

  it("asks for a new token when the carrier refuses the one it gave (401), and delivers", async () => {
    const order = await shippedOrder();
    await runHoursLater(1.1);
    const tokensBefore = correios.tokenRequests().length;
    correios.revokeTokens();
    correios.record(order.trackingCode, "delivered");

    expect(await runHoursLater(2.2)).toBe(1);

    expect(correios.tokenRequests()).toHaveLength(tokensBefore + 1);
    expect((await orderRow(order.id)).status).toBe("delivered");
  });

  it("believes no delivery before the order was paid: the code is another parcel's", async () => {
    const order = await shippedOrder();
    correios.record(order.trackingCode, "delivered", hoursAgo(96));

    expect(await runHoursLater(1.1)).toBe(0);

    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", deliveredAt: null });
    expect(await deliveredMail(order.id)).toEqual([]);
  });

  it("leaves alone an order the admin marked delivered while the carrier was asked", async () => {
    const order = await shippedOrder();
    const handedOver = hoursAgo(6);
    correios.record(order.trackingCode, "delivered", handedOver);
    const adminMarksDelivered = () =>
      changeOrderStatus(deps, { id: admin.id, email: admin.email }, order.id, "delivered");
    const carrier: CarrierTracking = {
      name: deps.carrier.name,
      deliveredAt: async (code) => {
        expect(await adminMarksDelivered()).toEqual({ ok: true, message: STATUS_UPDATED });
        return deps.carrier.deliveredAt(code);
      },
    };

    expect(await followDeliveries({ ...deps, carrier }, new Date(Date.now() + 1.1 * HOUR_MS))).toBe(0);

    const history = await listStatusHistory(database.db, order);
    expect(history.map(({ to, who }) => ({ to, who }))).toEqual([{ to: "delivered", who: admin.email }]);
    expect((await orderRow(order.id)).deliveredAt).not.toEqual(handedOver);
    expect(await deliveredMail(order.id)).toHaveLength(1);
  });
});
