import { and, asc, eq, lte, sql, type SQL } from "drizzle-orm";
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
 *
 * A sale undone in whole after it was sent (cancelled, returned, refunded to the last centavo)
 * waits in the queue again, to move its sales order to the owner's 'Cancelado' situation (point
 * 4); one undone before it reached Bling is not sent at all. A partial refund leaves the sales
 * order as it is: the admin's order says which invoice to issue in Bling
 * (`invoice-after-sale.ts`).
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
  /** When the sales order moved to 'Cancelado' in Bling. */
  cancelledAt: Date | null;
}

/** The sale undone in whole: cancelled, returned, or refunded to the last centavo. */
const saleUndone: SQL<boolean> = sql`(${orders.status} in ('cancelled', 'returned')
  or (${orders.refundedCents} = ${orders.totalCents} and ${orders.totalCents} > 0))`;

export async function blingOrderState(db: Database, orderId: string): Promise<BlingOrderState | null> {
  const [row] = await db
    .select({
      state: blingOrders.state,
      salesOrderId: blingOrders.salesOrderId,
      lastError: blingOrders.lastError,
      sentAt: blingOrders.sentAt,
      cancelledAt: blingOrders.cancelledAt,
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
  await queueUndoneOrders(db, now);
  const options = await blingOptions(db);
  const claimed = await claimDue(db, blingOrders, {
    key: [blingOrders.orderId],
    due: and(eq(blingOrders.state, "waiting"), lte(blingOrders.nextAttemptAt, now)),
    order: asc(blingOrders.nextAttemptAt),
    batch: BATCH,
    lease: { nextAttemptAt: new Date(now.getTime() + LEASE_MS) },
    returning: {
      orderId: blingOrders.orderId,
      attempts: blingOrders.attempts,
      salesOrderId: blingOrders.salesOrderId,
    },
  });
  for (const claim of claimed) {
    const { orderId } = claim;
    try {
      const handedOff = await handOff(db, api, orderId, options);
      if (handedOff === null) {
        await db.delete(blingOrders).where(eq(blingOrders.orderId, orderId));
        continue;
      }
      await db
        .update(blingOrders)
        .set({
          state: "sent",
          salesOrderId: handedOff.salesOrderId,
          sentAt: sql`coalesce(${blingOrders.sentAt}, ${now})`,
          cancelledAt: handedOff.cancelled ? now : null,
          lastError: null,
          updatedAt: now,
        })
        .where(eq(blingOrders.orderId, orderId));
    } catch (error) {
      await recordFailure(deps, claim, error, now);
      // Bling asked to slow down: the other claimed orders wait for their leases to run out.
      if (error instanceof BlingRateLimited) break;
    }
  }
}

/** The orders paid since the store first connected, not undone, not yet queued: due `now`. */
async function queuePaidOrders(db: Database, now: Date): Promise<void> {
  await db.execute(sql`
    insert into ${blingOrders} (order_id, next_attempt_at)
    select ${orders.id}, ${now} from ${orders}, ${blingConnection}
    where ${orders.paidAt} >= ${blingConnection.ordersSince} and not ${saleUndone}
      and not exists (select from ${blingOrders} where ${blingOrders.orderId} = ${orders.id})
    on conflict do nothing`);
}

/**
 * The orders sent and undone since, their sales order not yet cancelled in Bling: due `now`
 * again, their tries counted afresh. None while the owner keeps Bling's situations to themselves.
 */
async function queueUndoneOrders(db: Database, now: Date): Promise<void> {
  await db.execute(sql`
    update ${blingOrders} set state = 'waiting', attempts = 0, next_attempt_at = ${now}, updated_at = ${now}
    from ${orders}, ${blingConnection}
    where ${blingOrders.orderId} = ${orders.id} and ${blingOrders.state} = 'sent'
      and ${blingOrders.cancelledAt} is null and ${blingConnection.cancelledSituationId} is not null
      and ${saleUndone}`);
}

/**
 * The sales order Bling has for the order, or the one made now with its contact; with the
 * option on, its NF-e generated and transmitted unless it has one already. A sale undone moves
 * its sales order to the cancelled situation instead, and is not made at all when Bling has none
 * (null). Each step looks before it writes, so a retry after any failure picks up where the last
 * try stopped.
 */
async function handOff(
  db: Database,
  api: BlingApi,
  orderId: string,
  options: BlingOptions,
): Promise<{ salesOrderId: number; cancelled: boolean } | null> {
  const [sale] = await db.select({ undone: saleUndone }).from(orders).where(eq(orders.id, orderId));
  if (!sale) throw new Error("Pedido não encontrado");
  const found = await api.findSalesOrderByStoreNumber(orderId);
  if (sale.undone) {
    if (found === null) return null;
    const situation = options.cancelledSituationId;
    if (situation !== null) await api.setSalesOrderSituation(found, situation);
    return { salesOrderId: found, cancelled: situation !== null };
  }
  const salesOrderId = found ?? (await createSalesOrder(db, api, orderId, options));
  if (options.issueInvoices && (await api.findSalesOrderInvoice(salesOrderId)) === null) {
    await api.sendInvoice(await api.generateInvoice(salesOrderId));
  }
  return { salesOrderId, cancelled: false };
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
  { orderId, attempts, salesOrderId }: { orderId: string; attempts: number; salesOrderId: number | null },
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
    // An order Bling has already waited to be cancelled there.
    const refused = salesOrderId === null ? "o pedido" : "o cancelamento do pedido";
    change = { state: "failed", lastError: `O Bling recusou ${refused}: ${error.refusal}` };
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
