import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { paymentDeps } from "../../app/context.server";
import {
  mailOutbox,
  orderRefunds,
  orders,
  paymentEvents,
  pixChargeCancellations,
  productVariants,
} from "../../app/db/schema.server";
import { expireOverdueOrders } from "../../app/domain/orders/expire-orders.server";
import { cancelQueuedCharges } from "../../app/domain/orders/cancel-charges.server";
import { processChargeEvents } from "../../app/domain/orders/charge-events.server";
import type { StoreSettings } from "../../app/domain/store-settings/settings-schema";
import { saveSettingsSection } from "../../app/domain/store-settings/store-settings.server";
import { signedInAdmin } from "../support/admin";
import { postCheckout } from "../support/checkout";
import { createProduct, createUser } from "../support/factories";
import { setUpMercadoPagoStore } from "../support/mercadopago-store";
import { checkoutBody } from "../support/orders";
import { htmlText } from "../support/page-text";
import { createTestContext, signUpBuyer, TEST_BASE_URL } from "../support/test-context";

// Paying by card or boleto through Mercado Pago (issue 28, decision 0031): the order is reserved as
// a PIX order is, priced at its list price, and paid only once the store read an approved payment
// of its total from Mercado Pago, whatever order the webhooks come in.
const PRICE_CENTS = 129_990;
const setup = setUpMercadoPagoStore({ BOLETO_EXPIRES_DAYS: "3" });
const { store, webhookUrl } = setup;

beforeAll(async () => {
  // A 5% PIX discount: a card order does not get it.
  const owner = await createUser(store.database.db);
  await saveSettingsSection(store.database.db, store.context.env, owner, "payment", {
    pixDiscountBasisPoints: 500,
    maxInstallments: 10,
    installmentsWithoutInterest: 10,
    minInstallmentCents: 500,
    monthlyInterestBasisPoints: 0,
  } satisfies StoreSettings["payment"]);
});

/** A new buyer's card order of two units of a new product with five in stock. */
async function placeCardOrder() {
  const buyer = await signUpBuyer(store);
  const product = await createProduct(store.database.db, { priceCents: PRICE_CENTS, stock: 5 });
  const body = { ...checkoutBody(buyer, [{ id: product.id, quantity: 2 }]), paymentMethod: "card" };
  const answer = await postCheckout(store.context, buyer, body);
  expect(answer).toMatchObject({ status: 200, success: true });
  const order = await orderOf(answer.orderId!);
  return { answer, order, buyer, productId: product.id, checkoutId: order.cardCheckoutId! };
}

async function orderOf(orderId: string) {
  const [order] = await store.database.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

async function stockOf(productId: number) {
  const [variant] = await store.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return variant!.stock;
}

const confirmationsOf = (orderId: string) =>
  store.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, `order-paid:${orderId}`));

/** Mercado Pago notifies the store of a payment; the store has handled it once this returns. */
async function notify(paymentId: string) {
  expect(await setup.mercadoPago.deliverWebhook(webhookUrl(), paymentId)).toBe(200);
  await vi.waitFor(async () => {
    const events = await store.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, "mercadopago"), eq(paymentEvents.chargeId, paymentId)));
    expect(events.every((event) => event.processedAt !== null)).toBe(true);
  });
}

