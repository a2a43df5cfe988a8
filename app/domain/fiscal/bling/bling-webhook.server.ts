import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Whether a webhook came from Bling: its `X-Bling-Signature-256` header is `sha256=` and the hex
 * HMAC-SHA256 of the raw body (as received, before any parse) keyed with the app's client secret.
 */
export function verifyBlingSignature(
  rawBody: string,
  signatureHeader: string | undefined,
  clientSecret: string,
): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(signatureHeader?.trim() ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", clientSecret).update(rawBody, "utf8").digest();
  const given = Buffer.from(match[1]!, "hex");
  // Same length by the pattern; timingSafeEqual would throw otherwise.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
