import { createPublicKey, verify, type KeyObject } from "node:crypto";
import { z } from "../../../../lib/zod";
import type { DisputeNews } from "../../dispute-news";

/** An event the store keeps (as its `payment_events` row), or one it has no use for. */
export type WooviEvent = { eventType: string; chargeId: string } | typeof IGNORED;

const IGNORED = { ignored: true } as const;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Whether `signature` (the `x-webhook-signature` header: base64 RSA-SHA256 of the raw body) was
 * made by Woovi's key. The key may be a PEM or, as Woovi publishes it, the base64 of a PEM.
 * Never throws: anything unreadable is simply not a valid signature.
 */
export function verifyWooviSignature(rawBody: string, signature: string | null, publicKey: string): boolean {
  const signatureText = signature?.trim() ?? "";
  if (!BASE64.test(signatureText)) return false;
  try {
    return verify(
      "sha256",
      Buffer.from(rawBody),
      readPublicKey(publicKey),
      Buffer.from(signatureText, "base64"),
    );
  } catch {
    return false;
  }
}

function readPublicKey(publicKey: string): KeyObject {
  const text = publicKey.trim();
  const pem = text.startsWith("-----BEGIN") ? text : Buffer.from(text, "base64").toString("utf8");
  return createPublicKey(pem);
}

const chargeOf = z
  .object({ charge: z.object({ correlationID: z.string().min(1) }) })
  .transform((body) => body.charge.correlationID);
const refundSent = z
  .object({ refundTransaction: z.object({ endToEndId: z.string().min(1) }) })
  .transform((body) => body.refundTransaction.endToEndId);
// The deprecated event names the refund's transaction in `pix` (and its charge in `charge`).
const refundReceived = z
  .object({ pix: z.object({ endToEndId: z.string().min(1) }) })
  .transform((body) => body.pix.endToEndId);
// A dispute (a MED, or a chargeback at Woovi) names only the disputed payment's transaction.
const disputed = z
  .object({ dispute: z.object({ endToEndId: z.string().min(1) }) })
  .transform((body) => body.dispute.endToEndId);

/** A reading of one event: its type as the store keeps it, and where its subject's id is. */
type EventReading = [eventType: string, id: z.ZodType<string>];

/** Woovi's dispute events (a PIX MED), by the outcome their name ends with: the news each gives. */
const DISPUTE_NEWS: Record<string, DisputeNews> = {
  CREATED: { reason: "MED (PIX) — aberta no Woovi", opens: true },
  ACCEPTED: { reason: "MED (PIX) — aceita", opens: false },
  REJECTED: { reason: "MED (PIX) — rejeitada, encerrada", opens: false },
  CANCELED: { reason: "MED (PIX) — cancelada, encerrada", opens: false },
};

/** The news of a Woovi dispute event as it is kept (`dispute:OPENPIX:DISPUTE_CREATED`…); null for another one. */
export function wooviDisputeNews(eventType: string): DisputeNews | null {
  const outcome = /DISPUTE_([A-Z]+)$/.exec(eventType)?.[1];
  return (outcome && Object.hasOwn(DISPUTE_NEWS, outcome) && DISPUTE_NEWS[outcome]) || null;
}

const disputeEvents = Object.keys(DISPUTE_NEWS).flatMap((outcome) =>
  [`OPENPIX:DISPUTE_${outcome}`, `woovi:DISPUTE_${outcome}`].map((name): [string, EventReading] => [
    name,
    [`dispute:${name}`, disputed],
  ]),
);

/**
 * The events the store reads. A charge's are kept as the status they announce; a refund's and a
 * dispute's as their name, after `refund:` or `dispute:`. Woovi's list of events writes the
 * disputes' as `OPENPIX:DISPUTE_…` and its examples as `woovi:DISPUTE_…`: both are read.
 */
const EVENTS = new Map<string, EventReading>([
  ["OPENPIX:CHARGE_COMPLETED", ["COMPLETED", chargeOf]],
  ["OPENPIX:CHARGE_EXPIRED", ["EXPIRED", chargeOf]],
  ...["PIX_TRANSACTION_REFUND_SENT_CONFIRMED", "PIX_TRANSACTION_REFUND_SENT_REJECTED"].map(
    (name): [string, EventReading] => [name, [`refund:${name}`, refundSent]],
  ),
  ["OPENPIX:TRANSACTION_REFUND_RECEIVED", ["refund:OPENPIX:TRANSACTION_REFUND_RECEIVED", refundReceived]],
  ...disputeEvents,
]);

const eventName = z.object({ event: z.string().min(1) });
// What Woovi sends when a webhook is registered or tested from its dashboard; it may also carry
// `event: "OPENPIX:CHARGE_COMPLETED"`, without a charge.
const testPayload = z.object({ evento: z.literal("teste_webhook") });

/**
 * The event a webhook body announces, and what it is about (`chargeId`): a charge (its correlation
 * id), a refund the store sent (its PIX transaction's end-to-end id: Woovi's refund events carry
 * no correlation id), or a dispute (the disputed payment's end-to-end id, all its events carry).
 * Null when the body is not one Woovi would send.
 */
export function parseWooviEvent(rawBody: string): WooviEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (testPayload.safeParse(json).success) return IGNORED;
  const named = eventName.safeParse(json);
  if (!named.success) return null;
  const reading = EVENTS.get(named.data.event);
  if (!reading) return IGNORED;
  const [eventType, idOf] = reading;
  const id = idOf.safeParse(json);
  return id.success ? { eventType, chargeId: id.data } : null;
}
