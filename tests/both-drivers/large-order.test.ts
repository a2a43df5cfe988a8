import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, sandboxPixCharges } from "../../app/db/schema.server";
import { parseBrCode } from "../../app/domain/payments/br-code";
import { formatBRL } from "../../app/lib/money";
import { loader as receiptLoader } from "../../app/routes/account.order-receipt";
import { loader as customerOrdersLoader } from "../../app/routes/account/orders";
import { loader as overviewLoader } from "../../app/routes/account/overview";
import { loader as dashboardLoader } from "../../app/routes/admin/dashboard";
import { loader as adminOrderLoader } from "../../app/routes/admin/order";
import { action as sandboxPayment } from "../../app/routes/api.sandbox-payment";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { postCheckout } from "../support/checkout";
import { createProduct } from "../support/factories";
import { checkoutBody } from "../support/orders";
import { setUpTestStore, signUpBuyer, TEST_BASE_URL, type Buyer } from "../support/test-context";
import { setUpFakeWoovi } from "../support/woovi-context";

// The largest order the spec allows: 50 lines (items per order) of 100 units (quantity per item)
// at R$ 1.000.000,00 (the highest price). Its total, R$ 5 billion, is far past 32 bits of centavos.
const LINES = 50;
const UNITS = 100;
const PRICE_CENTS = 100_000_000;
const TOTAL_CENTS = 500_000_000_000;
const TOTAL_TEXT = "R$\u00a05.000.000.000,00";

const store = setUpTestStore();
let admin: TestAdmin;
const woovi = setUpFakeWoovi(store);

beforeAll(async () => {
  admin = await signedInAdmin(store.context);
});

/** The largest order's request, as the checkout dialog sends it, on 50 new products of its own. */
async function largestOrderRequest(who: Buyer) {
  const lines = [];
  for (let line = 0; line < LINES; line++) {
    const product = await createProduct(store.database.db, { priceCents: PRICE_CENTS, stock: UNITS });
    const { id, name, category, image } = product;
    lines.push({ id, name, category, price: PRICE_CENTS / 100, image, quantity: UNITS });
  }
  return checkoutBody(who, lines);
}

type RouteArgs<F extends (args: never) => unknown> = Parameters<F>[0];

const customerGet = (who: Buyer, path: string) =>
  new Request(`${TEST_BASE_URL}${path}`, { headers: { cookie: who.cookie } });

async function adminDashboard() {
  return dashboardLoader({
    request: adminRequest(admin, "/admin"),
    context: store.context,
    params: {},
  } as RouteArgs<typeof dashboardLoader>);
}

describe("an order at the spec's largest total, R$ 5.000.000.000,00", () => {
  it("is placed, shown and paid with every centavo", async () => {
    const who = await signUpBuyer(store);
    const revenueBefore = (await adminDashboard()).figures.totalRevenueCents;

    const answer = await postCheckout(store.context, who, await largestOrderRequest(who));
    expect(answer).toMatchObject({ status: 200, success: true, pixData: { amount: 5_000_000_000 } });
    const orderId = answer.orderId!;
    // The PIX code asks for exactly that amount, and its CRC holds (parseBrCode checks it).
    expect(parseBrCode(answer.pixData!.brCode)["54"]).toBe("5000000000.00");

    const { db } = store.database;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ totalCents: TOTAL_CENTS, pixBrCode: answer.pixData!.brCode });
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines).toHaveLength(LINES);
    expect(lines.every((line) => line.unitPriceCents === PRICE_CENTS && line.quantity === UNITS)).toBe(true);
    const [charge] = await db
      .select()
      .from(sandboxPixCharges)
      .where(eq(sandboxPixCharges.chargeId, order!.pixChargeId!));
    expect(charge!.amountCents).toBe(TOTAL_CENTS);

    // Meus Pedidos and the admin's order page.
    const listed = await customerOrdersLoader({
      request: customerGet(who, "/account/orders"),
      context: store.context,
      params: {},
    } as RouteArgs<typeof customerOrdersLoader>);
    expect(listed.orders.map((shown) => shown.totalCents)).toEqual([TOTAL_CENTS]);
    expect(formatBRL(listed.orders[0]!.totalCents)).toBe(TOTAL_TEXT);
    const adminOrder = await adminOrderLoader({
      request: adminRequest(admin, `/admin/orders/${orderId}`),
      context: store.context,
      params: { orderId },
    } as RouteArgs<typeof adminOrderLoader>);
    expect(adminOrder.order.totalCents).toBe(TOTAL_CENTS);
    expect(formatBRL(adminOrder.order.totalCents)).toBe(TOTAL_TEXT);

    // 'Simular pagamento (sandbox)': the order is paid in full.
    const paid = await sandboxPayment({
      request: new Request(`${TEST_BASE_URL}/api/sandbox/payment`, {
        method: "POST",
        headers: { cookie: who.cookie },
        body: new URLSearchParams({ orderId }),
      }),
      context: store.context,
      params: {},
    } as RouteArgs<typeof sandboxPayment>);
    expect(paid.data).toEqual({ paid: true });
    const [afterPayment] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(afterPayment).toMatchObject({
      paymentStatus: "paid",
      pixStatus: "COMPLETED",
      totalCents: TOTAL_CENTS,
    });

    // The sums of money: what the customer spent, the store's revenue, the receipt's total.
    const overview = await overviewLoader({
      request: customerGet(who, "/account"),
      context: store.context,
      params: {},
    } as RouteArgs<typeof overviewLoader>);
    expect(overview.overview.spentCents).toBe(TOTAL_CENTS);
    const dashboard = await adminDashboard();
    expect(dashboard.figures.totalRevenueCents - revenueBefore).toBe(TOTAL_CENTS);
    expect(dashboard.recentOrders.find((recent) => recent.id === orderId)?.totalCents).toBe(TOTAL_CENTS);
    expect(dashboard.revenueByDay.at(-1)!.revenueCents).toBeGreaterThanOrEqual(TOTAL_CENTS);
    const receipt = await receiptLoader({
      request: customerGet(who, `/account/orders/${orderId}/receipt`),
      context: store.context,
      params: { orderId },
    } as RouteArgs<typeof receiptLoader>);
    expect(await receipt.text()).toContain(`Total: ${TOTAL_TEXT}`);
  });

  it("is charged through Woovi for 500000000000 centavos", async () => {
    const who = await signUpBuyer(store);
    const answer = await postCheckout(woovi.context, who, await largestOrderRequest(who));
    expect(answer).toMatchObject({ status: 200, success: true, pixData: { amount: 5_000_000_000 } });
    const created = woovi.server.creationRequestsOf(answer.orderId!);
    expect(created.map((request) => (request.body as { value: unknown }).value)).toEqual([TOTAL_CENTS]);
    expect(parseBrCode(answer.pixData!.brCode)["54"]).toBe("5000000000.00");
    const [order] = await store.database.db.select().from(orders).where(eq(orders.id, answer.orderId!));
    expect(order).toMatchObject({ totalCents: TOTAL_CENTS, pixProvider: "woovi" });
  });
});
