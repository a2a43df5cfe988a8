import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Logger } from "../../../config/logger.server";
import { claimDue } from "../../../db/claim-due.server";
import type { Database } from "../../../db/client.server";
import { blingConnection, blingOrders, orders } from "../../../db/schema.server";
import type { Outcome } from "../../../lib/outcome";
import { recordAdminWrite, type AdminActor } from "../../audit/audit.server";
import { findOrderDetails } from "../../orders/order-details.server";
import { ProviderError } from "../../payments/provider-http.server";
import type { BlingApi } from "./bling-api.server";
import { BlingRateLimited } from "./bling-http.server";
import { blingOptions } from "./bling-connection.server";
import type { BlingOptions } from "./bling-settings";
import { blingContactOf, blingSalesOrderOf } from "./bling-sale.server";

/**
 * Each paid order goes to Bling once as a 'pedido de venda' (issue 54, point 2), by the store's
 * Bling job (bling-job.server.ts): the orders paid since the store first connected are queued,
 * claimed a few at a time (several processes share the work: `claimDue`), and sent. Bling is
 * asked first whether it already has the order (`numeroLoja`): a retry after a lost answer, or
 * two processes, never make a second sales order.
 */

const BATCH = 5;
/** How long a claimed order waits before another process may try it (one try's calls, paced). */
const LEASE_MS = 2 * 60_000;
/** Tries without Bling's answer (no answer, 5xx) before the order waits for the admin. */
export const MAX_BLING_ATTEMPTS = 8;

/** The order's hand-off as the admin's order page shows it; null before it is queued. */
export interface BlingOrderState {
  state: "waiting" | "sent" | "failed";
  salesOrderId: number | null;
  lastError: string | null;
  sentAt: Date | null;
}

export async function blingOrderState(db: Database, orderId: string): Promise<BlingOrderState | null> {
  const [row] = await db
    .select({
      state: blingOrders.state,
      salesOrderId: blingOrders.salesOrderId,
      lastError: blingOrders.lastError,
      sentAt: blingOrders.sentAt,
    })
    .from(blingOrders)
    .where(eq(blingOrders.orderId, orderId));
  return row ?? null;
}

/** Sends the paid orders due. */
export async function sendPaidOrders(
  deps: { db: Database; logger: Logger },
  api: BlingApi,
  now = new Date(),
): Promise<void> {
  const { db } = deps;
  await queuePaidOrders(db, now);
  const options = await blingOptions(db);
  const claimed = await claimDue(db, blingOrders, {
    key: [blingOrders.orderId],
    due: and(eq(blingOrders.state, "waiting"), lte(blingOrders.nextAttemptAt, now)),
    order: asc(blingOrders.nextAttemptAt),
    batch: BATCH,
    lease: { nextAttemptAt: new Date(now.getTime() + LEASE_MS) },
    returning: { orderId: blingOrders.orderId, attempts: blingOrders.attempts },
  });
  for (const { orderId, attempts } of claimed) {
    try {
      const salesOrderId = await handOff(db, api, orderId, options);
      await db
        .update(blingOrders)
        .set({ state: "sent", salesOrderId, sentAt: now, lastError: null, updatedAt: now })
        .where(eq(blingOrders.orderId, orderId));
    } catch (error) {
      await recordFailure(deps, orderId, attempts, error, now);
      // Bling asked to slow down: the other claimed orders wait for their leases to run out.
      if (error instanceof BlingRateLimited) break;
    }
  }
}

/** The orders paid since the store first connected, not cancelled, not yet queued: due `now`. */
async function queuePaidOrders(db: Database, now: Date): Promise<void> {
  await db.execute(sql`
    insert into ${blingOrders} (order_id, next_attempt_at)
    select ${orders.id}, ${now} from ${orders}, ${blingConnection}
    where ${orders.paidAt} >= ${blingConnection.ordersSince} and ${orders.status} <> 'cancelled'
      and not exists (select from ${blingOrders} where ${blingOrders.orderId} = ${orders.id})
    on conflict do nothing`);
}

