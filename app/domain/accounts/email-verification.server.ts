import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import type { Database } from "../../db/client.server";
import { profiles, users } from "../../db/schema.server";
import type { MailStore } from "../../mail/layout";
import { consumeAttempt } from "../rate-limit.server";
import { mailEmailChanged } from "./account-mail.server";
import { callAuthEndpoint, getAuthEndpoint, type AuthCall } from "./auth-endpoints.server";
import type { Outcome } from "../../lib/outcome";

/** Links one account may be sent per hour, its sign-up's included: a mailbox is not flooded. */
const LINKS_PER_ACCOUNT = { windowSeconds: 60 * 60, max: 3 };

const TOO_MANY_LINKS = "Muitos pedidos de confirmação. Aguarde alguns minutos e tente novamente.";
export const INVALID_CONFIRMATION_LINK =
  "Este link de confirmação é inválido ou expirou. Peça um novo link em Minha Conta.";
const OTHER_ACCOUNT_LINK = "Este link é de outra conta. Saia da conta atual e abra o link de novo.";

export type LinkOutcome = Outcome<{ message: string }>;

/**
 * A link confirming the signed-in customer's own address (at sign-up and 'Reenviar e-mail').
 * `call` carries the customer's session; the auth library refuses an address already confirmed.
 */
export async function sendConfirmationLink(
  db: Database,
  call: AuthCall,
  user: { id: string; email: string },
): Promise<LinkOutcome> {
  if (!(await consumeAttempt(db, `email-confirmation|${user.id}`, LINKS_PER_ACCOUNT))) {
    return { ok: false, message: TOO_MANY_LINKS };
  }
  const result = await callAuthEndpoint(call, "/send-verification-email", { email: user.email });
  if (result.status === 429) return { ok: false, message: TOO_MANY_LINKS };
  if (result.code === "EMAIL_ALREADY_VERIFIED")
    return { ok: false, message: "Seu e-mail já está confirmado." };
  if (!result.body) return { ok: false, message: "Erro ao enviar o e-mail. Tente novamente." };
  return { ok: true, message: `Enviamos um novo link de confirmação para ${user.email}.` };
}

export type ConfirmationOutcome = Outcome<
  { confirmed: "address"; headers: Headers } | { confirmed: "change"; email: string; headers: Headers }
>;

interface ChangedUser {
  id: string;
  name: string;
  email: string;
}

/**
 * A link from an e-mail: confirms the account's address, or makes a requested new address the
 * account's. After a change, the profile follows, the new address counts as confirmed (the link
 * reached it) and the old one is told. A used, expired or altered link changes nothing.
 */
export async function confirmEmail(
  db: Database,
  call: AuthCall,
  /** Read only when an address changed, for the notice to the old one. */
  store: () => Promise<MailStore>,
  token: string,
): Promise<ConfirmationOutcome> {
  const result = await getAuthEndpoint<{ user: ChangedUser | null }>(call, "/verify-email", { token });
  if (result.code === "INVALID_USER") return { ok: false, message: OTHER_ACCOUNT_LINK };
  if (!result.body) return { ok: false, message: INVALID_CONFIRMATION_LINK };
  const changed = result.body.user;
  if (!changed) return { ok: true, confirmed: "address", headers: result.headers };

  // The auth library has checked the token's signature: its claims say which address was left.
  const { email: oldEmail } = decodeJwt(token) as { email: string };
  const settings = await store();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, changed.id));
    await tx.update(profiles).set({ email: changed.email }).where(eq(profiles.id, changed.id));
    await mailEmailChanged(tx, settings, {
      userId: changed.id,
      name: changed.name,
      oldEmail,
      newEmail: changed.email,
      changedAt: new Date(),
    });
  });
  return { ok: true, confirmed: "change", email: changed.email, headers: result.headers };
}
