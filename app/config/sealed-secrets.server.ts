import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { resolveAuthSecret } from "./auth-secret.server";
import type { Env } from "./env.server";

const VERSION = "v1";

/**
 * Seals credentials the store keeps for another service (Bling's tokens) with AES-256-GCM, under
 * a key derived from the store's secret (`AUTH_SECRET` or the one in `DATA_DIR`): a copy of the
 * database alone opens nothing, and a sealed value changed by one bit does not open at all.
 * `purpose` gives each kind of secret its own key.
 */
export function sealedSecrets(env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">, purpose: string) {
  const key = Buffer.from(hkdfSync("sha256", resolveAuthSecret(env), "vitrine", purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
    },
    /** The plain value; throws when it was sealed with another secret or altered. */
    open(stored: string): string {
      const [version, iv, tag, sealed] = stored.split(".");
      if (version !== VERSION || !iv || !tag || sealed === undefined)
        throw new Error("Segredo em formato desconhecido");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}
