import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadEnv } from "../../app/config/env.server";
import { sandboxRefunds } from "../../app/db/schema.server";
import type { CardProvider } from "../../app/domain/payments/card-provider";
import { createMercadoPagoCardProvider } from "../../app/domain/payments/providers/mercadopago/mercadopago-card-provider.server";
import type { PixProvider } from "../../app/domain/payments/pix-provider";
import { ProviderError } from "../../app/domain/payments/provider-http.server";
import type { RefundingProvider, RefundRequest } from "../../app/domain/payments/refund-provider";
import { simulateSandboxCardPayment } from "../../app/domain/payments/providers/sandbox-card/sandbox-card-checkout.server";
import { createSandboxCardProvider } from "../../app/domain/payments/providers/sandbox-card/sandbox-card-provider.server";
import {
  createSandboxPixProvider,
  simulateSandboxPayment,
} from "../../app/domain/payments/providers/sandbox-pix/sandbox-pix-provider.server";
import { createWooviPixProvider } from "../../app/domain/payments/providers/woovi/woovi-pix-provider.server";
import { paymentEndToEndId, wooviWebhookRequest } from "../support/fake-woovi-server";
import { setUpPaymentFakes } from "../support/payment-fakes";
import { TEST_BASE_URL } from "../support/test-context";

// Refunds through each provider (issue 29): Woovi and Mercado Pago against their stand-ins on
// loopback, the sandboxes against the database.
const WOOVI_APP_ID = "app-id-dos-reembolsos";
const MERCADOPAGO_TOKEN = "APP_USR-token-dos-reembolsos";
const MERCADOPAGO_SECRET = "segredo-dos-reembolsos";

const fakes = setUpPaymentFakes({
  wooviAppId: WOOVI_APP_ID,
  mercadoPago: { accessToken: MERCADOPAGO_TOKEN, webhookSecret: MERCADOPAGO_SECRET },
});

const customer = {
  name: "Maria Souza",
  email: "maria@example.com",
  phone: "(11) 98765-4321",
  taxId: "529.982.247-25",
};

function refundOf(chargeId: string, amountCents: number, reason = "Produto devolvido"): RefundRequest {
  return { refundId: randomUUID(), chargeId, amountCents, reason };
}

const refusedHttp = async (attempt: Promise<unknown>) => {
  const error = await attempt.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
};

