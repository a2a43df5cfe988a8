import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Env } from "./env.server";

/** Where a store without `AUTH_SECRET` keeps the secret it generated: in its data, backed up with it. */
export function authSecretFile(dataDir: string): string {
  return path.resolve(dataDir, "auth-secret");
}

/**
 * The sessions' signing secret: `AUTH_SECRET`, or one generated at the first start and kept in
 * `DATA_DIR/auth-secret` (readable by the owner only), so sessions survive restarts. It also
 * encrypts the two-factor secrets: a store's data is of no use to its customers without it.
 */
export function resolveAuthSecret(env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = authSecretFile(env.DATA_DIR);
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  // "wx": if another process created it meanwhile, fail rather than overwrite its secret.
  writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}
