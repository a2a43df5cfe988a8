import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { sealedSecrets } from "../../../config/sealed-secrets.server";
import type { Env } from "../../../config/env.server";
import type { Database } from "../../../db/client.server";
import { blingConnection } from "../../../db/schema.server";
import type { Logger } from "../../../config/logger.server";
import type { Outcome } from "../../../lib/outcome";
import { recordAdminWrite, type AdminActor } from "../../audit/audit.server";
import { BLING_NO_APP, type BlingOptions, type BlingReturn } from "./bling-settings";
import {
  blingAuthorizeUrl,
  exchangeBlingCode,
  refreshBlingTokens,
  type BlingApp,
  type BlingTokens,
} from "./bling-oauth.server";

/**
 * The store's Bling account (issue 54, point 1): the owner's Bling application ('aplicativo
 * privado': client id and secret), its authorisation at Bling (OAuth code) and the tokens that
 * follow, sealed at rest and renewed before Bling's own `expires_in` runs out.
 */

/** What the admin's settings show of the connection: never a secret or a token. */
export interface BlingConnectionState {
  clientId: string | null;
  connectedAt: Date | null;
  options: BlingOptions;
}

const optionColumns = {
  pixPaymentFormId: blingConnection.pixPaymentFormId,
  cardPaymentFormId: blingConnection.cardPaymentFormId,
  boletoPaymentFormId: blingConnection.boletoPaymentFormId,
  cancelledSituationId: blingConnection.cancelledSituationId,
  issueInvoices: blingConnection.issueInvoices,
};

const NO_OPTIONS: BlingOptions = {
  pixPaymentFormId: null,
  cardPaymentFormId: null,
  boletoPaymentFormId: null,
  cancelledSituationId: null,
  issueInvoices: false,
};

export type BlingEnv = Pick<Env, "AUTH_SECRET" | "DATA_DIR" | "BLING_API_URL">;

/** How long an authorisation started at Bling may take to come back. */
const AUTHORIZATION_MINUTES = 15;
/** A token that ends sooner than this is renewed before use. */
const RENEW_BEFORE_MS = 5 * 60 * 1000;

export const BLING_MESSAGES = {
  noApp: "Salve o Client ID e o Client Secret do aplicativo do Bling antes de conectar",
  badReturn: "A autorização do Bling não confere ou expirou: clique em 'Conectar ao Bling' de novo",
  refused: "A conexão com o Bling não foi autorizada",
  exchangeFailed:
    "O Bling não confirmou a autorização: confira o Client ID e o Client Secret e tente de novo",
};

const secrets = (env: BlingEnv) => sealedSecrets(env, "bling");
const hashOf = (state: string) => createHash("sha256").update(state).digest();

export async function blingConnectionState(db: Database): Promise<BlingConnectionState> {
  const [row] = await db
    .select({
      clientId: blingConnection.clientId,
      connectedAt: blingConnection.connectedAt,
      options: optionColumns,
    })
    .from(blingConnection);
  return {
    clientId: row?.clientId ?? null,
    connectedAt: row?.connectedAt ?? null,
    options: row?.options ?? NO_OPTIONS,
  };
}

/** The hand-off's options, as the job reads them. */
export async function blingOptions(db: Database): Promise<BlingOptions> {
  const [row] = await db.select(optionColumns).from(blingConnection);
  return row ?? NO_OPTIONS;
}

/** The forms of payment and the NF-e option, once the application is saved. */
export async function saveBlingOptions(
  db: Database,
  actor: AdminActor,
  options: BlingOptions,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(optionColumns).from(blingConnection);
    if (!before) return { ok: false, message: BLING_NO_APP };
    await tx.update(blingConnection).set({ ...options, updatedAt: new Date() });
    await recordAdminWrite(tx, actor, {
      action: "bling.options",
      targetType: "bling",
      targetId: "bling",
      before,
      after: options,
    });
    return { ok: true };
  });
}

/**
 * The owner's Bling application. Another application (or a new secret) ends the connection made
 * with the one before: its tokens were granted to that one.
 */
export async function saveBlingApp(
  db: Database,
  env: BlingEnv,
  actor: AdminActor,
  app: { clientId: string; clientSecret: string },
): Promise<void> {
  const row = {
    clientId: app.clientId,
    clientSecret: secrets(env).seal(app.clientSecret),
    ...NOT_CONNECTED,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ clientId: blingConnection.clientId }).from(blingConnection);
    await tx.insert(blingConnection).values(row).onConflictDoUpdate({ target: blingConnection.id, set: row });
    await recordAdminWrite(tx, actor, {
      action: "bling.app",
      targetType: "bling",
      targetId: "bling",
      before: before ?? null,
      after: { clientId: app.clientId },
    });
  });
}

const NOT_CONNECTED = {
  accessToken: null,
  refreshToken: null,
  accessExpiresAt: null,
  connectedAt: null,
  pendingStateHash: null,
  pendingUserId: null,
  pendingExpiresAt: null,
};

/**
 * Where to send the admin to authorise the store at Bling. The state it carries is kept hashed,
 * for this admin and a few minutes: the answer that comes back must bring it.
 */