describe("refunds at Woovi", () => {
  const provider = (): PixProvider =>
    createWooviPixProvider({
      apiUrl: fakes.woovi.url,
      appId: WOOVI_APP_ID,
      expiresMinutes: 30,
      webhookPublicKey: fakes.woovi.publicKeyPem,
    });

  /** A charge for a new order, paid at Woovi: its correlation id. */
  async function paidCharge(amountCents: number): Promise<string> {
    const { chargeId } = await provider().createCharge({ orderId: randomUUID(), amountCents, customer });
    fakes.woovi.complete(chargeId);
    return chargeId;
  }

  it("refunds a paid charge in part then in full, each refund under its own correlation id", async () => {
    const chargeId = await paidCharge(10_000);
    const partial = refundOf(chargeId, 3_000, "Defeito na tela. ".repeat(12));

    const first = await provider().refund(partial);
    expect(fakes.woovi.requests.at(-1)).toMatchObject({
      method: "POST",
      path: `/api/v1/charge/${chargeId}/refund`,
      authorization: WOOVI_APP_ID,
      body: { correlationID: partial.refundId, value: 3_000, comment: partial.reason.slice(0, 140) },
    });
    expect(first).toEqual({
      status: "confirmed",
      providerRefundId: fakes.woovi.refundsOf(chargeId)[0]!.endToEndId,
      amountCents: 3_000,
      failure: null,
    });

    const rest = await provider().refund(refundOf(chargeId, 7_000));
    expect(rest).toMatchObject({ status: "confirmed", amountCents: 7_000, failure: null });
    expect(fakes.woovi.refundsOf(chargeId).map((made) => made.value)).toEqual([3_000, 7_000]);
  });

  it("answers the first refund to a request repeated with its id, even after its answer was lost", async () => {
    const chargeId = await paidCharge(8_000);
    const request = refundOf(chargeId, 2_500);
    const first = await provider().refund(request);
    expect(await provider().refund(request)).toEqual(first);

    const lost = refundOf(chargeId, 5_500);
    fakes.woovi.dropNextRefundAnswers();
    await refusedHttp(provider().refund(lost));
    expect(await provider().refund(lost)).toMatchObject({ status: "confirmed", amountCents: 5_500 });
    expect(fakes.woovi.refundsOf(chargeId).map((made) => made.correlationID)).toEqual([
      request.refundId,
      lost.refundId,
    ]);
  });

  it("is a failed refund, with Woovi's message and never the AppID, when Woovi refuses it; a refused AppID is thrown", async () => {
    const chargeId = await paidCharge(5_000);
    await provider().refund(refundOf(chargeId, 4_000));

    const over = await provider().refund(refundOf(chargeId, 1_001));
    expect(over).toEqual({
      status: "failed",
      providerRefundId: null,
      amountCents: 1_001,
      failure: "Valor do reembolso maior que o saldo disponível da cobrança",
    });
    const { chargeId: unpaid } = await provider().createCharge({
      orderId: randomUUID(),
      amountCents: 2_000,
      customer,
    });
    expect(await provider().refund(refundOf(unpaid, 2_000))).toMatchObject({
      status: "failed",
      failure: "Cobrança não paga não pode ser reembolsada",
    });
    expect(fakes.woovi.refundsOf(chargeId)).toHaveLength(1);
    expect(JSON.stringify([over])).not.toContain(WOOVI_APP_ID);

    const wrongAppId = createWooviPixProvider({
      apiUrl: fakes.woovi.url,
      appId: "outra-chave",
      expiresMinutes: 30,
    });
    const refused = await refusedHttp(wrongAppId.refund(refundOf(chargeId, 1_000)));
    expect(refused.message).toBe("Woovi respondeu HTTP 401 ao reembolsar a cobrança");
    expect(fakes.woovi.refundsOf(chargeId)).toHaveLength(1);
  });

  it("throws when Woovi fails, naming neither the AppID nor the body; asked again, it refunds once", async () => {
    const chargeId = await paidCharge(6_000);
    const request = refundOf(chargeId, 6_000);
    fakes.woovi.failNextRefunds(1);

    const error = await refusedHttp(provider().refund(request));
    expect(error.message).toBe("Woovi respondeu HTTP 500 ao reembolsar a cobrança");
    expect(fakes.woovi.refundsOf(chargeId)).toEqual([]);
    expect(await provider().refund(request)).toMatchObject({ status: "confirmed", amountCents: 6_000 });
    expect(fakes.woovi.refundsOf(chargeId)).toHaveLength(1);
  });

  it("follows a refund in processing until Woovi confirms or rejects it", async () => {
    const chargeId = await paidCharge(9_000);
    const confirmed = refundOf(chargeId, 4_000);
    const rejected = refundOf(chargeId, 5_000);
    fakes.woovi.holdNextRefunds(2);

    const asked = await provider().refund(confirmed);
    expect(asked).toMatchObject({ status: "pending", amountCents: 4_000, failure: null });
    await provider().refund(rejected);
    const recorded = { providerRefundId: asked.providerRefundId };
    expect(await provider().refundStatus({ ...confirmed, ...recorded })).toEqual(asked);

    fakes.woovi.confirmRefund(confirmed.refundId);
    fakes.woovi.rejectRefund(rejected.refundId);
    expect(await provider().refundStatus({ ...confirmed, ...recorded })).toEqual({
      ...asked,
      status: "confirmed",
    });
    expect(await provider().refundStatus({ ...rejected, providerRefundId: null })).toMatchObject({
      status: "failed",
      amountCents: 5_000,
      failure: "Reembolso rejeitado pelo Woovi",
    });
    expect(await provider().refundStatus({ ...refundOf(chargeId, 100), providerRefundId: null })).toEqual({
      status: "failed",
      providerRefundId: null,
      amountCents: 100,
      failure: "Reembolso não encontrado",
    });
  });

  it("reads its signed refund and dispute (MED) webhooks as events, and refuses a bad signature", async () => {
    const chargeId = await paidCharge(3_000);
    const request = refundOf(chargeId, 3_000);
    const { providerRefundId } = await provider().refund(request);
    const posted = (delivery: { body: string; signature: string }) =>
      provider().webhookEvent!(wooviWebhookRequest(delivery));

    for (const event of ["PIX_TRANSACTION_REFUND_SENT_CONFIRMED", "PIX_TRANSACTION_REFUND_SENT_REJECTED"]) {
      expect(await posted(fakes.woovi.signedRefundWebhook(event, request.refundId))).toEqual({
        ok: true,
        event: { provider: "woovi", chargeId: providerRefundId, eventType: `refund:${event}` },
      });
    }
    expect(await posted(fakes.woovi.signedDisputeWebhook("OPENPIX:DISPUTE_CREATED", chargeId))).toEqual({
      ok: true,
      event: {
        provider: "woovi",
        chargeId: paymentEndToEndId(chargeId),
        eventType: "dispute:OPENPIX:DISPUTE_CREATED",
      },
    });
    expect(await posted(fakes.woovi.signedWebhook("OPENPIX:CHARGE_COMPLETED", chargeId))).toEqual({
      ok: true,
      event: { provider: "woovi", chargeId, eventType: "COMPLETED" },
    });

    const genuine = fakes.woovi.signedRefundWebhook(
      "PIX_TRANSACTION_REFUND_SENT_CONFIRMED",
      request.refundId,
    );
    const forged = {
      body: genuine.body.replace(providerRefundId!, "D00000000forjado"),
      signature: genuine.signature,
    };
    expect(await posted(forged)).toEqual({ ok: false, status: 401, error: "Assinatura inválida" });
  });
});

