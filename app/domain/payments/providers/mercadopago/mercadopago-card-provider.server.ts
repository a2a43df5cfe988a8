import { randomUUID } from "node:crypto";
import { z } from "../../../../lib/zod";
import { digitableLineDigits, digitableLineOf } from "../../../../lib/boleto";
import { decimalToCents } from "../../../../lib/money";
import { compactTaxId } from "../../../../lib/tax-id";
import { CARD_PAYMENT_STATUSES } from "../../../../lib/order-statuses";
import { cardPaymentEvent, type CardPayment, type CardProvider } from "../../card-provider";
import { mercadoPagoDisputeNews } from "./mercadopago-disputes";
import { mercadoPagoRefunds } from "./mercadopago-refunds.server";
import { verifyMercadoPagoSignature } from "./mercadopago-webhook.server";
import { INVALID_EVENT, INVALID_SIGNATURE } from "../../payment-webhook";
import { providerHttpClient } from "../../provider-http.server";
import type { ProviderSetting } from "../provider-setting.server";

export interface MercadoPagoOptions {
  apiUrl: string;
  /** Sent as `Authorization: Bearer …`: it never appears in an error message. */
  accessToken: string;
  /** The application's secret signature, which signs its webhooks. */
  webhookSecret: string;
  /** The store's `/api/webhooks/mercadopago`. */
  webhookUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

const createdPreference = z.object({ id: z.string().min(1), init_point: z.url() });

/** Reais with at most two decimals, as Mercado Pago writes a BRL amount. */
const reais = z
  .number()
  .nonnegative()
  .refine((value) => /^\d+(\.\d{1,2})?$/.test(String(value)));

const payment = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  status: z.enum(CARD_PAYMENT_STATUSES),
  transaction_amount: reais,
  installments: z.number().int().min(1),
  payment_type_id: z.string().min(1),
  external_reference: z.string().nullish(),
  // A boleto's due date (ISO 8601 with an offset); absent or null for a card.
  date_of_expiration: z.iso.datetime({ offset: true }).nullish(),
  // A boleto's linha digitável and barcode; read leniently, as a card payment has neither.
  transaction_details: z.object({ digitable_line: z.string().nullish() }).nullish().catch(null),
  barcode: z.object({ content: z.string().nullish() }).nullish().catch(null),
});

const paymentSearch = z.object({ results: z.array(payment) });

/** The query and body of a notification: which resource it is about. */
const notificationBody = z.object({ type: z.string().optional() }).catch({});
const PAYMENT_ID = /^\d{1,20}$/;

/**
 * Mercado Pago as `CARD_PROVIDER=mercadopago` configures it; the environment's validation requires
 * its token and secret. Its webhooks are posted to the store's `/api/webhooks/mercadopago`.
 */
export function mercadoPagoCardProviderOf({ env, baseURL }: ProviderSetting): CardProvider {
  return createMercadoPagoCardProvider({
    apiUrl: env.MERCADOPAGO_API_URL,
    accessToken: env.MERCADOPAGO_ACCESS_TOKEN!,
    webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET!,
    webhookUrl: new URL("/api/webhooks/mercadopago", baseURL).href,
  });
}

/**
 * Mercado Pago's Checkout Pro: a preference per order (items, payer, the order's id as external
 * reference), paid on Mercado Pago's pages, by credit or debit card in instalments or by boleto;
 * its payments are read with `GET /v1/payments/{id}`. PIX has its own path in the store (its own
 * price and provider), so Mercado Pago's PIX (`bank_transfer`) is not offered here.
 */
