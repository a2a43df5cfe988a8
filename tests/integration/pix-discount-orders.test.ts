import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { executePrepared } from "../../app/db/client.server";
import {
  mailOutbox,
  orderAdjustments,
  orderItems,
  orders,
  productVariants,
} from "../../app/db/schema.server";
import { pixDiscountAdjustment, totalOf } from "../../app/domain/orders/order-total";
import { parseBrCode } from "../../app/domain/payments/br-code";
import { pixTotals, pixUnitPriceCents } from "../../app/domain/payments/payment-prices";
import { pixUnitPriceSql } from "../../app/domain/payments/pix-price-sql.server";
import type { StoreSettings } from "../../app/domain/store-settings/settings-schema";
import { saveSettingsSection } from "../../app/domain/store-settings/store-settings.server";
import { loader as receiptLoader } from "../../app/routes/account.order-receipt";
import { loader as customerOrdersLoader } from "../../app/routes/account/orders";
import { loader as adminOrderLoader } from "../../app/routes/admin/order";
import { action as sandboxPayment } from "../../app/routes/api.sandbox-payment";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { postCheckout } from "../support/checkout";
import { createOrder, createProduct, createUser } from "../support/factories";
import { checkoutBody } from "../support/orders";
import { setUpTestStore, signUpBuyer, TEST_BASE_URL, type Buyer } from "../support/test-context";

// Issue 28: every order is paid by PIX, so its total is its lines' PIX total, priced by the server
// from the owner's discount of the moment. Issue 50: that total is stored as lines, the items at
// their list prices and the PIX discount as an adjustment, their sum the total.

const store = setUpTestStore();

let actor: { id: string; email: string };
let admin: TestAdmin;
beforeAll(async () => {
  actor = await createUser(store.database.db);
  admin = await signedInAdmin(store.context);
});

type RouteArgs<F extends (args: never) => unknown> = Parameters<F>[0];
const customerGet = (who: Buyer, path: string) =>
  new Request(`${TEST_BASE_URL}${path}`, { headers: { cookie: who.cookie } });

const setPixDiscount = (pixDiscountBasisPoints: number) =>
  saveSettingsSection(store.database.db, store.context.env, actor, "payment", {
    pixDiscountBasisPoints,
    maxInstallments: 12,
    installmentsWithoutInterest: 12,
    minInstallmentCents: 500,
    monthlyInterestBasisPoints: 0,
  } satisfies StoreSettings["payment"]);

async function orderOf(orderId: string) {
  const { db } = store.database;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const adjustments = await db
    .select({
      kind: orderAdjustments.kind,
      label: orderAdjustments.label,
      amountCents: orderAdjustments.amountCents,
    })
    .from(orderAdjustments)
    .where(eq(orderAdjustments.orderId, orderId));
  const itemsCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return { order: order!, lines, adjustments, linesTotalCents: totalOf(itemsCents, adjustments) };
}

describe("an order without a PIX discount (0%, the default)", () => {
  it("costs its lines' list prices, with no discount recorded", async () => {
    const who = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { priceCents: 1_990 });
    const answer = await postCheckout(
      store.context,
      who,
      checkoutBody(who, [{ id: product.id, quantity: 3 }]),
    );
    expect(answer).toMatchObject({ status: 200, success: true, pixData: { amount: 59.7 } });
    expect(parseBrCode(answer.pixData!.brCode)["54"]).toBe("59.70");
    const { order, adjustments, linesTotalCents } = await orderOf(answer.orderId!);
    expect(order).toMatchObject({ totalCents: 5_970, pixDiscountCents: 0, pixDiscountBasisPoints: 0 });
    expect(adjustments).toEqual([]);
    expect(linesTotalCents).toBe(5_970);
  });
});

