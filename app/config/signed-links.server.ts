import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { resolveAuthSecret } from "./auth-secret.server";
import type { Env } from "./env.server";

export type LinkCheck = { ok: true; subject: string } | { ok: false; reason: "altered" | "expired" };

/**
 * Tokens for links the store sends by e-mail (an unsubscribe, a cart to restore): a subject (a
 * customer's id, a cart's) and an expiry, signed with HMAC-SHA256 under a key derived from the
 * store's secret. `purpose` gives each kind of link its own key, so one kind's token opens nothing
 * of another. A token changed by one character no longer checks.
 */
export function signedLinks(env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">, purpose: string) {
  const key = Buffer.from(hkdfSync("sha256", resolveAuthSecret(env), "vitrine-links", purpose, 32));
  const signatureOf = (payload: string) => createHmac("sha256", key).update(payload).digest();
  return {
    sign(subject: string, expiresAt: Date): string {
      const payload = `${Buffer.from(subject, "utf8").toString("base64url")}.${expiresAt.getTime().toString(36)}`;
      return `${payload}.${signatureOf(payload).toString("base64url")}`;
    },
    check(token: string, now = new Date()): LinkCheck {
      const [subject, expiry, signature] = token.split(".");
      if (!subject || !expiry || !signature) return { ok: false, reason: "altered" };
      // Compared as text: base64url decoding ignores the last character's spare bits, so two
      // spellings of one signature would otherwise both pass.
      const expected = Buffer.from(signatureOf(`${subject}.${expiry}`).toString("base64url"));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: "altered" };
      }
      if (parseInt(expiry, 36) <= now.getTime()) return { ok: false, reason: "expired" };
      return { ok: true, subject: Buffer.from(subject, "base64url").toString("utf8") };
    },
  };
}