export function createMercadoPagoCardProvider(options: MercadoPagoOptions): CardProvider {
  const call = providerHttpClient({
    provider: "Mercado Pago",
    baseUrl: options.apiUrl,
    headers: { Authorization: `Bearer ${options.accessToken}` },
    timeoutMs: options.timeoutMs ?? 10_000,
    fetch: options.fetch ?? fetch,
  });
  const now = options.now ?? Date.now;
  // Only the signed webhooks: without it Mercado Pago also posts its unsigned IPN notifications.
  const notificationUrl = new URL(options.webhookUrl);
  notificationUrl.searchParams.set("source_news", "webhooks");

  return {
    name: "mercadopago",
    method: "card",
    async createCheckout(request) {
      const [firstName = "", ...otherNames] = request.payer.name.trim().split(/\s+/);
      const taxId = compactTaxId(request.payer.taxId);
      const preference = await call({
        action: "criar o checkout",
        schema: createdPreference,
        path: "/checkout/preferences",
        body: {
          external_reference: request.orderId,
          items: request.items.map((item) => ({
            title: item.name,
            quantity: item.quantity,
            currency_id: "BRL",
            // Integer centavos over 100 is the double nearest the decimal, which JSON writes as it.
            unit_price: item.unitPriceCents / 100,
          })),
          payer: {
            name: firstName,
            surname: otherNames.join(" "),
            email: request.payer.email,
            identification: { type: taxId.length === 11 ? "CPF" : "CNPJ", number: taxId },
          },
          notification_url: notificationUrl.href,
          back_urls: { success: request.returnUrl, pending: request.returnUrl, failure: request.returnUrl },
          // Back on its own once approved; a boleto's customer stays to see the boleto first.
          auto_return: "approved",
          payment_methods: {
            installments: request.maxInstallments,
            excluded_payment_types: [{ id: "bank_transfer" }],
          },
          expires: true,
          expiration_date_to: request.expiresAt.toISOString(),
          // The boleto's due date.
          date_of_expiration: request.boletoDueAt.toISOString(),
        },
      });
      return { checkoutId: preference.id, redirectUrl: preference.init_point };
    },
    async payment(paymentId) {
      const read = await call({
        action: "consultar o pagamento",
        schema: payment,
        path: `/v1/payments/${encodeURIComponent(paymentId)}`,
      });
      return cardPaymentOf(read);
    },
    async paymentsOf(orderId) {
      const query = new URLSearchParams({ external_reference: orderId, limit: "100" });
      const found = await call({
        action: "buscar os pagamentos do pedido",
        schema: paymentSearch,
        path: `/v1/payments/search?${query}`,
      });
      return found.results.map(cardPaymentOf);
    },
    async cancel(checkoutId) {
      // A preference cannot be deleted: it expires now, and its page no longer takes payments.
      await call({
        action: "encerrar o checkout",
        schema: z.unknown(),
        method: "PUT",
        path: `/checkout/preferences/${encodeURIComponent(checkoutId)}`,
        body: { expires: true, expiration_date_to: new Date(now()).toISOString() },
      });
    },
    disputeNews: mercadoPagoDisputeNews,
    async webhookEvent(request) {
      const query = new URL(request.url).searchParams;
      const dataId = query.get("data.id");
      const signed = {
        signature: request.headers.get("x-signature"),
        requestId: request.headers.get("x-request-id"),
        dataId,
      };
      if (!verifyMercadoPagoSignature(signed, options.webhookSecret, now())) return INVALID_SIGNATURE;
      const topic = query.get("type") ?? notificationBody.parse(await readJson(request)).type;
      // Other topics (merchant orders, chargebacks…) are not the store's concern yet.
      if (topic !== "payment") return { ok: true, event: null };
      if (!dataId || !PAYMENT_ID.test(dataId)) return INVALID_EVENT;
      // A delivery sent again (its signed request id) is the same event; each change is another.
      const deliveryId = signed.requestId?.trim() || randomUUID();
      return { ok: true, event: cardPaymentEvent("mercadopago", dataId, deliveryId) };
    },
    ...mercadoPagoRefunds(call),
  };
}

function cardPaymentOf(read: z.infer<typeof payment>): CardPayment {
  // The line as Mercado Pago writes it, or else the one its barcode makes.
  const barcode = read.barcode?.content?.replace(/\D/g, "") ?? "";
  const digitableLine =
    digitableLineDigits(read.transaction_details?.digitable_line) ?? digitableLineOf(barcode);
  return {
    paymentId: String(read.id),
    status: read.status,
    amountCents: decimalToCents(read.transaction_amount),
    installments: read.installments,
    methodType: read.payment_type_id,
    orderId: read.external_reference || null,
    dueAt: read.date_of_expiration ? new Date(read.date_of_expiration) : null,
    ...(digitableLine && { digitableLine }),
  };
}

async function readJson(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.text());
  } catch {
    return undefined;
  }
}