describe("refunds at Mercado Pago", () => {
  const provider = (): CardProvider =>
    createMercadoPagoCardProvider({
      apiUrl: fakes.mercadoPago.url,
      accessToken: MERCADOPAGO_TOKEN,
      webhookSecret: MERCADOPAGO_SECRET,
      webhookUrl: `${TEST_BASE_URL}/api/webhooks/mercadopago`,
    });

  /** A card payment approved for a new order's checkout of this total: its id. */
  async function approvedPayment(totalCents: number): Promise<string> {
    const orderId = randomUUID();
    const checkout = await provider().createCheckout({
      orderId,
      items: [{ name: "Fone Bluetooth", quantity: 1, unitPriceCents: totalCents }],
      payer: { name: customer.name, email: customer.email, taxId: customer.taxId },
      returnUrl: `${TEST_BASE_URL}/account/orders`,
      maxInstallments: 12,
      expiresAt: new Date(Date.now() + 3_600_000),
      boletoDueAt: new Date(Date.now() + 3 * 86_400_000),
    });
    return fakes.mercadoPago.pay(checkout.checkoutId, { status: "approved" });
  }

  it("refunds a payment in part then in full, in reais to the centavo, under the refund's idempotency key", async () => {
    const paymentId = await approvedPayment(19_990);
    const partial = refundOf(paymentId, 4_995);

    const first = await provider().refund(partial);
    expect(fakes.mercadoPago.requests.at(-1)).toMatchObject({
      method: "POST",
      path: `/v1/payments/${paymentId}/refunds`,
      authorization: `Bearer ${MERCADOPAGO_TOKEN}`,
      idempotencyKey: partial.refundId,
      body: { amount: 49.95 },
    });
    const [made] = fakes.mercadoPago.refundsOf(paymentId);
    expect(first).toEqual({
      status: "confirmed",
      providerRefundId: String(made!.id),
      amountCents: 4_995,
      failure: null,
    });
    expect((await provider().payment(paymentId)).status).toBe("approved");

    expect(await provider().refund(refundOf(paymentId, 14_995))).toMatchObject({
      status: "confirmed",
      amountCents: 14_995,
    });
    expect(fakes.mercadoPago.refundsOf(paymentId).map((refund) => refund.amount)).toEqual([49.95, 149.95]);
    expect((await provider().payment(paymentId)).status).toBe("refunded");
  });

  it("answers the first refund to a repeated key, and finds one whose answer was lost by asking again", async () => {
    const paymentId = await approvedPayment(10_000);
    const request = refundOf(paymentId, 1_000);
    const first = await provider().refund(request);
    expect(await provider().refund(request)).toEqual(first);

    const lost = refundOf(paymentId, 2_000);
    fakes.mercadoPago.dropNextRefundAnswers();
    await refusedHttp(provider().refund(lost));
    expect(await provider().refundStatus({ ...lost, providerRefundId: null })).toMatchObject({
      status: "confirmed",
      amountCents: 2_000,
    });
    expect(fakes.mercadoPago.refundsOf(paymentId)).toHaveLength(2);
  });

  it("is a failed refund, with Mercado Pago's message, when it is more than is left", async () => {
    const paymentId = await approvedPayment(5_000);
    await provider().refund(refundOf(paymentId, 3_000));

    expect(await provider().refund(refundOf(paymentId, 2_001))).toEqual({
      status: "failed",
      providerRefundId: null,
      amountCents: 2_001,
      failure: "The amount to refund exceeds the available amount",
    });
    expect(fakes.mercadoPago.refundsOf(paymentId)).toHaveLength(1);
  });

  it("throws when Mercado Pago fails, naming neither the token nor the body", async () => {
    const paymentId = await approvedPayment(5_000);
    fakes.mercadoPago.failNextRefunds(1);

    const error = await refusedHttp(provider().refund(refundOf(paymentId, 5_000)));
    expect(error.message).toBe("Mercado Pago respondeu HTTP 500 ao reembolsar o pagamento");
    expect(error.message).not.toContain(MERCADOPAGO_TOKEN);
    expect(fakes.mercadoPago.refundsOf(paymentId)).toEqual([]);
  });

  it("follows a refund in process by its id until Mercado Pago approves or rejects it", async () => {
    const paymentId = await approvedPayment(8_000);
    const approved = refundOf(paymentId, 3_000);
    const rejected = refundOf(paymentId, 5_000);
    fakes.mercadoPago.holdNextRefunds(2);

    const asked = await provider().refund(approved);
    expect(asked).toMatchObject({ status: "pending", amountCents: 3_000, failure: null });
    const other = await provider().refund(rejected);
    expect(await provider().refundStatus({ ...approved, providerRefundId: asked.providerRefundId })).toEqual(
      asked,
    );

    fakes.mercadoPago.confirmRefund(approved.refundId);
    fakes.mercadoPago.rejectRefund(rejected.refundId);
    const requestsBefore = fakes.mercadoPago.requests.length;
    expect(await provider().refundStatus({ ...approved, providerRefundId: asked.providerRefundId })).toEqual({
      ...asked,
      status: "confirmed",
    });
    expect(await provider().refundStatus({ ...rejected, providerRefundId: other.providerRefundId })).toEqual({
      ...other,
      status: "failed",
      failure: "Reembolso recusado pelo Mercado Pago",
    });
    expect(fakes.mercadoPago.requests.slice(requestsBefore).map((made) => made.method)).toEqual([
      "GET",
      "GET",
    ]);
  });
});

