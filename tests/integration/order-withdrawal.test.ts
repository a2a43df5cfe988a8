import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { orderRefunds, orders } from "../../app/db/schema.server";
import { LIFECYCLE_MESSAGES } from "../../app/domain/orders/order-lifecycle";
import { action as adminOrderAction, loader as adminOrderLoader } from "../../app/routes/admin/order";
import { action as ordersAction, loader as ordersLoader } from "../../app/routes/account/orders";
import { action as simulatePayment } from "../../app/routes/api.sandbox-payment";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { settingsForms, settingsPage } from "../support/admin-settings";
import { placeOrderThroughCheckout } from "../support/checkout";
import { createOrder, createProduct, createRefund } from "../support/factories";
import { setUpTestStore, signUpInStore, TEST_BASE_URL } from "../support/test-context";

// The customer's 'Desistir da compra' on /account/orders (issue 29, CDC art. 49): offered for
// 7 days, refused on another customer's order and after the 7 days, nothing changed then.

const store = setUpTestStore();

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

interface TestCustomer {
  id: string;
  cookie: string;
}

function listOrders(customer: TestCustomer) {
  return ordersLoader({
    request: new Request(`${TEST_BASE_URL}/account/orders`, { headers: { cookie: customer.cookie } }),
    context: store.context,
    params: {},
  } as Parameters<typeof ordersLoader>[0]);
}

function post(customer: TestCustomer, path: string, form: Record<string, string>) {
  return {
    request: new Request(`${TEST_BASE_URL}${path}`, {
      method: "POST",
      headers: { cookie: customer.cookie },
      body: new URLSearchParams(form),
    }),
    context: store.context,
    params: {},
  };
}

/** The customer's 'Confirmar desistência', as the form posts it. */
function withdraw(customer: TestCustomer, orderId: string, reason = "") {
  return ordersAction(
    post(customer, "/account/orders", { intent: "withdraw", orderId, reason }) as Parameters<
      typeof ordersAction
    >[0],
  );
}