export async function startBlingAuthorization(
  db: Database,
  env: BlingEnv,
  userId: string,
  now = new Date(),
): Promise<Outcome<{ url: string }>> {
  const app = await savedApp(db, env);
  if (!app) return { ok: false, message: BLING_NO_APP };
  const state = randomBytes(32).toString("base64url");
  await db.update(blingConnection).set({
    pendingStateHash: hashOf(state).toString("hex"),
    pendingUserId: userId,
    pendingExpiresAt: new Date(now.getTime() + AUTHORIZATION_MINUTES * 60 * 1000),
  });
  return { ok: true, url: blingAuthorizeUrl(app, state) };
}

/**
 * Bling's answer to the authorisation: its code traded for the account's tokens, once, and only
 * when it carries the state this admin was sent with, in time. Answers how it went.
 */
export async function finishBlingAuthorization(
  db: Database,
  env: BlingEnv,
  logger: Logger,
  actor: AdminActor & { id: string },
  answer: { code: string | null; state: string | null; error: string | null },
  now = new Date(),
): Promise<BlingReturn> {
  const [row] = await db.select().from(blingConnection);
  if (!row?.pendingStateHash || !answer.state || !matchesPending(row, actor.id, answer.state, now)) {
    return "estado";
  }
  // One use: a state that came back once is spent, whatever follows.
  await db
    .update(blingConnection)
    .set({ pendingStateHash: null, pendingUserId: null, pendingExpiresAt: null })
    .where(eq(blingConnection.pendingStateHash, row.pendingStateHash));
  if (answer.error || !answer.code) return "recusado";
  let tokens: BlingTokens;
  try {
    tokens = await exchangeBlingCode(appOf(env, row), answer.code);
  } catch (error) {
    logger.warn({ err: error }, "Bling recusou a troca do código de autorização");
    return "falhou";
  }
  await db.transaction(async (tx) => {
    await tx.update(blingConnection).set({
      ...sealedTokens(env, tokens),
      connectedAt: now,
      ordersSince: sql`coalesce(${blingConnection.ordersSince}, ${now})`,
      updatedAt: now,
    });
    await recordAdminWrite(tx, actor, {
      action: "bling.connect",
      targetType: "bling",
      targetId: "bling",
      before: { connected: row.connectedAt !== null },
      after: { connected: true },
    });
  });
  return "conectado";
}

function matchesPending(
  row: typeof blingConnection.$inferSelect,
  userId: string,
  state: string,
  now: Date,
): boolean {
  const expected = Buffer.from(row.pendingStateHash!, "hex");
  return (
    row.pendingUserId === userId &&
    row.pendingExpiresAt !== null &&
    row.pendingExpiresAt > now &&
    timingSafeEqual(hashOf(state), expected)
  );
}

/** The store stops acting on the Bling account; the application stays saved to connect again. */
export async function disconnectBling(db: Database, actor: AdminActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ connectedAt: blingConnection.connectedAt }).from(blingConnection);
    if (!row?.connectedAt) return;
    await tx.update(blingConnection).set({ ...NOT_CONNECTED, updatedAt: new Date() });
    await recordAdminWrite(tx, actor, {
      action: "bling.disconnect",
      targetType: "bling",
      targetId: "bling",
      before: { connected: true },
      after: { connected: false },
    });
  });
}

/**
 * The account's access token for a call to Bling, renewed first when it ends within minutes;
 * null while the store is not connected. Renewal spends the refresh token (Bling's is single
 * use): when two processes renew at once, the one whose renewal Bling refuses takes the other's.
 */
export async function blingAccessToken(
  db: Database,
  env: BlingEnv,
  now = new Date(),
): Promise<string | null> {
  const [row] = await db.select().from(blingConnection);
  if (!row?.accessToken || !row.refreshToken || !row.accessExpiresAt) return null;
  const box = secrets(env);
  if (row.accessExpiresAt.getTime() - now.getTime() > RENEW_BEFORE_MS) return box.open(row.accessToken);
  let tokens: BlingTokens;
  try {
    tokens = await refreshBlingTokens(appOf(env, row), box.open(row.refreshToken));
  } catch (error) {
    const [current] = await db.select().from(blingConnection);
    if (current?.refreshToken && current.refreshToken !== row.refreshToken)
      return box.open(current.accessToken!);
    throw error;
  }
  await db
    .update(blingConnection)
    .set({ ...sealedTokens(env, tokens), updatedAt: now })
    .where(and(eq(blingConnection.id, true), eq(blingConnection.refreshToken, row.refreshToken)));
  return tokens.accessToken;
}

async function savedApp(db: Database, env: BlingEnv): Promise<BlingApp | null> {
  const [row] = await db.select().from(blingConnection);
  return row ? appOf(env, row) : null;
}

function appOf(env: BlingEnv, row: typeof blingConnection.$inferSelect): BlingApp {
  return {
    apiUrl: env.BLING_API_URL,
    clientId: row.clientId,
    clientSecret: secrets(env).open(row.clientSecret),
  };
}

function sealedTokens(env: BlingEnv, tokens: BlingTokens) {
  const box = secrets(env);
  return {
    accessToken: box.seal(tokens.accessToken),
    refreshToken: box.seal(tokens.refreshToken),
    accessExpiresAt: tokens.expiresAt,
  };
}

/** The application's client secret, which signs Bling's webhooks; null while the store is not connected. */
export async function blingWebhookSecret(db: Database, env: BlingEnv): Promise<string | null> {
  const [row] = await db
    .select({ clientSecret: blingConnection.clientSecret, connectedAt: blingConnection.connectedAt })
    .from(blingConnection);
  return row?.connectedAt ? secrets(env).open(row.clientSecret) : null;
}
