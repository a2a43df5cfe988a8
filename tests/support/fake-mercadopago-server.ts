import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { CardPaymentStatus } from "../../app/domain/payments/card-provider";

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
}

export interface MercadoPagoRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A Mercado Pago stand-in on loopback: keeps Checkout Pro preferences and payments in memory,
 * answers only the application's access token, lets a test pay a preference in a given status
 * (refused once the preference expired), closes a preference (`PUT`), searches payments by
 * external reference,
 * and posts webhooks signed with the application's secret as Mercado Pago signs them (HMAC-SHA256
 * of `id:{data.id};request-id:{x-request-id};ts:{ts};`, in `x-signature: ts=…,v1=…`).
 */
export async function startFakeMercadoPagoServer(options: { accessToken: string; webhookSecret: string }) {
  const preferences = new Map<string, FakePreference>();
  const payments = new Map<number, FakePayment>();
  const requests: MercadoPagoRequest[] = [];
  let nextPaymentId = 1_320_000_001;

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
    const paymentId = /^\/v1\/payments\/(\d+)$/.exec(path)?.[1];
    const payment = paymentId ? payments.get(Number(paymentId)) : undefined;
    if (req.method === "GET" && payment) {
      return reply(200, paymentAnswer(payment));
    }
    reply(404, { message: "not found", error: "not_found", status: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  /** Posts a notification about a payment to `url` (the store's webhook): the store's status. */
  async function post(
    url: string,
    notification: { dataId: string; topic: string },
    headers: Record<string, string>,
  ): Promise<number> {
    const { dataId, topic } = notification;
    const target = new URL(url);
    target.searchParams.set("data.id", dataId);
    target.searchParams.set("type", topic);
    const response = await fetch(target, {
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
    await response.body?.cancel();
    return response.status;
  }

  const sign = (secret: string, dataId: string, requestId: string, ts: number) =>
    `ts=${ts},v1=${createHmac("sha256", secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest("hex")}`;

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
      payments.set(id, {
        id,
        status: payment.status,
        transaction_amount: payment.amount ?? totalCents / 100,
        installments: payment.installments ?? 1,
        payment_type_id: payment.methodType ?? "credit_card",
        external_reference: payment.reference ?? preference.body.external_reference ?? null,
        // A boleto is due as the preference says; Mercado Pago writes the date with an offset.
        date_of_expiration:
          payment.methodType === "ticket" ? (preference.body.date_of_expiration ?? null) : null,
      });
      return String(id);
    },
    /** A payment's status changes (a boleto paid, a payment refunded). */
    setStatus(paymentId: string, status: CardPaymentStatus) {
      const payment = payments.get(Number(paymentId));
      if (!payment) throw new Error(`Pagamento desconhecido no Mercado Pago falso: ${paymentId}`);
      payment.status = status;
    },
    /**
     * Mercado Pago notifies `url` about a resource (a payment unless `topic` says otherwise),
     * signed with the application's secret and the time now (`ts` in seconds, or as given), unless
     * the test forges it: another `secret`, an old `ts`, or a `dataId` other than the one signed.
     * A delivery sent again keeps its `requestId`.
     */
    deliverWebhook(
      url: string,
      resourceId: string,
      delivery: { secret?: string; ts?: number; dataId?: string; topic?: string; requestId?: string } = {},
    ): Promise<number> {
      const requestId = delivery.requestId ?? randomUUID();
      const ts = delivery.ts ?? Math.floor(Date.now() / 1000);
      const signature = sign(delivery.secret ?? options.webhookSecret, resourceId, requestId, ts);
      return post(
        url,
        { dataId: delivery.dataId ?? resourceId, topic: delivery.topic ?? "payment" },
        { "x-signature": signature, "x-request-id": requestId },
      );
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

/** Mercado Pago's usual detail for each status. */
function detailOf(status: CardPaymentStatus): string {
  if (status === "approved") return "accredited";
  if (status === "pending") return "pending_waiting_payment";
  if (status === "in_process") return "pending_contingency";
  if (status === "rejected") return "cc_rejected_other_reason";
  return status;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