describe("an order with a 5% PIX discount", () => {
  beforeAll(() => setPixDiscount(500));

  it("charges each unit's PIX price times its quantity, and records the discount; lines keep their list price", async () => {
    const who = await signUpBuyer(store);
    const cable = await createProduct(store.database.db, { priceCents: 1_990 });
    const mouse = await createProduct(store.database.db, { priceCents: 12_990 });
    const answer = await postCheckout(
      store.context,
      who,
      checkoutBody(who, [
        { id: cable.id, quantity: 3 },
        { id: mouse.id, quantity: 1 },
      ]),
    );
    // R$ 19,90 less R$ 1,00 (R$ 0,995 rounded half up) three times, R$ 129,90 less R$ 6,50.
    expect(answer).toMatchObject({ status: 200, success: true, pixData: { amount: 180.1 } });
    expect(parseBrCode(answer.pixData!.brCode)["54"]).toBe("180.10");
    const { order, lines, adjustments, linesTotalCents } = await orderOf(answer.orderId!);
    expect(order).toMatchObject({ totalCents: 18_010, pixDiscountCents: 950, pixDiscountBasisPoints: 500 });
    expect(lines.map((line) => line.unitPriceCents).sort()).toEqual([12_990, 1_990]);
    expect(adjustments).toEqual([{ kind: "pix_discount", label: "Desconto PIX (5%)", amountCents: -950 }]);
    expect(linesTotalCents).toBe(18_010);
  });

  it("is shown with its discount line on the receipt, the e-mail, the customer's and the admin's order pages", async () => {
    const who = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { priceCents: 129_990 });
    const answer = await postCheckout(
      store.context,
      who,
      checkoutBody(who, [{ id: product.id, quantity: 1 }]),
    );
    const orderId = answer.orderId!;
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

    const receipt = await receiptLoader({
      request: customerGet(who, `/account/orders/${orderId}/receipt`),
      context: store.context,
      params: { orderId },
    } as RouteArgs<typeof receiptLoader>);
    expect(await receipt.text()).toContain(
      '<div class="adjustments">\n<p>Desconto PIX (5%): −R$\u00a065,00</p>\n</div>\n' +
        '<p class="total">Total: R$\u00a01.234,90</p>',
    );
    const [mail] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `order-paid:${orderId}`));
    expect(mail!.text).toContain("Desconto PIX (5%): −R$\u00a065,00\nTotal: R$\u00a01.234,90");
    expect(mail!.html).toContain("Desconto PIX (5%): −R$\u00a065,00");
    expect(mail!.text).toContain("Pagamento: PIX\n");

    const listed = await customerOrdersLoader({
      request: customerGet(who, "/account/orders"),
      context: store.context,
      params: {},
    } as RouteArgs<typeof customerOrdersLoader>);
    const discountLine = { kind: "pix_discount", label: "Desconto PIX (5%)", amountCents: -6_500 };
    expect(listed.orders[0]).toMatchObject({ totalCents: 123_490, adjustments: [discountLine] });
    const adminOrder = await adminOrderLoader({
      request: adminRequest(admin, `/admin/orders/${orderId}`),
      context: store.context,
      params: { orderId },
    } as RouteArgs<typeof adminOrderLoader>);
    expect(adminOrder.order).toMatchObject({ totalCents: 123_490, adjustments: [discountLine] });
  });

  it("refuses a request that names its own total or discount, reserving nothing", async () => {
    const who = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { priceCents: 10_000, stock: 5 });
    const body = checkoutBody(who, [{ id: product.id, quantity: 2 }]);
    const answer = await postCheckout(store.context, who, {
      ...body,
      totalCents: 1,
      pixDiscountCents: 19_999,
    });
    expect(answer).toMatchObject({
      success: false,
      error: "Dados inválidos: Campo não aceito: totalCents, pixDiscountCents",
    });
    const { db } = store.database;
    expect(await db.select().from(orders).where(eq(orders.userId, who.id))).toEqual([]);
    const variants = await db.select().from(productVariants).where(eq(productVariants.productId, product.id));
    expect(variants.map((variant) => variant.stock)).toEqual([5]);
  });

  it("pays the server's total whatever price its lines claim", async () => {
    const who = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { priceCents: 10_000 });
    const body = checkoutBody(who, [{ id: product.id, quantity: 2, price: 0.01 }]);
    const tampered = {
      ...body,
      products: body.products.map((line) => ({ ...line, priceCents: 1, pixPriceCents: 1 })),
    };
    const answer = await postCheckout(store.context, who, tampered);
    expect(answer).toMatchObject({ status: 200, success: true, pixData: { amount: 190 } });
    expect(parseBrCode(answer.pixData!.brCode)["54"]).toBe("190.00");
    expect((await orderOf(answer.orderId!)).order).toMatchObject({
      totalCents: 19_000,
      pixDiscountCents: 1_000,
      pixDiscountBasisPoints: 500,
    });
  });

  it("stays exact at the largest prices and quantities, as the pages compute it", async () => {
    await setPixDiscount(4_999);
    const who = await signUpBuyer(store);
    const first = await createProduct(store.database.db, { priceCents: 99_999_999, stock: 100 });
    const second = await createProduct(store.database.db, { priceCents: 100_000_000, stock: 100 });
    const answer = await postCheckout(
      store.context,
      who,
      checkoutBody(who, [
        { id: first.id, quantity: 100 },
        { id: second.id, quantity: 100 },
      ]),
    );
    expect(answer).toMatchObject({ status: 200, success: true });
    const expected = pixTotals(
      [
        { unitPriceCents: 99_999_999, quantity: 100 },
        { unitPriceCents: 100_000_000, quantity: 100 },
      ],
      4_999,
    );
    expect((await orderOf(answer.orderId!)).order).toMatchObject({
      totalCents: expected.pixCents,
      pixDiscountCents: expected.discountCents,
    });
  });
});