/** What the withdrawal may change of an order: its row's after-sale columns and its refunds. */
async function afterSaleOf(orderId: string) {
  const [order] = await store.database.db
    .select({
      status: orders.status,
      refundedCents: orders.refundedCents,
      withdrawalRequestedAt: orders.withdrawalRequestedAt,
      withdrawalReason: orders.withdrawalReason,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const refunds = await store.database.db
    .select({
      amountCents: orderRefunds.amountCents,
      status: orderRefunds.status,
      origin: orderRefunds.origin,
    })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  return { ...order!, refunds };
}

type OrderOverrides = Parameters<typeof createOrder>[1]["overrides"];

async function orderFor(
  customer: TestCustomer,
  options: { paid?: boolean; overrides?: OrderOverrides } = {},
) {
  const product = await createProduct(store.database.db, { priceCents: 15_000 });
  return createOrder(store.database.db, {
    userId: customer.id,
    lines: [{ product, quantity: 1 }],
    paid: options.paid,
    overrides: options.overrides,
  });
}

describe("'Desistir da compra' on the customer's orders", () => {
  it("is offered for a paid order within the 7 days: a cancellation before it ships, a return after", async () => {
    const customer = await signUpInStore(store);
    const unpaid = await orderFor(customer);
    const paidToday = await orderFor(customer, { paid: true, overrides: { status: "processing" } });
    const paidLongAgo = await orderFor(customer, { paid: true, overrides: { paidAt: daysAgo(8) } });
    const onItsWay = await orderFor(customer, {
      paid: true,
      overrides: { paidAt: daysAgo(20), status: "shipped", trackingCode: "PB123456789BR" },
    });
    const deliveredRecently = await orderFor(customer, {
      paid: true,
      overrides: { paidAt: daysAgo(10), status: "delivered", deliveredAt: daysAgo(6) },
    });
    const deliveredLongAgo = await orderFor(customer, {
      paid: true,
      overrides: { paidAt: daysAgo(12), status: "completed", deliveredAt: daysAgo(8) },
    });

    const { orders } = await listOrders(customer);
    const withdrawal = Object.fromEntries(orders.map((order) => [order.id, order.withdrawal]));
    expect(withdrawal).toEqual({
      [unpaid.id]: null,
      [paidToday.id]: "withdraw",
      [paidLongAgo.id]: null,
      [onItsWay.id]: "requestReturn",
      [deliveredRecently.id]: "requestReturn",
      [deliveredLongAgo.id]: null,
    });
  });

  it("lists each order's status and its payment refunded in part or in full", async () => {
    const customer = await signUpInStore(store);
    const paid = await orderFor(customer, { paid: true });
    const partly = await orderFor(customer, { paid: true, overrides: { status: "returned" } });
    await createRefund(store.database.db, partly.id, { amountCents: 5_000, status: "confirmed" });
    const refunded = await orderFor(customer, { paid: true, overrides: { status: "cancelled" } });
    await createRefund(store.database.db, refunded.id, { amountCents: 15_000, status: "confirmed" });
    // A refund the provider has not confirmed gives nothing back yet.
    const asked = await orderFor(customer, { paid: true, overrides: { status: "cancelled" } });
    await createRefund(store.database.db, asked.id, { amountCents: 15_000 });

    const { orders } = await listOrders(customer);
    const shown = Object.fromEntries(orders.map((order) => [order.id, [order.status, order.paymentState]]));
    expect(shown).toEqual({
      [paid.id]: ["pending", "paid"],
      [partly.id]: ["returned", "partially_refunded"],
      [refunded.id]: ["cancelled", "refunded"],
      [asked.id]: ["cancelled", "paid"],
    });
  });
});

describe("'Confirmar desistência'", () => {
  it("cancels the customer's paid order not shipped yet and refunds all of it through the PIX sandbox", async () => {
    const { buyer, orderId } = await placeOrderThroughCheckout(store, store.context, {
      product: { priceCents: 12_990, stock: 3 },
    });
    const paid = await simulatePayment(
      post(buyer, "/api/sandbox/payment", { orderId }) as Parameters<typeof simulatePayment>[0],
    );
    expect(paid.data).toEqual({ paid: true });

    expect(await withdraw(buyer, orderId, "  Comprei por engano  ")).toEqual({
      intent: "withdraw",
      ok: true,
      message: "Pedido cancelado e reembolsado",
    });
    expect(await afterSaleOf(orderId)).toMatchObject({
      status: "cancelled",
      refundedCents: 12_990,
      withdrawalReason: "Comprei por engano",
      refunds: [{ amountCents: 12_990, status: "confirmed", origin: "withdrawal" }],
    });
    const { orders: listed } = await listOrders(buyer);
    expect(listed).toMatchObject([
      { id: orderId, status: "cancelled", paymentState: "refunded", withdrawal: null },
    ]);

    // Asked again (a second tab, a resent form): refused by the life cycle, nothing refunded twice.
    expect(await withdraw(buyer, orderId)).toEqual({
      intent: "withdraw",
      ok: false,
      message: LIFECYCLE_MESSAGES.final,
    });
    expect((await afterSaleOf(orderId)).refunds).toHaveLength(1);
  });

  it("asks for the goods back when the order has left, and refunds nothing yet", async () => {
    const customer = await signUpInStore(store);
    const order = await orderFor(customer, {
      paid: true,
      overrides: { status: "delivered", trackingCode: "PB123456789BR", deliveredAt: daysAgo(2) },
    });
    expect(await withdraw(customer, order.id)).toEqual({
      intent: "withdraw",
      ok: true,
      message: "Devolução solicitada. Envie o produto de volta: o reembolso é feito quando o recebermos",
    });
    expect(await afterSaleOf(order.id)).toMatchObject({
      status: "return_requested",
      refundedCents: 0,
      withdrawalReason: null,
      refunds: [],
    });
  });

  it("is refused on another customer's order, as if it did not exist, and changes nothing", async () => {
    const alice = await signUpInStore(store);
    const bruno = await signUpInStore(store);
    const order = await orderFor(alice, { paid: true });
    const before = await afterSaleOf(order.id);

    expect(await withdraw(bruno, order.id, "Quero o dinheiro")).toEqual({
      intent: "withdraw",
      ok: false,
      message: "Pedido não encontrado",
    });
    expect(await afterSaleOf(order.id)).toEqual(before);
    expect(before).toMatchObject({ status: "pending", withdrawalRequestedAt: null, refunds: [] });
  });

  it("is refused after the 7 days with the life cycle's reason, and changes nothing", async () => {
    const customer = await signUpInStore(store);
    const unshipped = await orderFor(customer, { paid: true, overrides: { paidAt: daysAgo(8) } });
    const delivered = await orderFor(customer, {
      paid: true,
      overrides: { paidAt: daysAgo(12), status: "delivered", deliveredAt: daysAgo(8) },
    });
    for (const order of [unshipped, delivered]) {
      const before = await afterSaleOf(order.id);
      expect(await withdraw(customer, order.id)).toEqual({
        intent: "withdraw",
        ok: false,
        message: LIFECYCLE_MESSAGES.withdrawalOver,
      });
      expect(await afterSaleOf(order.id)).toEqual(before);
    }
    expect(LIFECYCLE_MESSAGES.withdrawalOver).toBe("O prazo de 7 dias para desistir da compra terminou");
  });

  it("refuses a reason longer than 500 characters, and changes nothing", async () => {
    const customer = await signUpInStore(store);
    const order = await orderFor(customer, { paid: true });
    const before = await afterSaleOf(order.id);
    expect(await withdraw(customer, order.id, "a".repeat(501))).toEqual({
      intent: "withdraw",
      ok: false,
      message: "O motivo pode ter até 500 caracteres",
    });
    expect(await afterSaleOf(order.id)).toEqual(before);
  });
});

describe("an order shipped and never marked delivered", () => {
  function adminOrder(admin: TestAdmin, orderId: string, form?: Record<string, string>) {
    const args = {
      request: adminRequest(admin, `/admin/orders/${orderId}`, form),
      context: store.context,
      params: { orderId },
    };
    return form
      ? adminOrderAction(args as Parameters<typeof adminOrderAction>[0])
      : adminOrderLoader(args as Parameters<typeof adminOrderLoader>[0]);
  }

  it("can be withdrawn from until 7 days after the last day of the delivery promised when it shipped", async () => {
    const admin = await signedInAdmin(store.context);
    const settings = settingsPage(store.context, admin);
    // 'Prazo de entrega: até 3 dias úteis'.
    expect(await settings.post(settingsForms.delivery({ deliveryDays: "3" }))).toEqual({
      intent: "delivery",
      ok: true,
    });
    try {
      const customer = await signUpInStore(store);
      const order = await orderFor(customer, {
        paid: true,
        overrides: { status: "processing", trackingCode: "PB123456789BR" },
      });
      // Shipped next Friday at 15:00 in São Paulo: the 3 working days end on Wednesday at midnight
      // (São Paulo, 03:00 UTC on Thursday), and the 7 days of withdrawal a week later.
      const friday = new Date();
      friday.setUTCDate(friday.getUTCDate() + ((5 - friday.getUTCDay() + 7) % 7 || 7));
      friday.setUTCHours(18, 0, 0, 0);
      const day = (days: number, hours = 0) =>
        new Date(Date.UTC(friday.getUTCFullYear(), friday.getUTCMonth(), friday.getUTCDate() + days, hours));
      const wednesday = day(5);
      const windowEnds = day(13, 3);
      vi.useFakeTimers({ toFake: ["Date"], now: friday });
      try {
        expect(await adminOrder(admin, order.id, { intent: "status", status: "shipped" })).toMatchObject({
          ok: true,
        });
        const { order: shown } = (await adminOrder(admin, order.id)) as Awaited<
          ReturnType<typeof adminOrderLoader>
        >;
        const promised = [wednesday.getUTCDate(), wednesday.getUTCMonth() + 1].map((n) =>
          String(n).padStart(2, "0"),
        );
        expect(shown.deliveryDueText).toBe(`${promised.join("/")}/${wednesday.getUTCFullYear()}`);

        vi.setSystemTime(windowEnds.getTime() - 60_000);
        expect((await listOrders(customer)).orders).toMatchObject([
          { id: order.id, withdrawal: "requestReturn" },
        ]);
        vi.setSystemTime(windowEnds.getTime() + 60_000);
        expect((await listOrders(customer)).orders).toMatchObject([{ id: order.id, withdrawal: null }]);
        const before = await afterSaleOf(order.id);
        expect(await withdraw(customer, order.id, "Desisti")).toEqual({
          intent: "withdraw",
          ok: false,
          message: LIFECYCLE_MESSAGES.withdrawalOver,
        });
        expect(await afterSaleOf(order.id)).toEqual(before);
        expect(before).toMatchObject({ status: "shipped", withdrawalRequestedAt: null });
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await settings.post(settingsForms.delivery({ deliveryDays: "7" }));
    }
  });
});
