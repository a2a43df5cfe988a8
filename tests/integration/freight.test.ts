import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerContext } from "../../app/context.server";
import { COUPON_COOKIE } from "../../app/domain/cart/coupon-cookie";
import { VISITOR_CART_COOKIE } from "../../app/domain/cart/visitor-cart-lines";
import {
  mailOutbox,
  orderAdjustments,
  orderRefunds,
  orders,
  products,
  sandboxCardCheckouts,
} from "../../app/db/schema.server";
import { parseBrCode } from "../../app/domain/payments/br-code";
import { currentStoreSettings } from "../../app/domain/store-settings/store-settings.server";
import { action as ordersAction, loader as customerOrdersLoader } from "../../app/routes/account/orders";
import { action as adminOrderAction, loader as adminOrderLoader } from "../../app/routes/admin/order";
import { loader as trackLoader } from "../../app/routes/account/track";
import { endOfWorkingDaysAfter, formatDate } from "../../app/lib/dates";
import { action as simulatePayment } from "../../app/routes/api.sandbox-payment";
import { loader as freightLoader } from "../../app/routes/freight";
import { loader as dashboardLoader } from "../../app/routes/admin/dashboard";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { settingsForms, settingsPage } from "../support/admin-settings";
import { postCheckout } from "../support/checkout";
import { meService, startFakeMelhorEnvio, type FakeMelhorEnvio } from "../support/fake-melhor-envio-server";
import { createCoupon } from "../support/coupons";
import { createProduct } from "../support/factories";
import { checkoutBody } from "../support/orders";
import { setUpTestStore, signUpBuyer, TEST_BASE_URL, type Buyer } from "../support/test-context";

// Issue 52: freight by CEP. The owner's settings, the quote a shopper asks for a product or the
// cart (the freight page, which the calculators load), and the freight the server quotes again
// when the order is placed.

const store = setUpTestStore();
const TOKEN = "token-do-painel";
let fake: FakeMelhorEnvio;
let admin: TestAdmin;
/** The store's context with Melhor Envio's variables pointing at the fake. */
let context: ServerContext;

beforeAll(async () => {
  fake = await startFakeMelhorEnvio({ token: TOKEN });
  admin = await signedInAdmin(store.context);
  context = {
    ...store.context,
    env: { ...store.context.env, MELHOR_ENVIO_TOKEN: TOKEN, MELHOR_ENVIO_API_URL: fake.apiUrl },
  };
});
afterAll(() => fake.stop());

type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0];

const saveFreight = async (overrides: Record<string, string> = {}) =>
  settingsPage(context, admin).post(settingsForms.freight(overrides));

/** The freight page's answer for one unit of a variant, or for the visitor's empty cart. */
async function quoteOf(cep: string, variantId: number) {
  const response = await freightLoader({
    request: new Request(`${TEST_BASE_URL}/freight?cep=${encodeURIComponent(cep)}&variant=${variantId}`),
    context,
    params: {},
  } as Args<typeof freightLoader>);
  return { answer: response.data.answer, cookie: response.init?.headers };
}

const ECONOMICO = { service: "tabela:economico", seenCents: 2_180 };
const EXPRESSO = { service: "tabela:expresso", seenCents: 4_380 };

/** A new customer's order of one unit at R$ 100,00 with the freight they saw, through the checkout. */
async function orderWithFreight(freight: { service: string; seenCents: number }) {
  await saveFreight();
  const who = await signUpBuyer(store);
  const product = await createProduct(store.database.db, { priceCents: 10_000 });
  const { orderId } = await postCheckout(context, who, {
    ...checkoutBody(who, [{ id: product.id, variantId: product.variantId, quantity: 1 }]),
    freight,
  });
  return { who, orderId: orderId! };
}

/** One of the customer's requests to a route, their session's cookie with it (a form: a POST). */
function asCustomer(who: Buyer, path: string, form?: Record<string, string>) {
  return {
    request: new Request(`${TEST_BASE_URL}${path}`, {
      method: form ? "POST" : "GET",
      headers: { cookie: who.cookie },
      body: form && new URLSearchParams(form),
    }),
    context,
    params: {},
  };
}

