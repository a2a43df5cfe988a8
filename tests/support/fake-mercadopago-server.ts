import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { CardPaymentStatus } from "../../app/domain/payments/card-provider";
import { boletoBarcode, digitableLineOf } from "../../app/lib/boleto";
import { parseJson, readBody } from "./http";

interface FakePreference {
  id: string;
  body: PreferenceBody;
}

/** The part of a preference the fake reads; the rest is kept as sent, in `requests`. */
interface PreferenceBody {
  external_reference?: string;
  items?: { quantity: number; unit_price: number }[];
  expiration_date_to?: string;
  date_of_expiration?: string;
}

interface FakePayment {
  id: number;
  status: CardPaymentStatus;
  /** Reais, as Mercado Pago writes the amount (e.g. 1999.9). */
  transaction_amount: number;
  installments: number;
  payment_type_id: string;
  external_reference: string | null;
  date_of_expiration: string | null;
  /** A boleto's linha digitável and barcode, as Mercado Pago issues them; null for a card. */
  transaction_details: { digitable_line: string | null };
  barcode: { content: string } | null;
}

type RefundStatus = "approved" | "in_process" | "rejected";

interface FakeRefund {
  id: number;
  payment_id: number;
  /** Reais, as Mercado Pago writes the amount. */
  amount: number;
  status: RefundStatus;
  /** The `X-Idempotency-Key` it was asked with: the store's id for the refund. */
  key: string;
}

/** How a test forges a webhook delivery, or sends one again (see `webhookRequest`). */
export interface WebhookDelivery {
  secret?: string;
  ts?: number;
  dataId?: string;
  topic?: string;
  requestId?: string;
}

export interface MercadoPagoRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The `X-Idempotency-Key` sent, if one was. */
  idempotencyKey: string | undefined;
  body: unknown;
}

/**
 * A Mercado Pago stand-in on loopback: keeps Checkout Pro preferences and payments in memory,
 * answers only the application's access token, lets a test pay a preference in a given status
 * (refused once the preference expired), closes a preference (`PUT`), searches payments by
 * external reference,
 * and posts webhooks signed with the application's secret as Mercado Pago signs them (HMAC-SHA256
 * of `id:{data.id};request-id:{x-request-id};ts:{ts};`, in `x-signature: ts=…,v1=…`).
 *
 * Refunds (`POST /v1/payments/{id}/refunds` with an `X-Idempotency-Key`, `GET …/refunds/{id}`)
 * are approved at once unless a test holds them; the same key answers the same refund; a payment
 * refunded in full reads as `refunded`. Assumed where the documentation is silent: a refusal is a
 * 400 `{ message, error, status }`, for a payment not approved or more than what is left of it.
 */
