import { createPublicKey, verify, type KeyObject } from "node:crypto";
import { z } from "zod";

export type WooviEvent =
  { event: "OPENPIX:CHARGE_COMPLETED" | "OPENPIX:CHARGE_EXPIRED"; chargeId: string } | { event: "ignored" };

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

const CHARGE_EVENTS = ["OPENPIX:CHARGE_COMPLETED", "OPENPIX:CHARGE_EXPIRED"] as const;

const chargeEventName = z.object({ event: z.enum(CHARGE_EVENTS) });
const chargeEvent = chargeEventName.extend({
  charge: z.object({ correlationID: z.string().min(1) }),
});
const otherEvent = z.object({ event: z.string().min(1) });
// What Woovi sends when a webhook is registered or tested from its dashboard; it may also carry
// `event: "OPENPIX:CHARGE_COMPLETED"`, without a charge.
const testPayload = z.object({ evento: z.literal("teste_webhook") });

/** The charge event a webhook body announces; null when the body is not one Woovi would send. */
export function parseWooviEvent(rawBody: string): WooviEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (testPayload.safeParse(json).success) return { event: "ignored" };
  if (chargeEventName.safeParse(json).success) {
    const parsed = chargeEvent.safeParse(json);
    return parsed.success ? { event: parsed.data.event, chargeId: parsed.data.charge.correlationID } : null;
  }
  return otherEvent.safeParse(json).success ? { event: "ignored" } : null;
}