/** The sandbox's payment of the customer's order, as its payment page asks it. */
const pay = (who: Buyer, orderId: string) =>
  simulatePayment(asCustomer(who, "/api/sandbox/payment", { orderId }) as Args<typeof simulatePayment>);

const customerOrders = async (who: Buyer) =>
  (await customerOrdersLoader(asCustomer(who, "/account/orders") as Args<typeof customerOrdersLoader>))
    .orders;

const trackedOrder = async (who: Buyer, orderId: string) =>
  (await trackLoader(asCustomer(who, `/account/track?order=${orderId}`) as Args<typeof trackLoader>))
    .tracked!;

describe("the owner's freight settings", () => {
  it("saves the table, the fee and the handling days; a bad line is refused with its line", async () => {
    expect(await saveFreight()).toMatchObject({ intent: "freight", ok: true });
    const { freight } = (await currentStoreSettings(store.database.db, context.env)).settings;
    expect(freight).toMatchObject({
      mode: "table",
      originCep: "01310100",
      feeCents: 200,
      feeBasisPoints: 1_000,
    });
    expect(freight.table).toEqual([
      expect.objectContaining({ serviceName: "Econômico", region: { kind: "uf", ufs: ["SP", "RJ"] } }),
      expect.objectContaining({ serviceName: "Expresso", priceCents: 3_800, daysMin: 1, daysMax: 2 }),
      expect.objectContaining({ region: { kind: "cep", fromCep: "30000000", toCep: "30999999" } }),
    ]);

    expect(
      await saveFreight({ table: "Econômico; SP; 0-1000; 18,00; 3-5\nExpresso; SP; 0-1000; caro; 1" }),
    ).toEqual(
      expect.objectContaining({ ok: false, errors: { table: 'Tabela, linha 2: preço inválido "caro"' } }),
    );
    expect(await saveFreight({ table: "Econômico; XX; 0-1000; 18,00; 3" })).toMatchObject({
      ok: false,
      errors: { table: expect.stringContaining('Região inválida: "XX"') },
    });
    expect(await saveFreight({ table: "" })).toMatchObject({
      ok: false,
      errors: { table: "Preencha a tabela de frete para usar o modo Tabela" },
    });
    expect(await saveFreight({ weightGrams: "0" })).toMatchObject({
      ok: false,
      errors: { weightGrams: "Peso deve ser de 1 a 100000 gramas" },
    });
  });

  it("refuses a quote by a provider whose variables the server does not have", async () => {
    const answer = await settingsPage(store.context, admin).post(
      settingsForms.freight({ mode: "quote", provider: "correios" }),
    );
    expect(answer).toMatchObject({
      ok: false,
      errors: {
        provider: expect.stringContaining("Correios (contrato) não está configurado neste servidor"),
      },
    });
  });
});