/**
 * The sales order Bling has for the order, or the one made now with its contact; with the
 * option on, its NF-e generated and transmitted unless it has one already. Each step looks
 * before it writes, so a retry after any failure picks up where the last try stopped.
 */
async function handOff(db: Database, api: BlingApi, orderId: string, options: BlingOptions): Promise<number> {
  const salesOrderId =
    (await api.findSalesOrderByStoreNumber(orderId)) ?? (await createSalesOrder(db, api, orderId, options));
  if (options.issueInvoices && (await api.findSalesOrderInvoice(salesOrderId)) === null) {
    await api.sendInvoice(await api.generateInvoice(salesOrderId));
  }
  return salesOrderId;
}

async function createSalesOrder(db: Database, api: BlingApi, orderId: string, options: BlingOptions) {
  const [order, [row]] = await Promise.all([
    findOrderDetails(db, orderId),
    db.select({ freight: orders.freight }).from(orders).where(eq(orders.id, orderId)),
  ]);
  if (!order || !row) throw new Error("Pedido não encontrado");
  const contactId =
    (await api.findContactByDocument(order.customerTaxId)) ??
    (await api.createContact(blingContactOf(order)));
  return api.createSalesOrder(blingSalesOrderOf(order, row.freight ?? null, contactId, options));
}

/**
 * A try that failed: Bling's refusal waits for the admin ('Reenviar ao Bling'); a 429 waits as
 * long as Bling asked; no answer or a 5xx is tried again later, each time later, and after
 * `MAX_BLING_ATTEMPTS` waits for the admin too. The message kept names Bling, the call and the
 * status, or Bling's own words on a refusal: never a token or an answer's body.
 */
async function recordFailure(
  deps: { db: Database; logger: Logger },
  orderId: string,
  attempts: number,
  error: unknown,
  now: Date,
) {
  const later = (ms: number) => new Date(now.getTime() + ms);
  let change: Partial<typeof blingOrders.$inferInsert>;
  if (error instanceof BlingRateLimited) {
    change = {
      nextAttemptAt: later(error.retryAfterSeconds * 1000),
      lastError: "O Bling pediu para esperar (limite de requisições): a loja tenta de novo sozinha",
    };
  } else if (error instanceof ProviderError && error.refusal) {
    change = { state: "failed", lastError: `O Bling recusou o pedido: ${error.refusal}` };
  } else {
    if (!(error instanceof ProviderError))
      deps.logger.error({ err: error, orderId }, "Falha ao enviar o pedido ao Bling");
    const message =
      error instanceof ProviderError ? error.message : "Erro inesperado ao enviar o pedido ao Bling";
    const tries = attempts + 1;
    change =
      tries >= MAX_BLING_ATTEMPTS
        ? { state: "failed", attempts: tries, lastError: `${message} (${tries} tentativas)` }
        : { attempts: tries, nextAttemptAt: later(backoffMs(tries)), lastError: message };
  }
  await deps.db
    .update(blingOrders)
    .set({ ...change, updatedAt: now })
    .where(eq(blingOrders.orderId, orderId));
}

/** 1, 2, 4… minutes after each failed try, at most an hour. */
function backoffMs(tries: number): number {
  return Math.min(60, 2 ** (tries - 1)) * 60_000;
}

/**
 * 'Reenviar ao Bling': an order whose hand-off failed goes back to the queue now, its tries
 * counted afresh. An order already sent is not sent again.
 */
export async function resendToBling(db: Database, actor: AdminActor, orderId: string): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [resent] = await tx
      .update(blingOrders)
      .set({ state: "waiting", attempts: 0, nextAttemptAt: new Date(), updatedAt: new Date() })
      .where(and(eq(blingOrders.orderId, orderId), eq(blingOrders.state, "failed")))
      .returning({ lastError: blingOrders.lastError });
    if (!resent) return { ok: false, message: "Este pedido não tem envio ao Bling para refazer" };
    await recordAdminWrite(tx, actor, {
      action: "order.bling_resend",
      targetType: "order",
      targetId: orderId,
      before: { bling: "failed", reason: resent.lastError },
      after: { bling: "waiting" },
    });
    return { ok: true };
  });
}
