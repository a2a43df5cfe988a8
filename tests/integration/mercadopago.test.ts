import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentEvents } from "../../app/db/schema.server";
import type { CardCheckoutRequest, CardProvider } from "../../app/domain/payments/card-provider";
import { createMercadoPagoCardProvider } from "../../app/domain/payments/providers/mercadopago/mercadopago-card-provider.server";
import type { FakeMercadoPagoServer } from "../support/fake-mercadopago-server";
import {
  MERCADOPAGO_ACCESS_TOKEN,
  MERCADOPAGO_WEBHOOK_SECRET,
  setUpMercadoPagoStore,
} from "../support/mercadopago-store";
import { TEST_BASE_URL } from "../support/test-context";

// Mercado Pago's Checkout Pro as the store's card provider (issue 28), against a stand-in on
// loopback, and its webhooks posted over HTTP to the store's own handler.
const provider = (): CardProvider => store.context.card!;
const setup = setUpMercadoPagoStore();
const { store, webhookUrl } = setup;

let orders = 0;
function checkoutRequest(overrides: Partial<CardCheckoutRequest> = {}): CardCheckoutRequest {
  orders += 1;
  const orderId = `pedido-${orders}-${Date.now()}`;
  return {
    orderId,
    items: [
      { name: "Notebook Aurora 14", quantity: 1, unitPriceCents: 459_990 },
      { name: "Mouse sem fio", quantity: 3, unitPriceCents: 19_990 },
    ],
    payer: { name: "Maria da Silva Souza", email: "maria@example.com", taxId: "529.982.247-25" },
    returnUrl: `${TEST_BASE_URL}/account/orders?pedido=${orderId}`,
    maxInstallments: 12,
    expiresAt: new Date("2026-12-01T15:00:00.000Z"),
    boletoDueAt: new Date("2026-12-04T15:00:00.000Z"),
    ...overrides,
  };
}

/** The events the store kept about a Mercado Pago payment. */
const eventsOf = (paymentId: string) =>
  store.database.db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, "mercadopago"), eq(paymentEvents.chargeId, paymentId)));

describe("a Mercado Pago checkout for an order", () => {
  it("sends the order's items, payer, reference, notification and back URLs with the access token", async () => {
    const request = checkoutRequest();
    const checkout = await provider().createCheckout(request);

    expect(checkout.redirectUrl).toBe(
      `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${checkout.checkoutId}`,
    );
    const [sent] = setup.mercadoPago.requests.filter((made) => made.method === "POST");
    expect(sent!.authorization).toBe(`Bearer ${MERCADOPAGO_ACCESS_TOKEN}`);
    expect(sent!.path).toBe("/checkout/preferences");
    expect(sent!.body).toEqual({
      external_reference: request.orderId,
      items: [
        { title: "Notebook Aurora 14", quantity: 1, currency_id: "BRL", unit_price: 4599.9 },
        { title: "Mouse sem fio", quantity: 3, currency_id: "BRL", unit_price: 199.9 },
      ],
      payer: {
        name: "Maria",
        surname: "da Silva Souza",
        email: "maria@example.com",
        identification: { type: "CPF", number: "52998224725" },
      },
      notification_url: `${TEST_BASE_URL}/api/webhooks/mercadopago?source_news=webhooks`,
      back_urls: { success: request.returnUrl, pending: request.returnUrl, failure: request.returnUrl },
      auto_return: "approved",
      payment_methods: { installments: 12, excluded_payment_types: [{ id: "bank_transfer" }] },
      expires: true,
      expiration_date_to: "2026-12-01T15:00:00.000Z",
      date_of_expiration: "2026-12-04T15:00:00.000Z",
    });
  });

  it("names a company payer by its CNPJ", async () => {
    await provider().createCheckout(
      checkoutRequest({
        payer: { name: "Loja 3 Irmãos Ltda.", email: "compras@example.com", taxId: "11.222.333/0001-81" },
      }),
    );
    const sent = setup.mercadoPago.requests.filter((made) => made.method === "POST").at(-1)!;
    expect(sent.body).toMatchObject({
      payer: {
        name: "Loja",
        surname: "3 Irmãos Ltda.",
        identification: { type: "CNPJ", number: "11222333000181" },
      },
    });
  });

  it("is refused without the right access token, and the token is not in the error", async () => {
    const stranger = createMercadoPagoCardProvider({
      apiUrl: setup.mercadoPago.url,
      accessToken: "APP_USR-outro-token",
      webhookSecret: MERCADOPAGO_WEBHOOK_SECRET,
      webhookUrl: `${TEST_BASE_URL}/api/webhooks/mercadopago`,
    });
    const message = await stranger.createCheckout(checkoutRequest()).then(
      () => "",
      (error: unknown) => (error as Error).message,
    );
    expect(message).toBe("Mercado Pago respondeu HTTP 401 ao criar o checkout");
    expect(message).not.toContain("outro-token");
  });
});

