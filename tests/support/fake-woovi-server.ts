import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { buildBrCode } from "../../app/domain/payments/br-code";
import { parseJson, readBody } from "./http";
import { TEST_BASE_URL } from "./test-context";

type Status = "ACTIVE" | "COMPLETED" | "EXPIRED";

interface FakeCharge {
  correlationID: string;
  value: number;
  status: Status;
  brCode: string;
  expiresDate: string;
}

type RefundStatus = "IN_PROCESSING" | "CONFIRMED" | "REJECTED";

interface FakeRefund {
  /** The store's id for the refund. */
  correlationID: string;
  /** The charge it refunds (its correlation id). */
  chargeId: string;
  value: number;
  status: RefundStatus;
  /** The refund's own PIX transaction. */
  endToEndId: string;
  time: string;
  comment: string;
}

/** A creation whose answer waits: `reached` once the request came, answered after `release`. */
interface HeldCreation {
  reached: () => void;
  released: Promise<void>;
}

export interface WooviRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A Woovi (OpenPix) stand-in on loopback: creates, reports and deletes charges in memory, lets a
 * test pay, expire or fail them, and signs webhooks with its own key as Woovi does.
 *
 * Assumed where Woovi's documentation says no more than "Delete a charge" (`DELETE
 * /api/v1/charge/{id}`, 200 "The charge deleted", 400 "An error message"): a deleted charge can
 * no longer be paid and is still shown, with the status `EXPIRED` (Woovi's statuses are ACTIVE,
 * COMPLETED and EXPIRED); deleting it again answers 200; a paid charge cannot be deleted (400).
 *
 * Refunds follow Woovi's charge refunds (`POST` and `GET /api/v1/charge/{id}/refund`, statuses
 * IN_PROCESSING, CONFIRMED and REJECTED), confirmed at once unless a test holds them. Assumed
 * where the documentation is silent: a refusal is a 400 `{ error }` in Portuguese, for an unpaid
 * charge, a correlation id already used, or more than the charge's value less its refunds not
 * rejected.
 *
 * A paid charge's payment is shown as Woovi's PIX transactions are (`GET /api/v1/transaction/{id}`,
 * by its end-to-end id), with the charge it paid; any other id is a 404.
 */
export async function startFakeWooviServer(options: { appId: string }) {
  const charges = new Map<string, FakeCharge>();
  const deleted = new Set<string>();
  const requests: WooviRequest[] = [];
  const failures: number[] = [];
  const held: HeldCreation[] = [];
  const refunds = new Map<string, FakeRefund>();
  const refundControls = { failures: [] as number[], dropped: 0, held: 0 };
  const releases: (() => void)[] = [];
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

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

    const failure = failures.shift();
    if (failure !== undefined) return reply(failure, { error: "falha simulada" });
    if (req.headers.authorization !== options.appId) return reply(401, { error: "appID inválido" });

    if (req.method === "POST" && path === "/api/v1/charge") {
      const input = parseJson(text) as
        { correlationID?: unknown; value?: unknown; expiresIn?: unknown } | undefined;
      if (typeof input?.correlationID !== "string" || !Number.isInteger(input.value)) {
        return reply(400, { error: "correlationID e value são obrigatórios" });
      }
      if (charges.has(input.correlationID)) return reply(400, { error: "correlationID já usado" });
      const value = input.value as number;
      const expiresIn = typeof input.expiresIn === "number" ? input.expiresIn : 86_400;
      const charge: FakeCharge = {
        correlationID: input.correlationID,
        value,
        status: "ACTIVE",
        brCode: buildBrCode({
          pixKey: "pix@woovi.test",
          merchantName: "Woovi Fake",
          merchantCity: "Sao Paulo",
          amountCents: value,
          txid: input.correlationID,
          oneTime: true,
        }),
        expiresDate: new Date(Date.now() + expiresIn * 1000).toISOString(),
      };
      charges.set(charge.correlationID, charge);
      const hold = held.shift();
      if (hold) {
        hold.reached();
        await hold.released;
      }
      return reply(200, {
        charge: publicView(charge),
        correlationID: charge.correlationID,
        brCode: charge.brCode,
      });
    }

    const refunded = /^\/api\/v1\/charge\/([^/?]+)\/refund$/.exec(path)?.[1];
    if (refunded) {
      const refundedCharge = charges.get(decodeURIComponent(refunded));
      if (!refundedCharge) return reply(404, { error: "cobrança não encontrada" });
      if (req.method === "GET") {
        const list = [...refunds.values()].filter(
          (refund) => refund.chargeId === refundedCharge.correlationID,
        );
        return reply(200, {
          refunds: list.map(refundView),
          pageInfo: {
            skip: 0,
            limit: 100,
            totalCount: list.length,
            hasPreviousPage: false,
            hasNextPage: false,
          },
        });
      }
      if (req.method === "POST") {
        const refundFailure = refundControls.failures.shift();
        if (refundFailure !== undefined) return reply(refundFailure, { error: "falha simulada" });
        const made = refund(refundedCharge, parseJson(text));
        if ("error" in made) return reply(400, made);
        if (refundControls.dropped > 0) {
          refundControls.dropped -= 1;
          return reply(500, { error: "falha simulada depois do reembolso" });
        }
        return reply(200, { refund: refundView(made) });
      }
    }

    const transactionId = /^\/api\/v1\/transaction\/([^/?]+)$/.exec(path)?.[1];
    if (req.method === "GET" && transactionId) {
      const paid = paymentOf(decodeURIComponent(transactionId));
      if (!paid) return reply(404, { error: "Transação não encontrada" });
      return reply(200, { transaction: transactionView(paid) });
    }

    const id = /^\/api\/v1\/charge\/([^/?]+)$/.exec(path)?.[1];
    const charge = id ? charges.get(decodeURIComponent(id)) : undefined;
    if ((req.method === "GET" || req.method === "DELETE") && id && !charge) {
      return reply(404, { error: "cobrança não encontrada" });
    }
    if (req.method === "GET" && charge) return reply(200, { charge: publicView(charge) });
    if (req.method === "DELETE" && charge) {
      if (charge.status === "COMPLETED") return reply(400, { error: "cobrança já paga" });
      deleted.add(charge.correlationID);
      charge.status = "EXPIRED";
      return reply(200, { status: "OK", id: charge.correlationID });
    }
    reply(404, { error: "rota desconhecida" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  function refund(charge: FakeCharge, input: unknown): FakeRefund | { error: string } {
    const body = input as { correlationID?: unknown; value?: unknown; comment?: unknown } | undefined;
    if (typeof body?.correlationID !== "string" || !body.correlationID) {
      return { error: "correlationID é obrigatório" };
    }
    if (typeof body.comment === "string" && body.comment.length > 140) {
      return { error: "O comentário deve ter no máximo 140 caracteres" };
    }
    if (refunds.has(body.correlationID)) return { error: "Já existe um reembolso com este correlationID" };
    if (charge.status !== "COMPLETED") return { error: "Cobrança não paga não pode ser reembolsada" };
    const refundedValue = [...refunds.values()]
      .filter((made) => made.chargeId === charge.correlationID && made.status !== "REJECTED")
      .reduce((total, made) => total + made.value, 0);
    const remaining = charge.value - refundedValue;
    const value = body.value === undefined ? remaining : body.value;
    if (!Number.isInteger(value) || (value as number) <= 0) return { error: "value inválido" };
    if ((value as number) > remaining) {
      return { error: "Valor do reembolso maior que o saldo disponível da cobrança" };
    }
    const held = refundControls.held > 0;
    if (held) refundControls.held -= 1;
    const made: FakeRefund = {
      correlationID: body.correlationID,
      chargeId: charge.correlationID,
      value: value as number,
      status: held ? "IN_PROCESSING" : "CONFIRMED",
      endToEndId: `D54811417${randomBytes(12).toString("hex")}`,
      time: new Date().toISOString(),
      comment: typeof body.comment === "string" ? body.comment : "",
    };
    refunds.set(made.correlationID, made);
    return made;
  }

  /** The paid charge whose payment has this end-to-end id (or this transaction id). */
  const paymentOf = (id: string) =>
    [...charges.values()].find(
      (charge) => charge.status === "COMPLETED" && paymentEndToEndId(charge.correlationID) === id,
    );

  const refundNamed = (correlationID: string) => {
    const made = refunds.get(correlationID);
    if (!made) throw new Error(`Reembolso desconhecido no Woovi falso: ${correlationID}`);
    return made;
  };
  const settleRefund = (correlationID: string, status: RefundStatus) => {
    const made = refundNamed(correlationID);
    if (made.status !== "IN_PROCESSING") throw new Error(`Reembolso já concluído: ${correlationID}`);
    made.status = status;
  };
  const signed = (payload: unknown) => {
    const body = JSON.stringify(payload);
    return { body, signature: sign("sha256", Buffer.from(body), privateKey).toString("base64") };
  };

  const setStatus = (correlationID: string, status: Status) => {
    const charge = charges.get(correlationID);
    if (!charge) throw new Error(`Cobrança desconhecida no Woovi falso: ${correlationID}`);
    charge.status = status;
  };

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** The requests that asked to create a charge for this correlation id (an order's id). */
    creationRequestsOf: (correlationID: string) =>
      requests.filter(
        (request) =>
          request.method === "POST" &&
          (request.body as { correlationID?: string } | undefined)?.correlationID === correlationID,
      ),
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
    /** From now on the charge's `value` is reported as this (e.g. a payment of another amount). */
    reportValue(correlationID: string, value: number) {
      const charge = charges.get(correlationID);
      if (!charge) throw new Error(`Cobrança desconhecida no Woovi falso: ${correlationID}`);
      charge.value = value;
    },
    /** The customer pays the charge: false when it was deleted, as a bank refuses it then. */
    complete(correlationID: string): boolean {
      if (deleted.has(correlationID)) return false;
      setStatus(correlationID, "COMPLETED");
      return true;
    },
    /** Whether the store deleted the charge. */
    isDeleted: (correlationID: string) => deleted.has(correlationID),
    /** The charges created for this correlation id (Woovi keeps one per id). */
    chargeOf: (correlationID: string) => charges.get(correlationID),
    /**
     * The next charge is created, and its answer waits until `release`: as if the store's process
     * died before Woovi's answer reached it. `reached` resolves once the request has arrived.
     */
    holdNextCreation() {
      let reached!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      held.push({ reached, released });
      releases.push(release);
      return { reached: arrived, release };
    },
    expire: (correlationID: string) => setStatus(correlationID, "EXPIRED"),
    /** The next request, whatever it is, is answered with this HTTP status. */
    failNext: (status: number) => failures.push(status),
    /** A webhook body and its `x-webhook-signature`, as Woovi would post them. */
    signedWebhook(event: string, correlationID: string) {
      const charge = charges.get(correlationID);
      const status = event === "OPENPIX:CHARGE_EXPIRED" ? "EXPIRED" : "COMPLETED";
      const value = charge?.value ?? 0;
      return signed({
        event,
        charge: { correlationID, status, value },
        pix: { value, time: new Date().toISOString(), endToEndId: paymentEndToEndId(correlationID) },
      });
    },
    /** The refunds of a charge (by its correlation id), as Woovi keeps them. */
    refundsOf: (chargeId: string) =>
      [...refunds.values()].filter((made) => made.chargeId === chargeId).map(refundView),
    /** The next `count` refund requests are answered with `status` (500 unless said), refunding nothing. */
    failNextRefunds(count: number, status = 500) {
      refundControls.failures.push(...Array<number>(count).fill(status));
    },
    /** The next `count` refunds are made, but answered with a 500: as if their answer was lost. */
    dropNextRefundAnswers(count = 1) {
      refundControls.dropped += count;
    },
    /** The next `count` refunds stay IN_PROCESSING until `confirmRefund` or `rejectRefund`. */
    holdNextRefunds(count = 1) {
      refundControls.held += count;
    },
    /** A held refund (by its correlation id) is confirmed. */
    confirmRefund: (correlationID: string) => settleRefund(correlationID, "CONFIRMED"),
    /** A held refund (by its correlation id) is rejected: its value is the charge's again. */
    rejectRefund: (correlationID: string) => settleRefund(correlationID, "REJECTED"),
    /**
     * A refund webhook as Woovi signs it: `PIX_TRANSACTION_REFUND_SENT_CONFIRMED` or `…_REJECTED`,
     * naming the refund (by its correlation id here) by its transaction's end-to-end id.
     */
    signedRefundWebhook(event: string, correlationID: string) {
      const made = refundNamed(correlationID);
      const charge = charges.get(made.chargeId);
      const rejected = event.endsWith("_REJECTED");
      return signed({
        event,
        refundTransaction: {
          value: made.value,
          time: made.time,
          endToEndId: made.endToEndId,
          status: rejected ? "REJECTED" : "CONFIRMED",
          type: "REFUND",
          partial: made.value < (charge?.value ?? 0),
        },
        originalTransaction: {
          value: charge?.value ?? 0,
          endToEndId: paymentEndToEndId(made.chargeId),
          status: "CONFIRMED",
          type: "PAYMENT",
        },
        ...(rejected ? { error: "ED05 - Pagamento rejeitado pelo PSP do recebedor" } : {}),
      });
    },
    /**
     * A dispute (MED) webhook as Woovi signs it (`OPENPIX:DISPUTE_CREATED`, …), about the payment of
     * a charge (by its correlation id), which it names by its transaction's end-to-end id.
     */
    signedDisputeWebhook(event: string, chargeId: string) {
      return signed({
        event,
        dispute: {
          status: event.endsWith("_CREATED") ? "OPENED" : event.split("_").at(-1),
          endToEndId: paymentEndToEndId(chargeId),
          value: charges.get(chargeId)?.value ?? 0,
          disputeReason: "Golpe",
        },
      });
    },
    stop: () => {
      for (const release of releases) release();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeWooviServer = Awaited<ReturnType<typeof startFakeWooviServer>>;

/** A webhook delivery (its body and `x-webhook-signature`) as Woovi posts it to the store's route. */
export function wooviWebhookRequest({ body, signature }: { body: string; signature: string }): Request {
  return new Request(`${TEST_BASE_URL}/api/webhooks/woovi`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-webhook-signature": signature },
    body,
  });
}

/** The end-to-end id of the PIX transaction that paid a charge (by its correlation id). */
export const paymentEndToEndId = (correlationID: string) => `E${correlationID.slice(0, 31)}`;

/** A refund as Woovi's API shows it. */
function refundView(refund: FakeRefund) {
  const { chargeId: _charge, ...view } = refund;
  return view;
}

/** The PIX transaction that paid a charge, as Woovi's API shows it. */
function transactionView(charge: FakeCharge) {
  const endToEndId = paymentEndToEndId(charge.correlationID);
  return {
    charge: publicView(charge),
    value: charge.value,
    time: new Date().toISOString(),
    endToEndId,
    transactionID: endToEndId.slice(1),
    type: "PAYMENT",
    globalID: Buffer.from(`PixTransaction:${endToEndId}`).toString("base64"),
  };
}

/** A charge as Woovi's API shows it, with the image URL the store must not use. */
function publicView(charge: FakeCharge) {
  return {
    ...charge,
    globalID: Buffer.from(`Charge:${charge.correlationID}`).toString("base64"),
    qrCodeImage: `https://api.woovi.test/openpix/charge/brcode/image/${charge.correlationID}.png`,
    createdAt: new Date().toISOString(),
  };
}
