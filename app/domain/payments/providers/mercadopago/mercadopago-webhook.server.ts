import { createHmac, timingSafeEqual } from "node:crypto";

/** A delivery signed longer ago than this is refused: it may be a recorded one played again. */
export const SIGNATURE_MAX_AGE_MS = 10 * 60_000;

export interface MercadoPagoSignedParts {
  /** The `x-signature` header: `ts=…,v1=…`. */
  signature: string | null;
  /** The `x-request-id` header. */
  requestId: string | null;
  /** The query string's `data.id`: the resource (a payment) the notification is about. */
  dataId: string | null;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;
const DIGITS = /^\d{1,16}$/;
const ALPHANUMERIC = /^[0-9a-z]+$/i;

/**
 * Whether a Mercado Pago webhook was signed with the application's secret, and recently: HMAC-SHA256
 * over `id:{data.id};request-id:{x-request-id};ts:{ts};` (a part whose value is missing is left
 * out, as Mercado Pago builds it), compared in constant time. An alphanumeric `data.id` is signed
 * lower-cased, as their documentation says. Never throws: anything unreadable is simply not valid.
 */
export function verifyMercadoPagoSignature(
  parts: MercadoPagoSignedParts,
  secret: string,
  now: number = Date.now(),
): boolean {
  if (!parts.signature || !parts.dataId || !secret) return false;
  const fields = new Map<string, string>();
  for (const pair of parts.signature.split(",")) {
    const [key = "", ...value] = pair.split("=");
    fields.set(key.trim().toLowerCase(), value.join("=").trim());
  }
  const ts = fields.get("ts") ?? "";
  const v1 = fields.get("v1") ?? "";
  if (!DIGITS.test(ts) || !HEX_SHA256.test(v1)) return false;
  if (!isRecent(Number(ts), now)) return false;
  const dataId = ALPHANUMERIC.test(parts.dataId) ? parts.dataId.toLowerCase() : parts.dataId;
  const requestId = parts.requestId?.trim();
  const manifest = `id:${dataId};${requestId ? `request-id:${requestId};` : ""}ts:${ts};`;
  const expected = createHmac("sha256", secret).update(manifest).digest();
  return timingSafeEqual(expected, Buffer.from(v1, "hex"));
}

/**
 * Mercado Pago's documentation shows `ts` in seconds, its SDKs' examples in milliseconds: a value
 * past the year 2286 in seconds is read as milliseconds. A signature from the future beyond the
 * same window is refused too (a clock far ahead would otherwise sign for tomorrow).
 */
function isRecent(ts: number, now: number): boolean {
  const signedAt = ts >= 1e10 ? ts : ts * 1000;
  return Math.abs(now - signedAt) <= SIGNATURE_MAX_AGE_MS;
}