describe("refunds in the sandboxes", () => {
  const env = {
    ...loadEnv({}),
    PIX_KEY: "contato@vitrine.local",
    PIX_MERCHANT_NAME: "Vitrine Eletrônicos",
    PIX_MERCHANT_CITY: "São Paulo",
    PIX_EXPIRES_MINUTES: 30,
  };
  const pix = () => createSandboxPixProvider({ db: fakes.database.db, env });
  const card = () => createSandboxCardProvider({ db: fakes.database.db, baseURL: TEST_BASE_URL });
  const rowsOf = (chargeId: string) =>
    fakes.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.chargeId, chargeId));

  async function paidPixCharge(amountCents: number) {
    const { chargeId } = await pix().createCharge({ orderId: randomUUID(), amountCents, customer });
    await simulateSandboxPayment(fakes.database.db, chargeId);
    return chargeId;
  }

  async function approvedCardPayment(amountCents: number) {
    const { checkoutId } = await card().createCheckout({
      orderId: randomUUID(),
      items: [{ name: "Fone Bluetooth", quantity: 1, unitPriceCents: amountCents }],
      payer: { name: customer.name, email: customer.email, taxId: customer.taxId },
      returnUrl: `${TEST_BASE_URL}/account/orders`,
      maxInstallments: 12,
      expiresAt: new Date(Date.now() + 3_600_000),
      boletoDueAt: new Date(Date.now() + 3 * 86_400_000),
    });
    const paid = await simulateSandboxCardPayment(fakes.database.db, checkoutId, {
      action: "approve",
      installments: 1,
    });
    if (!paid.ok) throw new Error("Pagamento de teste não aprovado");
    return paid.paymentId;
  }

  const cases: [string, () => RefundingProvider, (amountCents: number) => Promise<string>][] = [
    ["PIX", pix, paidPixCharge],
    ["card", card, approvedCardPayment],
  ];

  for (const [name, provider, paid] of cases) {
    it(`confirms a ${name} refund at once while what was paid covers it, and refuses more`, async () => {
      const chargeId = await paid(10_000);
      const first = refundOf(chargeId, 6_000);

      expect(await provider().refund(first)).toEqual({
        status: "confirmed",
        providerRefundId: first.refundId,
        amountCents: 6_000,
        failure: null,
      });
      expect(await provider().refund(refundOf(chargeId, 4_001))).toEqual({
        status: "failed",
        providerRefundId: null,
        amountCents: 4_001,
        failure: "Valor maior que o saldo disponível para reembolso",
      });
      expect(await provider().refund(refundOf(chargeId, 4_000))).toMatchObject({ status: "confirmed" });
      expect(await provider().refundStatus({ ...first, providerRefundId: first.refundId })).toMatchObject({
        status: "confirmed",
        amountCents: 6_000,
      });
      expect((await rowsOf(chargeId)).map((row) => row.amountCents)).toEqual([6_000, 4_000]);
    });

    it(`answers a retried ${name} refund with the first, keeping one row`, async () => {
      const chargeId = await paid(5_000);
      const request = refundOf(chargeId, 5_000);
      const answers = await Promise.all([provider().refund(request), provider().refund(request)]);

      expect(answers[1]).toEqual(answers[0]);
      expect(await provider().refund(request)).toEqual(answers[0]);
      expect(await rowsOf(chargeId)).toHaveLength(1);
    });
  }

  it("refuses a refund of an unpaid charge, and reads an unknown refund as failed", async () => {
    const { chargeId } = await pix().createCharge({ orderId: randomUUID(), amountCents: 3_000, customer });
    const request = refundOf(chargeId, 3_000);

    expect(await pix().refund(request)).toMatchObject({ status: "failed", failure: "Cobrança não paga" });
    expect(await card().refund(refundOf("999999999", 100))).toMatchObject({ failure: "Cobrança não paga" });
    expect(await pix().refundStatus({ ...request, providerRefundId: null })).toEqual({
      status: "failed",
      providerRefundId: null,
      amountCents: 3_000,
      failure: "Reembolso não encontrado",
    });
    expect(await rowsOf(chargeId)).toEqual([]);
  });
});