describe("a quote by the owner's table", () => {
  it("lists each service of the CEP's region with the fee and handling days, and remembers the CEP", async () => {
    await saveFreight();
    const product = await createProduct(store.database.db, { priceCents: 50_000 });
    const { answer, cookie } = await quoteOf("01310-100", product.variantId);
    // R$ 18,00 + R$ 2,00 + 10% of R$ 18,00; R$ 38,00 + R$ 2,00 + R$ 3,80. One day of handling.
    expect(answer).toEqual({
      kind: "options",
      source: "table",
      providerFailed: false,
      options: [
        expect.objectContaining({
          serviceName: "Econômico",
          priceCents: 2_180,
          daysMin: 4,
          daysMax: 6,
          free: false,
          // If paid now: what the order promises once paid.
          arrivesBy: formatDate(endOfWorkingDaysAfter(new Date(), 6)),
        }),
        expect.objectContaining({ serviceName: "Expresso", priceCents: 4_380, daysMin: 2, daysMax: 3 }),
      ],
    });
    expect(new Headers(cookie).get("set-cookie")).toContain("vitrine.cep=01310100");
    // A CEP range is more specific than its state.
    expect((await quoteOf("30140000", product.variantId)).answer).toMatchObject({
      options: [{ serviceName: "Econômico", priceCents: 1_520, daysMin: 5, daysMax: 5 }],
    });
  });

  it("says why when the CEP is invalid or outside the table", async () => {
    await saveFreight();
    const product = await createProduct(store.database.db);
    for (const cep of ["1234567", "00000-000", "abcdefgh"]) {
      expect((await quoteOf(cep, product.variantId)).answer, cep).toEqual({
        kind: "none",
        message: "CEP inválido",
      });
    }
    expect((await quoteOf("69900-000", product.variantId)).answer).toEqual({
      kind: "none",
      message: "Não entregamos neste CEP. Confira o CEP ou fale com a loja.",
    });
  });

  it("quotes nothing for an empty cart, nor for a client that asks too often", async () => {
    await saveFreight();
    const product = await createProduct(store.database.db);
    const client = { ...context, clientIp: "203.0.113.52" };
    const ask = async (query: string) =>
      (
        await freightLoader({
          request: new Request(`${TEST_BASE_URL}/freight?${query}`),
          context: client,
          params: {},
        } as Args<typeof freightLoader>)
      ).data.answer;
    expect(await ask("cep=01310100")).toEqual({
      kind: "none",
      message: "Nenhum produto para calcular o frete",
    });
    for (let quote = 2; quote <= 60; quote++) {
      expect(await ask(`cep=01310100&variant=${product.variantId}`)).toMatchObject({ kind: "options" });
    }
    expect(await ask(`cep=01310100&variant=${product.variantId}`)).toEqual({
      kind: "none",
      message: "Muitas consultas de frete seguidas: tente de novo em alguns minutos",
    });
    // Another client still quotes.
    expect((await quoteOf("01310100", product.variantId)).answer).toMatchObject({ kind: "options" });
  });

  it("ships free from the threshold on, exactly at it, on the cheapest service", async () => {
    await saveFreight({ freeOverCents: "300,00", freeRegions: "SP" });
    const atThreshold = await createProduct(store.database.db, { priceCents: 30_000 });
    const below = await createProduct(store.database.db, { priceCents: 29_999 });
    expect((await quoteOf("01310100", atThreshold.variantId)).answer).toMatchObject({
      options: [
        { serviceName: "Econômico", priceCents: 0, free: true },
        { serviceName: "Expresso", priceCents: 4_380, free: false },
      ],
    });
    expect((await quoteOf("01310100", below.variantId)).answer).toMatchObject({
      options: [{ serviceName: "Econômico", priceCents: 2_180, free: false }, { serviceName: "Expresso" }],
    });
    // Rio de Janeiro is outside the free region.
    expect((await quoteOf("20040000", atThreshold.variantId)).answer).toMatchObject({
      options: [{ serviceName: "Econômico", priceCents: 2_180, free: false }, { serviceName: "Expresso" }],
    });
  });

  it("compares the threshold with the subtotal after the shopper's coupon, on the cart and on the order", async () => {
    await saveFreight({ freeOverCents: "300,00" });
    const coupon = await createCoupon(store.database.db, {
      code: "DEZLIMIAR",
      kind: "percent",
      value: 1_000,
    });
    const product = await createProduct(store.database.db, { priceCents: 30_000 });
    const cart = `${VISITOR_CART_COOKIE}=${product.id}.${product.variantId}:1`;
    const cartQuote = async (cookie: string) =>
      (
        await freightLoader({
          request: new Request(`${TEST_BASE_URL}/freight?cep=01310100`, { headers: { cookie } }),
          context,
          params: {},
        } as Args<typeof freightLoader>)
      ).data.answer;
    expect(await cartQuote(cart)).toMatchObject({
      options: [{ serviceName: "Econômico", priceCents: 0 }, {}],
    });
    // R$ 300,00 less 10% is R$ 270,00: below the threshold.
    expect(await cartQuote(`${cart}; ${COUPON_COOKIE}=${coupon.code}`)).toMatchObject({
      options: [{ serviceName: "Econômico", priceCents: 2_180, free: false }, {}],
    });

    const who = await signUpBuyer(store);
    const body = checkoutBody(who, [{ id: product.id, variantId: product.variantId, quantity: 1 }]);
    const coupled = { ...body, coupon: { code: coupon.code, seenCents: 3_000 } };
    expect(
      await postCheckout(context, who, {
        ...coupled,
        freight: { service: "tabela:economico", seenCents: 0 },
      }),
    ).toMatchObject({
      success: false,
      error: "O frete Econômico agora custa R$\u00a021,80: confira o total e confirme de novo",
    });
    const placed = await postCheckout(context, who, { ...coupled, freight: ECONOMICO });
    expect(placed).toMatchObject({ success: true, pixData: { amount: (30_000 - 3_000 + 2_180) / 100 } });
  });
});

