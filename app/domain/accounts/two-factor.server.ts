import { lt, sql } from "drizzle-orm";
import QRCode from "qrcode";
import type { Database } from "../../db/client.server";
import { usedTotpCodes } from "../../db/schema.server";
import { callAuthEndpoint, cookieHeader, type AuthCall } from "./auth-endpoints.server";
import type { Outcome } from "../../lib/outcome";

/** Longer than a TOTP code can be valid (one 30 s step each side of now). */
const USED_CODE_MEMORY = sql`interval '5 minutes'`;

export type TwoFactorOutcome<T = object> = Outcome<{ headers: Headers } & T>;

const WRONG_PASSWORD = "Senha incorreta";

function failure(
  status: number,
  wrongPassword: string | null = WRONG_PASSWORD,
): { ok: false; message: string } {
  if (status === 429)
    return { ok: false, message: "Muitas tentativas. Aguarde um minuto e tente novamente." };
  if (status === 400 && wrongPassword) return { ok: false, message: wrongPassword };
  return { ok: false, message: "Não foi possível concluir. Tente novamente." };
}

/**
 * First step of enrolment: after the password, a secret (as a QR code) and backup codes. The
 * authenticator app lists the code under `storeName`, the store's name when enrolled.
 */
export async function startTwoFactorEnrolment(
  call: AuthCall,
  password: string,
  storeName: string,
): Promise<TwoFactorOutcome<{ qrCodeSvg: string; secret: string; backupCodes: string[] }>> {
  const result = await callAuthEndpoint<{ totpURI: string; backupCodes: string[] }>(
    call,
    "/two-factor/enable",
    {
      password,
    },
  );
  if (!result.body) return failure(result.status);
  const totpUri = issuedBy(result.body.totpURI, storeName);
  const secret = totpUri.searchParams.get("secret") ?? "";
  const qrCodeSvg = await QRCode.toString(totpUri.href, { type: "svg", margin: 1, width: 220 });
  return { ok: true, headers: result.headers, qrCodeSvg, secret, backupCodes: result.body.backupCodes };
}

/**
 * The auth library's `otpauth://totp/Issuer:account?issuer=…` URI under another issuer: its own
 * is fixed when the store starts, the store's name is the owner's to change.
 */
export function issuedBy(totpURI: string, issuer: string): URL {
  const uri = new URL(totpURI);
  const account = decodeURIComponent(uri.pathname.slice(1)).split(":").at(-1) ?? "";
  uri.pathname = `/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  uri.searchParams.set("issuer", issuer);
  return uri;
}

/**
 * Second step: a code from the app turns two-factor on. Other sessions end, since the account's
 * protection changed.
 */
export async function confirmTwoFactorEnrolment(
  db: Database,
  call: AuthCall,
  userId: string,
  code: string,
): Promise<TwoFactorOutcome> {
  const result = await callAuthEndpoint(call, "/two-factor/verify-totp", { code });
  if (!result.body) return { ok: false, message: "Código inválido ou expirado" };
  await claimTotpCode(db, userId, code);
  return endOtherSessions(call, result.headers);
}

export async function disableTwoFactor(call: AuthCall, password: string): Promise<TwoFactorOutcome> {
  const result = await callAuthEndpoint(call, "/two-factor/disable", { password });
  if (!result.body) return failure(result.status);
  return endOtherSessions(call, result.headers);
}

export async function changePassword(
  call: AuthCall,
  currentPassword: string,
  newPassword: string,
): Promise<TwoFactorOutcome> {
  const result = await callAuthEndpoint(call, "/change-password", {
    currentPassword,
    newPassword,
    revokeOtherSessions: true,
  });
  if (!result.body) return failure(result.status, "Senha atual incorreta");
  return { ok: true, headers: result.headers };
}

/** Ends every session but the one making this request (whose cookie may just have changed). */
async function endOtherSessions(call: AuthCall, headers: Headers): Promise<TwoFactorOutcome> {
  const cookie = cookieHeader(headers);
  const request = cookie ? new Request(call.request.url, { headers: { cookie } }) : call.request;
  await callAuthEndpoint({ ...call, request }, "/revoke-other-sessions", {});
  return { ok: true, headers };
}

/**
 * Marks a TOTP code as used by this user. False when it was already used: within its validity a
 * code is accepted once (the auth library alone would accept it again).
 */
export async function claimTotpCode(db: Database, userId: string, code: string): Promise<boolean> {
  await db.delete(usedTotpCodes).where(lt(usedTotpCodes.usedAt, sql`now() - ${USED_CODE_MEMORY}`));
  const claimed = await db
    .insert(usedTotpCodes)
    .values({ userId, code })
    .onConflictDoNothing()
    .returning({ code: usedTotpCodes.code });
  return claimed.length === 1;
}
