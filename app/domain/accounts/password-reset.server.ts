import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { verifications } from "../../db/schema.server";
import { consumeAttempt } from "../rate-limit.server";
import { INVALID_RESET_LINK } from "./password-reset-messages";
import { callAuthEndpoint, type AuthCall } from "./auth-endpoints.server";
import type { Outcome } from "../../lib/outcome";

/** Links one e-mail address may be sent per hour, whoever asks: a mailbox is not flooded. */
const RESET_REQUESTS_PER_ADDRESS = { windowSeconds: 60 * 60, max: 3 };

const TOO_MANY_REQUESTS = "Muitos pedidos de redefinição. Aguarde alguns minutos e tente novamente.";

export type ResetOutcome = Outcome;

/**
 * 'Esqueci minha senha': better-auth makes the single-use token and calls `mailPasswordReset`.
 * Limited per client (better-auth's own count for the path) and per address (ours).
 */
export async function requestPasswordReset(
  db: Database,
  call: AuthCall,
  email: string,
): Promise<ResetOutcome> {
  if (!(await consumeAttempt(db, `password-reset|${email}`, RESET_REQUESTS_PER_ADDRESS))) {
    return { ok: false, message: TOO_MANY_REQUESTS };
  }
  const result = await callAuthEndpoint(call, "/request-password-reset", { email });
  if (result.status === 429) return { ok: false, message: TOO_MANY_REQUESTS };
  return { ok: true };
}

/** The link's page: whether its token can still set a password (unknown, used or expired: no). */
export async function resetLinkIsValid(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(eq(verifications.identifier, resetIdentifier(token)), gt(verifications.expiresAt, new Date())),
    );
  return row !== undefined;
}

/** Sets the new password; the token is spent and every session of the account ends. */
export async function resetPassword(
  call: AuthCall,
  token: string,
  newPassword: string,
): Promise<ResetOutcome> {
  const result = await callAuthEndpoint(call, "/reset-password", { token, newPassword });
  if (result.status === 429) return { ok: false, message: TOO_MANY_REQUESTS };
  if (!result.body) return { ok: false, message: INVALID_RESET_LINK };
  return { ok: true };
}

const resetIdentifier = (token: string) => `reset-password:${token}`;