describe("a Mercado Pago payment read", () => {
  it("gives its status, its amount in exact centavos, its instalments, method and order", async () => {
    const request = checkoutRequest();
    const { checkoutId } = await provider().createCheckout(request);
    const paymentId = setup.mercadoPago.pay(checkoutId, {
      status: "approved",
      amount: 1999.9,
      installments: 10,
    });
    expect(await provider().payment(paymentId)).toEqual({
      paymentId,
      status: "approved",
      amountCents: 199_990,
      installments: 10,
      methodType: "credit_card",
      orderId: request.orderId,
      dueAt: null,
    });
    const [asked] = setup.mercadoPago.requests.filter((made) => made.path === `/v1/payments/${paymentId}`);
    expect(asked!.authorization).toBe(`Bearer ${MERCADOPAGO_ACCESS_TOKEN}`);
  });

  it("reads a boleto waiting to be paid, then paid, and amounts that a float would round wrong", async () => {
    const { checkoutId } = await provider().createCheckout(checkoutRequest());
    const boleto = setup.mercadoPago.pay(checkoutId, {
      status: "pending",
      amount: 0.29,
      methodType: "ticket",
    });
    expect(await provider().payment(boleto)).toMatchObject({
      status: "pending",
      amountCents: 29,
      installments: 1,
      methodType: "ticket",
    });
    setup.mercadoPago.setStatus(boleto, "approved");
    expect(await provider().payment(boleto)).toMatchObject({ status: "approved", amountCents: 29 });

    const large = setup.mercadoPago.pay(checkoutId, { status: "in_process", amount: 1_234_567.89 });
    expect(await provider().payment(large)).toMatchObject({ status: "in_process", amountCents: 123_456_789 });
  });

  it("throws for a payment Mercado Pago does not know", async () => {
    await expect(provider().payment("999")).rejects.toThrow(
      "Mercado Pago respondeu HTTP 404 ao consultar o pagamento",
    );
  });
});

describe("Mercado Pago's webhook at /api/webhooks/mercadopago", () => {
  async function paidOrder() {
    const { checkoutId } = await provider().createCheckout(checkoutRequest());
    return setup.mercadoPago.pay(checkoutId, { status: "approved" });
  }

  it("keeps a payment's signed notification once, however often it is delivered", async () => {
    const paymentId = await paidOrder();
    const requestId = crypto.randomUUID();
    expect(await setup.mercadoPago.deliverWebhook(webhookUrl(), paymentId, { requestId })).toBe(200);
    expect(await setup.mercadoPago.deliverWebhook(webhookUrl(), paymentId, { requestId })).toBe(200);
    expect(await eventsOf(paymentId)).toMatchObject([{ eventType: `payment:${requestId}` }]);
  });

  it("refuses a forged signature, a tampered payment id and a replayed old delivery, keeping nothing", async () => {
    const paymentId = await paidOrder();
    const otherPaymentId = await paidOrder();
    const answer = (forgery: Parameters<FakeMercadoPagoServer["deliverWebhook"]>[2]) =>
      setup.mercadoPago.deliverWebhook(webhookUrl(), paymentId, forgery);
    expect(await answer({ secret: "segredo-adivinhado" })).toBe(401);
    expect(await answer({ dataId: otherPaymentId })).toBe(401);
    expect(await answer({ ts: Math.floor(Date.now() / 1000) - 11 * 60 })).toBe(401);
    expect(await eventsOf(paymentId)).toEqual([]);
    expect(await eventsOf(otherPaymentId)).toEqual([]);
  });

  it("accepts a timestamp in milliseconds, and ignores other topics without keeping them", async () => {
    const paymentId = await paidOrder();
    expect(await setup.mercadoPago.deliverWebhook(webhookUrl(), paymentId, { ts: Date.now() })).toBe(200);
    expect(await eventsOf(paymentId)).toHaveLength(1);

    const merchantOrderId = "9876543210";
    expect(
      await setup.mercadoPago.deliverWebhook(webhookUrl(), merchantOrderId, { topic: "merchant_order" }),
    ).toBe(200);
    expect(await eventsOf(merchantOrderId)).toEqual([]);
  });

  it("answers 'Evento inválido' to a signed payment notification whose id is not a payment's", async () => {
    const response = setup.mercadoPago.deliverWebhook(webhookUrl(), "nao-e-um-pagamento");
    expect(await response).toBe(400);
    expect(await eventsOf("nao-e-um-pagamento")).toEqual([]);
  });

  it("answers a refused delivery with the pt-BR message, and a delivery without a signature too", async () => {
    const paymentId = await paidOrder();
    const unsigned = await fetch(`${webhookUrl()}&data.id=${paymentId}&type=payment`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "payment", data: { id: paymentId } }),
    });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ error: "Assinatura inválida" });
    expect(await eventsOf(paymentId)).toEqual([]);
  });
});