describe("a quote by Melhor Envio", () => {
  it("sends the product's parcel in kg and cm with the token and the store's contact; falls back to the table when it fails", async () => {
    await saveFreight({ mode: "quote", provider: "melhorenvio", services: "SEDEX, PAC" });
    const product = await createProduct(store.database.db, { priceCents: 19_990 });
    await store.database.db
      .update(products)
      .set({ weightGrams: 300, heightCm: 4, widthCm: 12, lengthCm: 17 })
      .where(eq(products.id, product.id));
    fake.requests.length = 0;
    fake.answerServices([
      meService(1, "PAC", "Correios", { custom_price: "23.45", custom_delivery_range: { min: 5, max: 7 } }),
      meService(2, "SEDEX", "Correios", { custom_price: "41.07", custom_delivery_range: { min: 1, max: 2 } }),
      meService(3, ".Package", "Jadlog", { custom_price: "19.90" }),
      meService(4, "Mini Envios", "Correios", { error: "Dimensões excedem o limite" }),
    ]);
    const { answer } = await quoteOf("20040-000", product.variantId);
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent!.headers["user-agent"]).toMatch(/^Vitrine \(.+@.+\)$/);
    expect(sent!.body).toMatchObject({
      from: { postal_code: "01310100" },
      to: { postal_code: "20040000" },
      products: [{ weight: 0.3, height: 4, width: 12, length: 17, insurance_value: 199.9, quantity: 1 }],
    });
    // Only the services the owner offers, with the fee and a day of handling.
    expect(answer).toMatchObject({
      kind: "options",
      source: "provider",
      options: [
        { serviceName: "PAC", carrier: "Correios", priceCents: 2_345 + 200 + 235, daysMin: 6, daysMax: 8 },
        { serviceName: "SEDEX", priceCents: 4_107 + 200 + 411, daysMin: 2, daysMax: 3 },
      ],
    });

    fake.answerNext(500, { message: "erro" });
    fake.answerNext(503, { message: "erro" });
    expect((await quoteOf("04094-050", product.variantId)).answer).toMatchObject({
      kind: "options",
      source: "table",
      providerFailed: true,
      options: [{ serviceName: "Econômico", carrier: "Tabela da loja" }, { serviceName: "Expresso" }],
    });
  });
});

