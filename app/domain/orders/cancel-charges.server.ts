import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { claimDue } from "../../db/claim-due.server";
import { orders, pixChargeCancellations } from "../../db/schema.server";
import { configuredProviderNamed, configuredProviders } from "../payments/store-providers";
import { followCharge } from "./follow-charge.server";
import type { PaymentDeps } from "./payment-deps.server";

/** How long a claimed charge is left to the instance cancelling it, and the pause after a failure. */
const LEASE = "1 minute";
const BATCH = 20;

/**
 * Cancels at the provider the charges of cancelled unpaid orders (queued by `cancelUnpaidOrders`),
 * so a customer can no longer pay an order whose stock went back; a card order's checkout is
 * closed. Only the configured providers' charges are worked: another provider's cannot be reached. A provider that refuses is asked for
 * the charge's status: a charge paid meanwhile is followed (the order becomes paid with its late
 * payment flagged for the shop), an expired one needs nothing more, an open one is tried again
 * after a pause. Several instances may run this at once: each charge is claimed by one of them.
 * Returns how many charges it settled.
 */
export async function cancelQueuedCharges(deps: PaymentDeps): Promise<number> {
  const { db } = deps;
  const queued = pixChargeCancellations;
  const providers = configuredProviders(deps).map((provider) => provider.name);
  const claimed = await claimDue(db, queued, {
    key: [queued.provider, queued.chargeId],
    due: and(
      isNull(queued.settledAt),
      inArray(queued.provider, providers),
      lte(queued.nextAttemptAt, sql`now()`),
    ),
    order: asc(queued.nextAttemptAt),
    batch: BATCH,
    lease: { nextAttemptAt: sql`now() + ${LEASE}::interval` },
    returning: { provider: queued.provider, chargeId: queued.chargeId, orderId: queued.orderId },
  });

  let settled = 0;
  for (const { provider, chargeId, orderId } of claimed) {
    try {
      // Only the configured providers' charges were claimed.
      const configured = configuredProviderNamed(deps, provider)!;
      if (configured.method === "pix") await cancelCharge(deps, chargeId);
      else await configured.cancel(chargeId);
      await db
        .update(queued)
        .set({ settledAt: sql`now()` })
        .where(and(eq(queued.provider, provider), eq(queued.chargeId, chargeId)));
      settled += 1;
    } catch (error) {
      deps.logger.warn(
        { err: error, orderId },
        "Não foi possível cancelar a cobrança; nova tentativa em 1 minuto",
      );
    }
  }
  return settled;
}

/** Makes one charge unpayable, or learns that it is paid or expired; throws to be tried again. */
async function cancelCharge(deps: PaymentDeps, chargeId: string): Promise<void> {
  const charge = { provider: deps.pix.name, chargeId };
  const [order] = await deps.db
    .select({ pixStatus: orders.pixStatus })
    .from(orders)
    .where(and(eq(orders.pixProvider, charge.provider), eq(orders.pixChargeId, chargeId)));
  // Its order was cancelled because the charge expired: there is nothing left to cancel.
  if (order?.pixStatus === "EXPIRED") return;
  try {
    await deps.pix.cancel(chargeId);
  } catch (refusal) {
    const state = await deps.pix.chargeStatus(chargeId);
    if (state.status === "ACTIVE") throw refusal;
    const store = await deps.store();
    await deps.db.transaction((tx) => followCharge(tx, { ...charge, ...state }, store));
  }
}