describe("a card order", () => {
  it("takes the stock, costs the list price without the PIX discount, and sends the customer to Mercado Pago", async () => {
    const { answer, order, productId } = await placeCardOrder();
    expect(answer.pixData).toBeUndefined();
    expect(answer.cardCheckoutUrl).toBe(
      `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${order.cardCheckoutId}`,
    );
    expect(order).toMatchObject({
      paymentMethod: "card",
      cardProvider: "mercadopago",
      totalCents: 2 * PRICE_CENTS,
      pixDiscountCents: 0,
      pixDiscountBasisPoints: 0,
      pixChargeId: null,
      paymentStatus: "pending",
    });
    expect(await stockOf(productId)).toBe(3);

    const preference = setup.mercadoPago.preferenceOf(order.cardCheckoutId!)!.body as Record<string, unknown>;
    expect(preference).toMatchObject({
      external_reference: order.id,
      items: [{ quantity: 2, unit_price: 1299.9, currency_id: "BRL" }],
      back_urls: { success: `${TEST_BASE_URL}/payment/card/${order.id}` },
      payment_methods: { installments: 10 },
      expiration_date_to: order.paymentExpiresAt!.toISOString(),
    });
    // The boleto is due in BOLETO_EXPIRES_DAYS; the checkout expires in CARD_EXPIRES_MINUTES (60).
    const dueInDays = (Date.parse(preference.date_of_expiration as string) - Date.now()) / 86_400_000;
    expect(dueInDays).toBeCloseTo(3, 1);
    const minutesToPay = (order.paymentExpiresAt!.getTime() - Date.now()) / 60_000;
    expect(minutesToPay).toBeGreaterThan(58);
    expect(minutesToPay).toBeLessThanOrEqual(60);
  });

  it("is paid once Mercado Pago reports its payment approved, with the instalments and method kept, and the e-mail queued once", async () => {
    const { order, checkoutId, productId } = await placeCardOrder();
    const paymentId = setup.mercadoPago.pay(checkoutId, { status: "approved", installments: 10 });
    await notify(paymentId);
    await notify(paymentId);
    expect(await orderOf(order.id)).toMatchObject({
      paymentStatus: "paid",
      cardPaymentStatus: "approved",
      cardPaymentId: paymentId,
      cardPaymentType: "credit_card",
      cardInstallments: 10,
      status: "pending",
    });
    const confirmations = await confirmationsOf(order.id);
    expect(confirmations).toHaveLength(1);
    // The e-mail says how it was paid, and nothing of PIX.
    expect(confirmations[0]!.text).toContain("Pagamento: Cartão de crédito em 10x\n");
    expect(confirmations[0]!.text).not.toContain("PIX");
    expect(await stockOf(productId)).toBe(3);
  });

  it("stays paid when a late notification or another attempt arrives after the approval", async () => {
    const { order, checkoutId } = await placeCardOrder();
    const approved = setup.mercadoPago.pay(checkoutId, { status: "approved" });
    await notify(approved);
    // A pending delivered late: Mercado Pago is read again, and says approved.
    await notify(approved);
    // Another attempt on the same checkout, pending and then rejected.
    const other = setup.mercadoPago.pay(checkoutId, { status: "pending", methodType: "ticket" });
    await notify(other);
    setup.mercadoPago.setStatus(other, "rejected");
    await notify(other);
    expect(await orderOf(order.id)).toMatchObject({
      paymentStatus: "paid",
      cardPaymentId: approved,
      cardPaymentStatus: "approved",
    });
  });

  it("is flagged 'em disputa' for the shop when its payment goes to mediation then is charged back, its payment kept and nothing refunded", async () => {
    const admin = await signedInAdmin(store.context);
    const { order, checkoutId } = await placeCardOrder();
    const approved = setup.mercadoPago.pay(checkoutId, { status: "approved" });
    await notify(approved);
    setup.mercadoPago.setStatus(approved, "in_mediation");
    await notify(approved);
    const opened = await orderOf(order.id);
    expect(opened).toMatchObject({ disputeReason: "Disputa aberta no Mercado Pago" });
    expect(opened.disputedAt).toBeInstanceOf(Date);

    setup.mercadoPago.setStatus(approved, "charged_back");
    await notify(approved);
    expect(await orderOf(order.id)).toMatchObject({
      disputedAt: opened.disputedAt,
      disputeReason: "Contestação no cartão (chargeback)",
      paymentStatus: "paid",
      cardPaymentStatus: "approved",
      refundedCents: 0,
    });
    expect(
      await store.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)),
    ).toEqual([]);
    const notices = await store.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `order-dispute:${order.id}:%`));
    expect(notices).toHaveLength(2);

    const page = await fetch(`${store.url}/admin/orders/${order.id}`, { headers: { cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const text = htmlText(await page.text());
    expect(text).toContain("em disputa");
    expect(text).toContain("Contestação no cartão (chargeback) (desde");
  });

  it("keeps its stock after a rejected card, so the customer can try another one on the same checkout", async () => {
    const { order, checkoutId, productId } = await placeCardOrder();
    const rejected = setup.mercadoPago.pay(checkoutId, { status: "rejected" });
    await notify(rejected);
    expect(await orderOf(order.id)).toMatchObject({
      status: "pending",
      paymentStatus: "pending",
      cardPaymentStatus: "rejected",
    });
    expect(await stockOf(productId)).toBe(3);

    const approved = setup.mercadoPago.pay(checkoutId, { status: "approved" });
    await notify(approved);
    expect(await orderOf(order.id)).toMatchObject({ paymentStatus: "paid", cardPaymentId: approved });
  });

  it("waits for a boleto past the checkout's expiry until its due date and clearing, and is paid when it is", async () => {
    const { order, checkoutId, productId } = await placeCardOrder();
    const boleto = setup.mercadoPago.pay(checkoutId, { status: "pending", methodType: "ticket" });
    await notify(boleto);
    const waiting = await orderOf(order.id);
    expect(waiting).toMatchObject({
      paymentStatus: "pending",
      cardPaymentStatus: "pending",
      cardPaymentType: "ticket",
    });
    // Due in 3 days, then 5 days of clearing.
    const daysLeft = (waiting.paymentExpiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(daysLeft).toBeCloseTo(8, 1);

    // The expiry job, past the checkout's hour, leaves it alone.
    const deps = paymentDeps(store.context);
    await expireOverdueOrders(deps, new Date(order.paymentExpiresAt!.getTime() + 60_000));
    expect(await orderOf(order.id)).toMatchObject({ status: "pending" });
    expect(await stockOf(productId)).toBe(3);

    setup.mercadoPago.setStatus(boleto, "approved");
    await notify(boleto);
    expect(await orderOf(order.id)).toMatchObject({
      paymentStatus: "paid",
      cardPaymentStatus: "approved",
      cardPaymentType: "ticket",
    });
    expect(await confirmationsOf(order.id)).toHaveLength(1);
  });

  it("gives its stock back once Mercado Pago cancels its unpaid boleto", async () => {
    const { order, checkoutId, productId } = await placeCardOrder();
    const boleto = setup.mercadoPago.pay(checkoutId, { status: "pending", methodType: "ticket" });
    await notify(boleto);
    setup.mercadoPago.setStatus(boleto, "cancelled");
    await notify(boleto);
    expect(await orderOf(order.id)).toMatchObject({ status: "pending", cardPaymentStatus: "cancelled" });
    expect((await orderOf(order.id)).paymentExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now());

    await expireOverdueOrders(paymentDeps(store.context));
    expect(await orderOf(order.id)).toMatchObject({ status: "cancelled" });
    expect(await stockOf(productId)).toBe(5);
  });

  it("is not paid by an approved payment of another amount: the amount is flagged for the shop", async () => {
    const { order, checkoutId } = await placeCardOrder();
    const short = setup.mercadoPago.pay(checkoutId, { status: "approved", amount: 1.0 });
    await notify(short);
    expect(await orderOf(order.id)).toMatchObject({
      paymentStatus: "pending",
      paymentMismatchCents: 100,
    });
    expect((await orderOf(order.id)).paymentMismatchAt).not.toBeNull();
    expect(await confirmationsOf(order.id)).toHaveLength(0);
  });

  it("ignores a payment that names another store's order or a PIX order", async () => {
    const { order, checkoutId } = await placeCardOrder();
    const foreign = setup.mercadoPago.pay(checkoutId, { status: "approved", reference: randomUUID() });
    await notify(foreign);
    const buyer = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { priceCents: PRICE_CENTS, stock: 5 });
    const pix = await postCheckout(
      store.context,
      buyer,
      checkoutBody(buyer, [{ id: product.id, quantity: 1 }]),
    );
    const aimedAtPix = setup.mercadoPago.pay(checkoutId, {
      status: "approved",
      amount: (await orderOf(pix.orderId!)).totalCents / 100,
      reference: pix.orderId!,
    });
    await notify(aimedAtPix);

    expect(await orderOf(order.id)).toMatchObject({ paymentStatus: "pending", cardPaymentId: null });
    expect(await orderOf(pix.orderId!)).toMatchObject({ paymentStatus: "pending", cardPaymentId: null });
  });

  it("changes nothing for a forged notification (401)", async () => {
    const { order, checkoutId } = await placeCardOrder();
    const paymentId = setup.mercadoPago.pay(checkoutId, { status: "approved" });
    expect(
      await setup.mercadoPago.deliverWebhook(webhookUrl(), paymentId, { secret: "segredo-adivinhado" }),
    ).toBe(401);
    await processChargeEvents(paymentDeps(store.context));
    expect(await orderOf(order.id)).toMatchObject({ paymentStatus: "pending", cardPaymentId: null });
  });

  it("is cancelled at its checkout's expiry without an open payment: its stock comes back and the checkout is closed", async () => {
    const { order, checkoutId, productId } = await placeCardOrder();
    await notify(setup.mercadoPago.pay(checkoutId, { status: "rejected" }));
    const deps = paymentDeps(store.context);
    expect(
      await expireOverdueOrders(deps, new Date(order.paymentExpiresAt!.getTime() + 1_000)),
    ).toBeGreaterThan(0);
    expect(await orderOf(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "pending" });
    expect(await stockOf(productId)).toBe(5);

    await cancelQueuedCharges(deps);
    const [closing] = await store.database.db
      .select()
      .from(pixChargeCancellations)
      .where(eq(pixChargeCancellations.orderId, order.id));
    expect(closing).toMatchObject({ provider: "mercadopago", chargeId: checkoutId });
    expect(closing!.settledAt).not.toBeNull();
    expect(() => setup.mercadoPago.pay(checkoutId, { status: "approved" })).toThrow("Preferência expirada");
  });

  it("is paid even at its expiry when Mercado Pago approved a payment whose notification never came", async () => {
    const { order, checkoutId } = await placeCardOrder();
    setup.mercadoPago.pay(checkoutId, { status: "approved", installments: 3 });
    await expireOverdueOrders(
      paymentDeps(store.context),
      new Date(order.paymentExpiresAt!.getTime() + 1_000),
    );
    expect(await orderOf(order.id)).toMatchObject({
      status: "pending",
      paymentStatus: "paid",
      cardInstallments: 3,
    });
  });
});

