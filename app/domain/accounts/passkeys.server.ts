import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { passkeys, verifications } from "../../db/schema.server";
import { formatDate, formatDateTime } from "../../lib/dates";
import {
  callAuthEndpoint,
  confirmPassword,
  getAuthEndpoint,
  TOO_MANY_ATTEMPTS,
  type AuthCall,
  type AuthResult,
} from "./auth-endpoints.server";
import type { PasskeySummary } from "./passkey";
import { signedAuthCookie } from "./session.server";
import type { AuthOutcome } from "./sign-in.server";
import type { Outcome } from "../../lib/outcome";

export type PasskeyOutcome<T = object> = Outcome<{ headers: Headers } & T>;

const SIGN_IN_REFUSED = "Não foi possível entrar com a passkey. Tente novamente ou entre com sua senha.";
const ADD_REFUSED = "Não foi possível adicionar a passkey. Tente novamente.";

/** The customer's passkeys, oldest first. */
export async function listPasskeys(db: Database, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name || "Passkey",
    createdOn: formatDate(row.createdAt),
    lastUsed: row.lastUsedAt ? formatDateTime(row.lastUsedAt) : null,
  }));
}

/**
 * Options for the browser to create a passkey for the signed-in customer; the challenge is kept
 * by the auth library against a cookie that comes back with the answer.
 */
export async function passkeyRegistrationOptions(
  call: AuthCall,
): Promise<PasskeyOutcome<{ options: Record<string, unknown> }>> {
  const result = await getAuthEndpoint<Record<string, unknown>>(
    call,
    "/passkey/generate-register-options",
    {},
  );
  if (result.status === 429) return { ok: false, message: TOO_MANY_ATTEMPTS };
  if (result.code === "SESSION_NOT_FRESH") {
    return { ok: false, message: "Por segurança, saia e entre de novo para adicionar uma passkey." };
  }
  if (!result.body) return { ok: false, message: ADD_REFUSED };
  return { ok: true, headers: result.headers, options: result.body };
}

/** Saves the passkey the browser created, once its answer matches the challenge. */
export async function addPasskey(call: AuthCall, name: string, response: unknown): Promise<PasskeyOutcome> {
  const result = await callAuthEndpoint(call, "/passkey/verify-registration", { name, response });
  if (result.status === 429) return { ok: false, message: TOO_MANY_ATTEMPTS };
  if (!result.body) return { ok: false, message: ADD_REFUSED };
  return { ok: true, headers: result.headers };
}

/** Options for the browser to sign in with any passkey of this store (a discoverable credential). */
export async function passkeySignInOptions(
  call: AuthCall,
): Promise<PasskeyOutcome<{ options: Record<string, unknown> }>> {
  const result = await getAuthEndpoint<Record<string, unknown>>(
    call,
    "/passkey/generate-authenticate-options",
    {},
  );
  if (result.status === 429) return { ok: false, message: TOO_MANY_ATTEMPTS };
  if (!result.body) return { ok: false, message: SIGN_IN_REFUSED };
  // Asked of the browser as it is enforced: the person is verified on the device (decision 0015).
  return { ok: true, headers: result.headers, options: { ...result.body, userVerification: "required" } };
}

/**
 * Signs in with a passkey's answer to the challenge of this browser's cookie. No second factor is
 * asked: the passkey is one (the device, and the person verified on it).
 */
export async function signInWithPasskey(
  db: Database,
  call: AuthCall,
  response: unknown,
): Promise<AuthOutcome> {
  const result: AuthResult<{ user?: { id: string } }> = await callAuthEndpoint(
    call,
    "/passkey/verify-authentication",
    { response },
  );
  if (result.status === 429) return { ok: false, message: TOO_MANY_ATTEMPTS };
  const userId = result.body?.user?.id;
  const credentialId = credentialIdOf(response);
  if (!userId || !credentialId) return { ok: false, message: SIGN_IN_REFUSED };
  await db
    .update(passkeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.credentialID, credentialId), eq(passkeys.userId, userId)));
  return { ok: true, headers: result.headers };
}

/**
 * 'Usar passkey' on the second step of a password sign-in, instead of the code: only a passkey of
 * the account whose password was just given is accepted.
 */
export async function secondFactorWithPasskey(
  db: Database,
  call: AuthCall,
  response: unknown,
): Promise<AuthOutcome> {
  const pending = await pendingSecondFactor(db, call);
  if (!pending) return { ok: false, message: "Sua verificação expirou. Entre novamente com e-mail e senha." };
  const credentialId = credentialIdOf(response);
  const [owner] = credentialId
    ? await db
        .select({ userId: passkeys.userId })
        .from(passkeys)
        .where(eq(passkeys.credentialID, credentialId))
    : [];
  if (owner?.userId !== pending.userId) {
    return { ok: false, message: "Esta passkey não é desta conta." };
  }
  const outcome = await signInWithPasskey(db, call, response);
  if (outcome.ok) await db.delete(verifications).where(eq(verifications.identifier, pending.identifier));
  return outcome;
}

/** Whose password was just accepted, by the two-factor plugin's cookie and record. */
async function pendingSecondFactor(db: Database, call: AuthCall) {
  const identifier = await signedAuthCookie(
    call.auth,
    call.request.headers.get("cookie") ?? "",
    "two_factor",
  );
  if (!identifier) return null;
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, sql`now()`)));
  return row ? { identifier, userId: row.userId } : null;
}

function credentialIdOf(response: unknown): string | null {
  if (typeof response !== "object" || response === null || !("id" in response)) return null;
  return typeof response.id === "string" ? response.id : null;
}

/** Removes one of the customer's own passkeys, after the password is confirmed. */
export async function removePasskey(
  db: Database,
  call: AuthCall,
  userId: string,
  passkeyId: string,
  password: string,
): Promise<PasskeyOutcome> {
  const check = await confirmPassword(call, password);
  if (!check.ok) return check;
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) return { ok: false, message: "Passkey não encontrada" };
  return { ok: true, headers: check.headers };
}