describe("an order placed with freight", () => {
  it("charges the freight the customer saw, as a line of its total, in the PIX amount", async () => {
    await saveFreight();
    const who = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { priceCents: 10_000 });
    const body = checkoutBody(who, [{ id: product.id, variantId: product.variantId, quantity: 2 }]);
    const answer = await postCheckout(context, who, {
      ...body,
      freight: { service: "tabela:economico", seenCents: 2_180 },
    });
    expect(answer).toMatchObject({ status: 200, success: true });
    expect(parseBrCode(answer.pixData!.brCode)["54"]).toBe("221.80");
    const [order] = await store.database.db.select().from(orders).where(eq(orders.id, answer.orderId!));
    expect(order).toMatchObject({
      totalCents: 22_180,
      freight: {
        serviceCode: "tabela:economico",
        serviceName: "Econômico",
        priceCents: 2_180,
        daysMax: 6,
        source: "table",
        providerFailed: false,
        boxes: [expect.objectContaining({ weightGrams: 1_000 })],
      },
    });
    expect(
      await store.database.db
        .select({
          kind: orderAdjustments.kind,
          label: orderAdjustments.label,
          amountCents: orderAdjustments.amountCents,
        })
        .from(orderAdjustments)
        .where(eq(orderAdjustments.orderId, order!.id)),
    ).toEqual([{ kind: "freight", label: "Frete (Econômico)", amountCents: 2_180 }]);
  });

  it("puts the freight in the card checkout's amount", async () => {
    await saveFreight();
    const who = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { priceCents: 10_000 });
    const answer = await postCheckout(context, who, {
      ...checkoutBody(who, [{ id: product.id, variantId: product.variantId, quantity: 1 }]),
      paymentMethod: "card",
      freight: { service: "tabela:expresso", seenCents: 4_380 },
    });
    expect(answer).toMatchObject({ status: 200, success: true });
    const [checkout] = await store.database.db
      .select({ items: sandboxCardCheckouts.items })
      .from(sandboxCardCheckouts)
      .where(eq(sandboxCardCheckouts.orderId, answer.orderId!));
    expect(checkout!.items).toEqual([
      expect.objectContaining({ quantity: 1, unitPriceCents: 10_000 }),
      { name: "Frete (Expresso)", quantity: 1, unitPriceCents: 4_380 },
    ]);
  });

  it("is taken off by a free-shipping coupon: its own line, nothing charged nor given back for it", async () => {
    await saveFreight();
    const coupon = await createCoupon(store.database.db, {
      code: "FRETEGRATISTESTE",
      kind: "free_shipping",
      value: 0,
    });
    const who = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { priceCents: 10_000 });
    const answer = await postCheckout(context, who, {
      ...checkoutBody(who, [{ id: product.id, variantId: product.variantId, quantity: 1 }]),
      paymentMethod: "card",
      freight: EXPRESSO,
      coupon: { code: coupon.code, seenCents: EXPRESSO.seenCents },
    });
    expect(answer).toMatchObject({ status: 200, success: true });
    const orderId = answer.orderId!;
    const adjustments = await store.database.db
      .select({ label: orderAdjustments.label, amountCents: orderAdjustments.amountCents })
      .from(orderAdjustments)
      .where(eq(orderAdjustments.orderId, orderId))
      .orderBy(orderAdjustments.kind);
    expect(adjustments).toEqual([
      { label: `Cupom ${coupon.code}`, amountCents: -4_380 },
      { label: "Frete (Expresso)", amountCents: 4_380 },
    ]);
    const [checkout] = await store.database.db
      .select({ items: sandboxCardCheckouts.items })
      .from(sandboxCardCheckouts)
      .where(eq(sandboxCardCheckouts.orderId, orderId));
    expect(checkout!.items).toEqual([expect.objectContaining({ quantity: 1, unitPriceCents: 10_000 })]);
    const { refunds } = await adminOrderLoader({
      request: adminRequest(admin, `/admin/orders/${orderId}`),
      context,
      params: { orderId },
    } as Args<typeof adminOrderLoader>);
    expect(refunds.freight).toBeNull();
  });

  it("is refunded with the items when the customer withdraws before it ships (CDC art. 49)", async () => {
    const { who, orderId } = await orderWithFreight(EXPRESSO);
    expect((await pay(who, orderId)).data).toEqual({ paid: true });
    expect(
      await ordersAction(
        asCustomer(who, "/account/orders", { intent: "withdraw", orderId, reason: "" }) as Args<
          typeof ordersAction
        >,
      ),
    ).toMatchObject({ ok: true, message: "Pedido cancelado e reembolsado" });
    const refunds = await store.database.db
      .select({ amountCents: orderRefunds.amountCents, includesFreight: orderRefunds.includesFreight })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId));
    expect(refunds).toEqual([{ amountCents: 14_380, includesFreight: true }]);
  });

  it("is given back by a partial refund only when the admin says so, once, and the customer is told", async () => {
    const { who, orderId } = await orderWithFreight(EXPRESSO);
    await pay(who, orderId);
    const refund = (amount: string, form: Record<string, string> = {}) =>
      adminOrderAction({
        request: adminRequest(admin, `/admin/orders/${orderId}`, {
          intent: "refund",
          refundId: randomUUID(),
          amount,
          reason: "Acordo com o cliente",
          ...form,
        }),
        context,
        params: { orderId },
      } as Args<typeof adminOrderAction>);

    expect(await refund("20,00", { freight: "on" })).toMatchObject({
      ok: false,
      message: "Um reembolso com o frete devolve ao menos o frete, R$\u00a043,80",
    });
    expect(await refund("50,00")).toMatchObject({ ok: true });
    expect(await refund("43,80", { freight: "on" })).toMatchObject({ ok: true });
    expect(await refund("10,00", { freight: "on" })).toMatchObject({
      ok: false,
      message: "O frete deste pedido já foi reembolsado",
    });

    const { refunds } = await adminOrderLoader({
      request: adminRequest(admin, `/admin/orders/${orderId}`),
      context,
      params: { orderId },
    } as Args<typeof adminOrderLoader>);
    expect(
      refunds.list.map(({ amountCents, includesFreight }) => ({ amountCents, includesFreight })),
    ).toEqual([
      { amountCents: 5_000, includesFreight: false },
      { amountCents: 4_380, includesFreight: true },
    ]);
    expect(refunds.freight).toEqual({ cents: 4_380, refunded: true });
    const listed = await customerOrders(who);
    const today = formatDate(new Date());
    expect(listed.find((order) => order.id === orderId)!.refunds).toEqual([
      `Reembolso de R$\u00a050,00 em ${today}`,
      `Reembolso de R$\u00a043,80 em ${today}, frete incluído`,
    ]);
    expect(
      (await trackedOrder(who, orderId)).timeline
        .filter((step) => /^Reembolso .* confirmado$/.test(step.label))
        .map((step) => step.detail),
    ).toEqual([null, "Frete incluído"]);
  });

  it("is promised on the tracking page by the freight's most days after the payment", async () => {
    const { who, orderId } = await orderWithFreight(ECONOMICO);
    await pay(who, orderId);
    const [{ paidAt }] = (await store.database.db
      .select({ paidAt: orders.paidAt })
      .from(orders)
      .where(eq(orders.id, orderId))) as [{ paidAt: Date }];
    const promised = formatDate(endOfWorkingDaysAfter(paidAt, 6));
    expect(await trackedOrder(who, orderId)).toMatchObject({
      freight: "Econômico (Tabela da loja)",
      arrivesBy: promised,
    });
    const listed = await customerOrders(who);
    expect(listed.find((order) => order.id === orderId)!.arrivesBy).toBe(`Chega até ${promised}`);
    const [mail] = await store.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `order-paid:${orderId}`));
    expect(mail!.text).toContain(`Prazo de entrega: até 6 dias úteis (chega até ${promised})`);
  });

  it("shows on the dashboard, within the revenue, once its order is paid", async () => {
    const freightOnDashboard = async () => {
      const { figures } = await dashboardLoader({
        request: new Request(`${TEST_BASE_URL}/admin`, { headers: { cookie: admin.cookie } }),
        context,
        params: {},
      } as Args<typeof dashboardLoader>);
      return figures.freightRevenueCents;
    };
    const { who, orderId } = await orderWithFreight(EXPRESSO);
    const before = await freightOnDashboard();
    await pay(who, orderId);
    expect((await freightOnDashboard()) - before).toBe(4_380);
  });

  it("is refused, placing nothing, for a freight not chosen, not offered, or not at the price seen", async () => {
    await saveFreight();
    const who = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { priceCents: 10_000 });
    const body = checkoutBody(who, [{ id: product.id, variantId: product.variantId, quantity: 1 }]);
    const refusals: [unknown, string][] = [
      [undefined, "Escolha o frete"],
      [
        { service: "tabela:teletransporte", seenCents: 0 },
        "O frete escolhido não está mais disponível para este endereço: escolha outro",
      ],
      [
        { service: "tabela:economico", seenCents: 1 },
        "O frete Econômico agora custa R$\u00a021,80: confira o total e confirme de novo",
      ],
    ];
    for (const [freight, message] of refusals) {
      const answer = await postCheckout(context, who, { ...body, ...(freight ? { freight } : {}) });
      expect(answer, message).toMatchObject({ status: 422, success: false, error: message });
    }
    expect(await store.database.db.$count(orders, eq(orders.userId, who.id))).toBe(0);
  });
});