export async function startFakeMercadoPagoServer(options: { accessToken: string; webhookSecret: string }) {
  const preferences = new Map<string, FakePreference>();
  const payments = new Map<number, FakePayment>();
  const requests: MercadoPagoRequest[] = [];
  let nextPaymentId = 1_320_000_001;
  const refunds = new Map<number, FakeRefund>();
  const refundControls = { failures: [] as number[], dropped: 0, held: 0 };
  let nextRefundId = 2_050_000_001;

  const server = http.createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    const text = await readBody(req);
    const path = req.url ?? "";
    requests.push({
      method: req.method ?? "",
      path,
      authorization: req.headers.authorization,
      idempotencyKey: headerOf(req, "x-idempotency-key"),
      body: parseJson(text),
    });
    if (req.headers.authorization !== `Bearer ${options.accessToken}`) {
      return reply(401, { message: "invalid access token", error: "unauthorized", status: 401 });
    }
    if (req.method === "POST" && path === "/checkout/preferences") {
      const body = parseJson(text) as PreferenceBody | undefined;
      if (!body?.items?.length)
        return reply(400, { message: "items needed", error: "bad_request", status: 400 });
      const id = `1234567-${randomUUID()}`;
      preferences.set(id, { id, body });
      return reply(201, {
        ...body,
        id,
        init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
        sandbox_init_point: `https://sandbox.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
        collector_id: 1234567,
        date_created: new Date().toISOString(),
      });
    }
    const preferenceId = /^\/checkout\/preferences\/([^/?]+)$/.exec(path)?.[1];
    const preference = preferenceId ? preferences.get(decodeURIComponent(preferenceId)) : undefined;
    if (req.method === "PUT" && preference) {
      Object.assign(preference.body, parseJson(text));
      return reply(200, { ...preference.body, id: preference.id });
    }
    if (req.method === "GET" && path.startsWith("/v1/payments/search?")) {
      const reference = new URL(path, "http://fake").searchParams.get("external_reference");
      const results = [...payments.values()].filter((made) => made.external_reference === reference);
      return reply(200, {
        paging: { total: results.length, limit: 100, offset: 0 },
        results: results.map(paymentAnswer),
      });
    }
    const refundsPath = /^\/v1\/payments\/(\d+)\/refunds(?:\/(\d+))?$/.exec(path);
    const refunded = refundsPath ? payments.get(Number(refundsPath[1])) : undefined;
    if (refundsPath && !refunded)
      return reply(404, { message: "Payment not found", error: "not_found", status: 404 });
    if (refunded && req.method === "GET" && refundsPath?.[2]) {
      const made = refunds.get(Number(refundsPath[2]));
      if (!made || made.payment_id !== refunded.id) {
        return reply(404, { message: "Refund not found", error: "not_found", status: 404 });
      }
      return reply(200, refundAnswer(made));
    }
    if (refunded && req.method === "POST" && !refundsPath?.[2]) {
      const failure = refundControls.failures.shift();
      if (failure !== undefined)
        return reply(failure, { message: "simulated failure", error: "internal_error", status: failure });
      const made = refund(refunded, parseJson(text), headerOf(req, "x-idempotency-key") ?? randomUUID());
      if ("message" in made) return reply(400, made);
      if (refundControls.dropped > 0) {
        refundControls.dropped -= 1;
        return reply(500, {
          message: "simulated failure after refunding",
          error: "internal_error",
          status: 500,
        });
      }
      return reply(201, refundAnswer(made));
    }
    const paymentId = /^\/v1\/payments\/(\d+)$/.exec(path)?.[1];
    const payment = paymentId ? payments.get(Number(paymentId)) : undefined;
    if (req.method === "GET" && payment) {
      return reply(200, paymentAnswer(payment));
    }
    reply(404, { message: "not found", error: "not_found", status: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  const refundsOfPayment = (paymentId: number) =>
    [...refunds.values()].filter((made) => made.payment_id === paymentId);
  const cents = (reais: number) => Math.round(reais * 100);

  function refund(payment: FakePayment, input: unknown, key: string) {
    const earlier = [...refunds.values()].find((made) => made.key === key);
    if (earlier) return earlier;
    const refusal = (message: string) => ({ message, error: "bad_request", status: 400 });
    if (payment.status !== "approved") return refusal("Payment status must be approved to refund");
    const refundedCents = refundsOfPayment(payment.id)
      .filter((made) => made.status !== "rejected")
      .reduce((total, made) => total + cents(made.amount), 0);
    const remainingCents = cents(payment.transaction_amount) - refundedCents;
    const body = input as { amount?: unknown } | undefined;
    const amountCents = typeof body?.amount === "number" ? cents(body.amount) : remainingCents;
    if (amountCents <= 0) return refusal("Invalid refund amount");
    if (amountCents > remainingCents) return refusal("The amount to refund exceeds the available amount");
    const held = refundControls.held > 0;
    if (held) refundControls.held -= 1;
    const made: FakeRefund = {
      id: nextRefundId++,
      payment_id: payment.id,
      amount: amountCents / 100,
      status: held ? "in_process" : "approved",
      key,
    };
    refunds.set(made.id, made);
    markRefunded(payment);
    return made;
  }

  /** A payment whose approved refunds add up to it reads as `refunded`, as Mercado Pago shows it. */
  function markRefunded(payment: FakePayment) {
    const approvedCents = refundsOfPayment(payment.id)
      .filter((made) => made.status === "approved")
      .reduce((total, made) => total + cents(made.amount), 0);
    if (approvedCents >= cents(payment.transaction_amount)) payment.status = "refunded";
  }

  const refundKeyed = (key: string) => {
    const made = [...refunds.values()].find((refund) => refund.key === key);
    if (!made) throw new Error(`Reembolso desconhecido no Mercado Pago falso: ${key}`);
    return made;
  };
  const settleRefund = (key: string, status: RefundStatus) => {
    const made = refundKeyed(key);
    if (made.status !== "in_process") throw new Error(`Reembolso já concluído: ${key}`);
    made.status = status;
    const payment = payments.get(made.payment_id);
    if (payment) markRefunded(payment);
  };

  /** A notification about a resource, addressed to `url` (the store's webhook). */
  function notification(
    url: string,
    { dataId, topic }: { dataId: string; topic: string },
    headers: Record<string, string>,
  ): Request {
    const target = new URL(url);
    target.searchParams.set("data.id", dataId);
    target.searchParams.set("type", topic);
    return new Request(target, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({
        action: `${topic}.updated`,
        api_version: "v1",
        data: { id: dataId },
        date_created: new Date().toISOString(),
        id: Date.now(),
        live_mode: false,
        type: topic,
        user_id: "1234567",
      }),
    });
  }

  const sign = (secret: string, dataId: string, requestId: string, ts: number) =>
    `ts=${ts},v1=${createHmac("sha256", secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest("hex")}`;

  function webhookRequest(url: string, resourceId: string, delivery: WebhookDelivery = {}): Request {
    const requestId = delivery.requestId ?? randomUUID();
    const ts = delivery.ts ?? Math.floor(Date.now() / 1000);
    const signature = sign(delivery.secret ?? options.webhookSecret, resourceId, requestId, ts);
    return notification(
      url,
      { dataId: delivery.dataId ?? resourceId, topic: delivery.topic ?? "payment" },
      { "x-signature": signature, "x-request-id": requestId },
    );
  }

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    preferenceOf: (id: string) => preferences.get(id),
    /**
     * The customer pays the preference on Mercado Pago's page: a payment in `status`, for the
     * preference's total unless `amount` (reais, as Mercado Pago writes them) says otherwise.
     */
    pay(
      preferenceId: string,
      payment: {
        status: CardPaymentStatus;
        amount?: number;
        installments?: number;
        methodType?: string;
        /** Another external reference than the preference's (another store's order). */
        reference?: string;
      },
    ): string {
      const preference = preferences.get(preferenceId);
      if (!preference) throw new Error(`Preferência desconhecida no Mercado Pago falso: ${preferenceId}`);
      const { expiration_date_to: expiresAt } = preference.body;
      if (expiresAt && new Date(expiresAt) <= new Date())
        throw new Error(`Preferência expirada no Mercado Pago falso: ${preferenceId}`);
      const totalCents = (preference.body.items ?? []).reduce(
        (sum, item) => sum + Math.round(item.unit_price * 100) * item.quantity,
        0,
      );
      const id = nextPaymentId++;
      const dueAt = payment.methodType === "ticket" ? (preference.body.date_of_expiration ?? null) : null;
      const barcode =
        dueAt &&
        boletoBarcode({
          bank: "237",
          dueAt: new Date(dueAt),
          amountCents: Math.round((payment.amount ?? totalCents / 100) * 100),
          freeField: String(id).padStart(25, "0"),
        });
      payments.set(id, {
        id,
        status: payment.status,
        transaction_amount: payment.amount ?? totalCents / 100,
        installments: payment.installments ?? 1,
        payment_type_id: payment.methodType ?? "credit_card",
        external_reference: payment.reference ?? preference.body.external_reference ?? null,
        // A boleto is due as the preference says; Mercado Pago writes the date with an offset.
        date_of_expiration: dueAt,
        transaction_details: { digitable_line: barcode && digitableLineOf(barcode) },
        barcode: barcode ? { content: barcode } : null,
      });
      return String(id);
    },
    /** The refunds of a payment, as Mercado Pago answers them. */
    refundsOf: (paymentId: string) => refundsOfPayment(Number(paymentId)).map(refundAnswer),
    /** The next `count` refund requests are answered with `status` (500 unless said), refunding nothing. */
    failNextRefunds(count: number, status = 500) {
      refundControls.failures.push(...Array<number>(count).fill(status));
    },
    /** The next `count` refunds are made, but answered with a 500: as if their answer was lost. */
    dropNextRefundAnswers(count = 1) {
      refundControls.dropped += count;
    },
    /** The next `count` refunds stay `in_process` until `confirmRefund` or `rejectRefund`. */
    holdNextRefunds(count = 1) {
      refundControls.held += count;
    },
    /** A held refund (by its idempotency key, the store's refund id) is approved. */
    confirmRefund: (key: string) => settleRefund(key, "approved"),
    /** A held refund (by its idempotency key) is rejected: its amount is the payment's again. */
    rejectRefund: (key: string) => settleRefund(key, "rejected"),
    /** A payment's status changes (a boleto paid, a payment refunded). */
    setStatus(paymentId: string, status: CardPaymentStatus) {
      const payment = payments.get(Number(paymentId));
      if (!payment) throw new Error(`Pagamento desconhecido no Mercado Pago falso: ${paymentId}`);
      payment.status = status;
    },
    /**
     * The notification Mercado Pago would post to `url` about a resource (a payment unless `topic`
     * says otherwise), signed with the application's secret and the time now (`ts` in seconds, or
     * as given), unless the test forges it: another `secret`, an old `ts`, or a `dataId` other
     * than the one signed. A delivery sent again keeps its `requestId`.
     */
    webhookRequest,
    /** Mercado Pago posts `webhookRequest`'s notification to `url`: the store's status. */
    async deliverWebhook(url: string, resourceId: string, delivery: WebhookDelivery = {}): Promise<number> {
      const response = await fetch(webhookRequest(url, resourceId, delivery));
      await response.body?.cancel();
      return response.status;
    },
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeMercadoPagoServer = Awaited<ReturnType<typeof startFakeMercadoPagoServer>>;

/** A payment as `GET /v1/payments/{id}` (and the search) answers it. */
function paymentAnswer(payment: FakePayment) {
  return { ...payment, currency_id: "BRL", status_detail: detailOf(payment.status) };
}

/** A refund as Mercado Pago answers it. */
function refundAnswer(refund: FakeRefund) {
  const { key: _key, ...answer } = refund;
  return { ...answer, source: { type: "collector" }, date_created: new Date().toISOString() };
}

/** Mercado Pago's usual detail for each status. */
function detailOf(status: CardPaymentStatus): string {
  if (status === "approved") return "accredited";
  if (status === "pending") return "pending_waiting_payment";
  if (status === "in_process") return "pending_contingency";
  if (status === "rejected") return "cc_rejected_other_reason";
  return status;
}

function headerOf(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === "string" ? value : undefined;
}
