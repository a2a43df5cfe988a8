import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Logger } from "../../config/logger.server";
import type { Database } from "../../db/client.server";
import { paymentEvents } from "../../db/schema.server";
import { followCharge, type StoreContacts } from "../orders/follow-charge.server";
import type { PixProvider } from "./pix-provider";

export interface PaymentDeps {
  db: Database;
  pix: PixProvider;
  logger: Logger;
  contacts: StoreContacts;
}

/** How long an event is left to the instance handling it, and the pause after a failure. */
const LEASE = "1 minute";
const BATCH = 20;

/**
 * Keeps a provider's delivery about a charge. A provider delivers again until it gets a 2xx, so
 * each (provider, charge, event) is kept once; returns whether this delivery was new.
 */
export async function recordChargeEvent(
  db: Database,
  event: { provider: string; chargeId: string; eventType: string },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/**
 * Handles the kept events that are due: the provider is asked for each charge's status (an event
 * is news, not proof) and the order follows it. Several instances may run this at once: each
 * event is claimed by one of them for a minute, and handled again after a failure.
 */
export async function processChargeEvents(deps: PaymentDeps): Promise<number> {
  const { db } = deps;
  const due = db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(
      and(
        isNull(paymentEvents.processedAt),
        // The database's clock, which stamped the event: a millisecond clock here could read
        // as just before an event kept a few microseconds ago.
        lte(paymentEvents.nextAttemptAt, sql`now()`),
        eq(paymentEvents.provider, deps.pix.name),
      ),
    )
    .orderBy(asc(paymentEvents.nextAttemptAt))
    .limit(BATCH)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(paymentEvents)
    .set({ nextAttemptAt: sql`now() + ${LEASE}::interval` })
    .where(inArray(paymentEvents.id, due))
    .returning();
  let handled = 0;
  for (const event of claimed) {
    try {
      const status = await deps.pix.chargeStatus(event.chargeId);
      await db.transaction(async (tx) => {
        await followCharge(tx, { provider: event.provider, chargeId: event.chargeId, status }, deps.contacts);
        await tx
          .update(paymentEvents)
          .set({ processedAt: sql`now()` })
          .where(eq(paymentEvents.id, event.id));
      });
      handled += 1;
    } catch (error) {
      deps.logger.warn(
        { err: error, event: event.id },
        "Evento de pagamento não processado; nova tentativa em 1 min",
      );
    }
  }
  return handled;
}
