import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { users } from "../../db/schema.server";
import { emailChangedMail, emailConfirmationMail, passwordResetMail } from "../../mail/account-mail";
import type { MailStore } from "../../mail/layout";
import { queueMail } from "../../mail/outbox.server";

/** How long a password reset link is valid: one hour. */
export const RESET_LINK_SECONDS = 60 * 60;
/** How long a link confirming an e-mail address is valid: a day. */
export const EMAIL_LINK_SECONDS = 24 * 60 * 60;

export interface AccountMailDeps {
  db: Database;
  /** The store's public origin: links open our own pages, not the auth library's. */
  baseURL: string;
  /** The owner's settings as they are now, read for each e-mail: a change shows without a restart. */
  store: () => Promise<MailStore>;
}

/** The page a link opens, absolute, with its token. */
function linkTo(deps: AccountMailDeps, page: string, token: string): string {
  return new URL(`${page}?token=${encodeURIComponent(token)}`, deps.baseURL).href;
}

/** Queues the 'Esqueci minha senha' e-mail (sent by the outbox, retried if the mail server fails). */
export async function mailPasswordReset(
  deps: AccountMailDeps,
  user: { email: string; name: string },
  token: string,
): Promise<void> {
  const mail = passwordResetMail({
    customerName: user.name,
    resetUrl: linkTo(deps, "/auth/reset-password", token),
    store: await deps.store(),
    validMinutes: RESET_LINK_SECONDS / 60,
  });
  await queueMail(deps.db, { dedupeKey: `reset-password:${token}`, to: user.email, ...mail });
}

/**
 * Queues the link that confirms `user.email`. The auth library asks for it for an account's own
 * address, and for the new address of an e-mail change, which is not the account's until then.
 */
export async function mailEmailConfirmation(
  deps: AccountMailDeps,
  user: { id: string; email: string; name: string },
  token: string,
): Promise<void> {
  const [account] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  const mail = emailConfirmationMail({
    customerName: user.name,
    confirmUrl: linkTo(deps, "/auth/verify-email", token),
    store: await deps.store(),
    validMinutes: EMAIL_LINK_SECONDS / 60,
    purpose: account?.email === user.email ? "account" : "change",
  });
  // Two links asked for within a second carry the same token, and each is a message of its own.
  await queueMail(deps.db, { dedupeKey: `verify-email:${randomUUID()}`, to: user.email, ...mail });
}

/** Tells the old address that the account now uses another one, in the change's transaction. */
export async function mailEmailChanged(
  tx: Transaction,
  store: MailStore,
  change: { userId: string; name: string; oldEmail: string; newEmail: string; changedAt: Date },
): Promise<void> {
  const mail = emailChangedMail({
    customerName: change.name,
    newEmail: change.newEmail,
    changedAt: change.changedAt,
    store,
  });
  await queueMail(tx, {
    dedupeKey: `email-changed:${change.userId}:${change.changedAt.toISOString()}`,
    to: change.oldEmail,
    ...mail,
  });
}
