import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Env } from "./env.server";

/**
 * The sessions' signing secret: `AUTH_SECRET`, or one generated at the first start and kept in
 * `DATA_DIR/auth-secret` (readable by the owner only), so sessions survive restarts.
 */
export function resolveAuthSecret(env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.resolve(env.DATA_DIR, "auth-secret");
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