describe("a checkout's payment method", () => {
  it("refuses an unknown method, reserving nothing", async () => {
    const buyer = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { priceCents: PRICE_CENTS, stock: 5 });
    const body = { ...checkoutBody(buyer, [{ id: product.id, quantity: 1 }]), paymentMethod: "cheque" };
    expect(await postCheckout(store.context, buyer, body)).toMatchObject({
      status: 422,
      success: false,
      error: "Dados inválidos: Forma de pagamento inválida",
    });
    expect(await stockOf(product.id)).toBe(5);
  });

  it("refuses a card where the store takes none, reserving nothing", async () => {
    const withoutCards = createTestContext(store.database, undefined, { CARD_PROVIDER: "none" });
    const buyer = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { priceCents: PRICE_CENTS, stock: 5 });
    const body = { ...checkoutBody(buyer, [{ id: product.id, quantity: 1 }]), paymentMethod: "card" };
    expect(await postCheckout(withoutCards, buyer, body)).toMatchObject({
      status: 422,
      success: false,
      error: "Forma de pagamento indisponível",
    });
    expect(await stockOf(product.id)).toBe(5);
  });

  it("refuses a total or a discount sent beside the method", async () => {
    const buyer = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { priceCents: PRICE_CENTS, stock: 5 });
    const body = {
      ...checkoutBody(buyer, [{ id: product.id, quantity: 1 }]),
      paymentMethod: "card",
      total: 1,
      pixDiscount: 99,
    };
    expect(await postCheckout(store.context, buyer, body)).toMatchObject({
      status: 422,
      error: "Dados inválidos: Campo não aceito: total, pixDiscount",
    });
    expect(await stockOf(product.id)).toBe(5);
  });
});
