import { and, asc, eq, getTableColumns, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { storeCounters } from "../../config/metrics.server";
import { claimDue } from "../../db/claim-due.server";
import type { Database, Transaction } from "../../db/client.server";
import { orders, paymentEvents } from "../../db/schema.server";
import type { ChargeEvent } from "../payments/payment-webhook";
import type { PixChargeState } from "../payments/pix-provider";
import { settleCardPayment, type CardOutcome } from "./card-settlement.server";
import { recordDispute } from "./disputes.server";
import { followCharge } from "./follow-charge.server";
import { isPaid, paidColumns } from "./paid.server";
import type { PaymentDeps } from "./payment-deps.server";
import { followPendingRefunds } from "./refunds.server";

/** How long an event is left to the instance handling it, and the pause after an unexpected failure. */
const LEASE = "1 minute";
const BATCH = 20;
/** After a check that settled nothing: 15 s, doubling up to 10 min between checks. */
const FIRST_RETRY_SECONDS = 15;
const LONGEST_RETRY_SECONDS = 600;
/**
 * An event about a charge no order has is checked this many times (about 36 minutes, longer than
 * a PIX charge's usual validity): the order may not know its charge yet, then it never will. A
 * card payment the provider cannot be asked about is given up after as many tries: the provider
 * delivers the payment's next change as a new event.
 */
const ATTEMPTS_WITHOUT_ORDER = 8;

type PaymentEvent = typeof paymentEvents.$inferSelect;

/**
 * Keeps a provider's delivery about a charge, once per (provider, charge, event). A provider
 * delivers an event again when it did not get a 2xx, or when the charge changed again: a delivery
 * of an event not yet settled makes it due now, even one given up on.
 */
export async function recordChargeEvent(db: Database, event: ChargeEvent): Promise<void> {
  await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoUpdate({
      target: [paymentEvents.provider, paymentEvents.chargeId, paymentEvents.eventType],
      set: { nextAttemptAt: sql`now()`, gaveUpAt: null },
      setWhere: isNull(paymentEvents.processedAt),
    });
}

/**
 * A provider's event, however it came (a verified webhook, the sandbox's button): kept, then the
 * due events are handled. The answer comes once the event is kept; `handled` resolves once the
 * handling is over (a failure is logged: the payment job tries again).
 */
export async function receiveChargeEvent(
  deps: PaymentDeps,
  event: ChargeEvent,
): Promise<{ handled: Promise<void> }> {
  await recordChargeEvent(deps.db, event);
  const handled = processChargeEvents(deps).then(
    () => undefined,
    (error: unknown) =>
      deps.logger.warn({ err: error }, "Eventos de pagamento não processados; o job tentará de novo"),
  );
  return { handled };
}

/**
 * Handles the kept events that are due: the provider is asked for each charge's status (an event
 * is news, not proof) and the order follows it. A PIX event is settled once the provider reports
 * the charge paid or expired; until then it is checked again, less and less often, while its
 * order waits for payment. A card event is settled once its payment is read: each change of a
 * payment comes as an event of its own. Several instances may run this at once: each event is
 * claimed by one of them for a minute. Returns how many events were settled.
 */
export async function processChargeEvents(deps: PaymentDeps): Promise<number> {
  const { db } = deps;
  const claimed = await claimDue(db, paymentEvents, {
    key: [paymentEvents.id],
    due: and(
      isNull(paymentEvents.processedAt),
      isNull(paymentEvents.gaveUpAt),
      // The database's clock, which stamped the event: a millisecond clock here could read
      // as just before an event kept a few microseconds ago.
      lte(paymentEvents.nextAttemptAt, sql`now()`),
      inArray(paymentEvents.provider, [deps.pix.name, ...(deps.card ? [deps.card.name] : [])]),
    ),
    order: asc(paymentEvents.nextAttemptAt),
    batch: BATCH,
    lease: { nextAttemptAt: sql`now() + ${LEASE}::interval` },
    returning: getTableColumns(paymentEvents),
  });
  let settled = 0;
  for (const event of claimed) {
    try {
      const handle = event.eventType.startsWith(REFUND_EVENT)
        ? handleRefundEvent
        : event.eventType.startsWith(DISPUTE_EVENT)
          ? handleDisputeEvent
          : event.provider === deps.card?.name
            ? handleCardEvent
            : handleEvent;
      if (await handle(deps, event)) {
        settled += 1;
        storeCounters.paymentEvents.inc({ result: "processed" });
      }
    } catch (error) {
      storeCounters.paymentEvents.inc({ result: "failed" });
      deps.logger.warn(
        { err: error, event: event.id },
        "Evento de pagamento não processado; nova tentativa em 1 min",
      );
    }
  }
  return settled;
}

/** The type of a provider's news about a refund it made (`refund:<its event>`). */
const REFUND_EVENT = "refund:";

/**
 * A provider's news about a refund: its refunds still pending are asked about now (the news does
 * not say which of them; the provider's answer is the one believed). Settled once asked.
 */
async function handleRefundEvent(deps: PaymentDeps, event: PaymentEvent): Promise<boolean> {
  await followPendingRefunds(deps, { provider: event.provider });
  await markProcessed(deps.db, event);
  return true;
}

/** The type of a provider's news about a dispute of a PIX payment, a MED (`dispute:<its event>`). */
export const DISPUTE_EVENT = "dispute:";

/**
 * A provider's news about a dispute of a PIX payment, which names only the payment: the provider
 * is asked which charge that payment paid (the news is not proof), and the order that charge paid
 * is flagged for the shop with the news's outcome. Nothing is refunded. Settled once the provider
 * answered, even that it knows no such payment; a provider that cannot be reached is asked again
 * later, never given up on: the shop must hear of a dispute.
 */
async function handleDisputeEvent(deps: PaymentDeps, event: PaymentEvent): Promise<boolean> {
  const news = deps.pix.disputeNews?.(event.eventType) ?? null;
  let chargeId: string | null;
  try {
    chargeId = news && deps.pix.disputedCharge ? await deps.pix.disputedCharge(event.chargeId) : null;
  } catch (error) {
    deps.logger.warn(
      { err: error, event: event.id },
      "Pagamento de uma disputa não consultado; nova tentativa mais tarde",
    );
    await checkAgainLater(deps, event, false);
    return false;
  }
  if (!news || chargeId === null) {
    deps.logger.warn(
      { event: event.id },
      "Disputa de um pagamento que não é de um pedido desta loja ignorada",
    );
    await markProcessed(deps.db, event);
    return true;
  }
  const disputed = and(eq(orders.pixProvider, event.provider), eq(orders.pixChargeId, chargeId))!;
  const store = await deps.store();
  await deps.db.transaction(async (tx) => {
    await recordDispute(tx, disputed, news, store);
    await markProcessed(tx, event);
  });
  return true;
}

/** One check of an event's charge: whether it settled the event. */
async function handleEvent(deps: PaymentDeps, event: PaymentEvent): Promise<boolean> {
  const { db } = deps;
  const charge = { provider: event.provider, chargeId: event.chargeId };
  let state: PixChargeState | null = null;
  try {
    state = await deps.pix.chargeStatus(charge.chargeId);
  } catch (error) {
    deps.logger.warn(
      { err: error, event: event.id },
      "Cobrança de um evento de pagamento não consultada; nova tentativa mais tarde",
    );
  }
  if (state && state.status !== "ACTIVE") {
    const reported = state;
    const store = await deps.store();
    await db.transaction(async (tx) => {
      await followCharge(tx, { ...charge, ...reported }, store);
      await markProcessed(tx, event);
    });
    return true;
  }

  const attempts = event.attempts + 1;
  const [order] = await db
    .select({ status: orders.status, ...paidColumns })
    .from(orders)
    .where(and(eq(orders.pixProvider, charge.provider), eq(orders.pixChargeId, charge.chargeId)));
  // A charge still active can yet be paid while its order waits; once the order is paid or
  // cancelled by other means, a new delivery of the event is what checks again.
  const settledOtherwise = order !== undefined && (isPaid(order) || order.status === "cancelled");
  const orphaned = order === undefined && attempts >= ATTEMPTS_WITHOUT_ORDER;
  if (orphaned) {
    deps.logger.warn(
      { event: event.id, provider: charge.provider, attempts },
      "Evento de pagamento de uma cobrança sem pedido abandonado",
    );
  }
  await checkAgainLater(deps, event, settledOtherwise || orphaned);
  return false;
}

/** One reading of a card event's payment: whether it settled the event. */
async function handleCardEvent(deps: PaymentDeps, event: PaymentEvent): Promise<boolean> {
  let outcome: CardOutcome;
  try {
    outcome = await settleCardPayment(deps, event.chargeId);
  } catch (error) {
    const giveUp = event.attempts + 1 >= ATTEMPTS_WITHOUT_ORDER;
    deps.logger.warn(
      { err: error, event: event.id, giveUp },
      "Pagamento de um evento de cartão não consultado; nova tentativa mais tarde",
    );
    await checkAgainLater(deps, event, giveUp);
    return false;
  }
  if (outcome === "not-ours") {
    deps.logger.warn({ event: event.id }, "Pagamento de cartão de um pedido que não é desta loja ignorado");
  }
  // A payment's change may be a refund of it (Mercado Pago announces refunds so).
  await followPendingRefunds(deps, { provider: event.provider });
  await markProcessed(deps.db, event);
  return true;
}

async function markProcessed(db: Database | Transaction, event: PaymentEvent): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ processedAt: sql`now()` })
    .where(eq(paymentEvents.id, event.id));
}

/**
 * An event not settled by this check: due again after a pause that doubles with each attempt, or
 * given up on.
 */
async function checkAgainLater(deps: PaymentDeps, event: PaymentEvent, giveUp: boolean): Promise<void> {
  const attempts = event.attempts + 1;
  const retryInSeconds = Math.min(FIRST_RETRY_SECONDS * 2 ** (attempts - 1), LONGEST_RETRY_SECONDS);
  await deps.db
    .update(paymentEvents)
    .set(
      giveUp
        ? { attempts, gaveUpAt: sql`now()` }
        : { attempts, nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` },
    )
    .where(
      and(
        eq(paymentEvents.id, event.id),
        isNull(paymentEvents.processedAt),
        // Still our lease: a delivery meanwhile made the event due now, and it stays so.
        gt(paymentEvents.nextAttemptAt, sql`now()`),
      ),
    );
}
