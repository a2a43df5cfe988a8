import { eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Env } from "../../config/env.server";
import { signedLinks, type LinkCheck } from "../../config/signed-links.server";
import type { Database } from "../../db/client.server";
import { marketingOptOuts, type MARKETING_OPT_OUT_SOURCES } from "../../db/schema.server";

type OptOutSource = (typeof MARKETING_OPT_OUT_SOURCES)[number];
export type LinkEnv = Pick<Env, "AUTH_SECRET" | "DATA_DIR">;

/** Where a marketing e-mail's unsubscribe link leads: a page, and its one-click POST (RFC 8058). */
const UNSUBSCRIBE_PATH = "/email/descadastrar";
/** An unsubscribe link keeps working for a year after its e-mail was written. */
const UNSUBSCRIBE_DAYS = 365;

export const CONSENT_MESSAGES = {
  optedOut: "Pronto: você não receberá mais lembretes nem pedidos de avaliação por e-mail.",
  optedIn: "Pronto: você voltará a receber lembretes e pedidos de avaliação por e-mail.",
  altered: "Este link de descadastro foi alterado ou está incompleto: nada foi mudado.",
  expired: "Este link de descadastro expirou: nada foi mudado.",
} as const;

const unsubscribeLinks = (env: LinkEnv) => signedLinks(env, "unsubscribe");

/**
 * What a marketing e-mail to this customer carries to let them leave with one click: the link for
 * its footer, and the `List-Unsubscribe` headers mail clients show as 'Cancelar inscrição'.
 */
export function unsubscribeOf(env: LinkEnv, storeUrl: string, userId: string, now = new Date()) {
  const token = unsubscribeLinks(env).sign(userId, new Date(now.getTime() + UNSUBSCRIBE_DAYS * 86_400_000));
  const url = `${storeUrl}${UNSUBSCRIBE_PATH}?t=${token}`;
  return {
    url,
    headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** The customer an unsubscribe link was written for, or why it cannot be used. */
export function checkUnsubscribeToken(env: LinkEnv, token: string): LinkCheck {
  return unsubscribeLinks(env).check(token);
}

/** No more marketing e-mails for the customer, from now; asking again changes nothing. */
export async function optOut(db: Database, userId: string, source: OptOutSource): Promise<void> {
  await db.insert(marketingOptOuts).values({ userId, source }).onConflictDoNothing();
}

/** The customer takes marketing e-mails again. */
export async function optIn(db: Database, userId: string): Promise<void> {
  await db.delete(marketingOptOuts).where(eq(marketingOptOuts.userId, userId));
}

export async function receivesMarketing(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: marketingOptOuts.userId })
    .from(marketingOptOuts)
    .where(eq(marketingOptOuts.userId, userId));
  return !row;
}

/** The SQL condition that the customer in `userId` has not opted out, for a query that sends. */
export function acceptsMarketing(userId: AnyPgColumn): SQL {
  return sql`not exists (select 1 from ${marketingOptOuts} where ${marketingOptOuts.userId} = ${userId})`;
}