describe("the statement's PIX price", () => {
  it("is payment-prices.ts's, for any price and rate", async () => {
    const pairs: [number, number][] = [
      // Half a centavo off R$ 0,01 and R$ 0,03: the price never goes to nothing.
      [1, 5_000],
      [3, 5_000],
      [1_990, 500],
      ...fc.sample(
        fc.tuple(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: 5_000 })),
        300,
      ),
    ];
    for (const [price, rate] of pairs) {
      const [row] = await executePrepared<{ pix: string | number }>(
        store.database.db,
        "pix_price_check",
        sql`select ${pixUnitPriceSql(sql`${price}::bigint`, rate)} as pix`,
      );
      expect(Number(row!.pix), `${price} at ${rate}`).toBe(pixUnitPriceCents(price, rate));
    }
  });
});

describe("an order's PIX discount written on its columns alone (by the previous release)", () => {
  it("is its total's adjustment, changed and taken away with them", async () => {
    const { db } = store.database;
    const product = await createProduct(db, { priceCents: 10_000 });
    const order = await createOrder(db, {
      userId: actor.id,
      lines: [{ product, quantity: 2 }],
      overrides: { totalCents: 19_250, pixDiscountCents: 750, pixDiscountBasisPoints: 375 },
    });
    const discount = { kind: "pix_discount", label: "Desconto PIX (3,75%)", amountCents: -750 };
    expect(await orderOf(order.id)).toMatchObject({ adjustments: [discount], linesTotalCents: 19_250 });

    await db
      .update(orders)
      .set({ totalCents: 19_000, pixDiscountCents: 1_000, pixDiscountBasisPoints: 500 })
      .where(eq(orders.id, order.id));
    expect(await orderOf(order.id)).toMatchObject({
      adjustments: [{ ...discount, label: "Desconto PIX (5%)", amountCents: -1_000 }],
      linesTotalCents: 19_000,
    });

    await db
      .update(orders)
      .set({ totalCents: 20_000, pixDiscountCents: 0, pixDiscountBasisPoints: 0 })
      .where(eq(orders.id, order.id));
    expect(await orderOf(order.id)).toMatchObject({ adjustments: [], linesTotalCents: 20_000 });
  });

  it("is labelled in the database as the pages label it, for every rate", async () => {
    const rates = [
      1,
      10,
      100,
      199,
      375,
      500,
      750,
      1_000,
      4_999,
      5_000,
      ...fc.sample(fc.integer({ min: 1, max: 5_000 }), 100),
    ];
    for (const rate of rates) {
      const [row] = await executePrepared<{ label: string }>(
        store.database.db,
        "pix_discount_label_check",
        sql`select pix_discount_label(${rate}::integer) as label`,
      );
      expect(row!.label, `${rate}`).toBe(pixDiscountAdjustment(1, rate)!.label);
    }
  });
});
