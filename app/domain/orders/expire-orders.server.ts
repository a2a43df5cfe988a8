import { and, asc, eq, inArray, isNull, lte, not, or } from "drizzle-orm";
import { orders } from "../../db/schema.server";
import type { PaymentDeps } from "../payments/charge-events.server";
import { cancelUnpaidOrders } from "./cancel-orders.server";
import { followCharge } from "./follow-charge.server";
import { paidOrder } from "./paid.server";

/** The provider is asked about one overdue order at most once a minute. */
const RECHECK_MS = 60_000;
const BATCH = 20;

/**
 * Cancels unpaid orders whose PIX charge has expired, returning their stock. The provider that
 * made the charge is asked first: it retries a failed webhook for a long time, so a charge past
 * its expiry may have been paid, and a paid order is never cancelled. An order whose charge was
 * never made, or was made by a provider the store no longer uses, cannot be asked about: it expires
 * on its own clock. An order paid with another amount waits for the shop. Safe with several
 * instances on one database: each order is claimed by one of them (`SKIP LOCKED`) and not asked
 * about again for a minute.
 */
export async function expireOverdueOrders(deps: PaymentDeps, now = new Date()): Promise<number> {
  const { db } = deps;
  const overdue = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        not(paidOrder),
        isNull(orders.paymentMismatchAt),
        lte(orders.paymentExpiresAt, now),
        or(isNull(orders.pixCheckedAt), lte(orders.pixCheckedAt, new Date(now.getTime() - RECHECK_MS))),
      ),
    )
    .orderBy(asc(orders.paymentExpiresAt))
    .limit(BATCH)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(orders)
    .set({ pixCheckedAt: now })
    .where(inArray(orders.id, overdue))
    .returning({ id: orders.id, provider: orders.pixProvider, chargeId: orders.pixChargeId });

  let expired = 0;
  for (const order of claimed) {
    try {
      const { provider, chargeId } = order;
      if (!chargeId || provider !== deps.pix.name) {
        const cancelled = await db.transaction((tx) => cancelUnpaidOrders(tx, eq(orders.id, order.id), null));
        expired += cancelled.length;
        continue;
      }
      const state = await deps.pix.chargeStatus(chargeId);
      const store = await deps.store();
      const outcome = await db.transaction((tx) => followCharge(tx, { provider, chargeId, ...state }, store));
      if (outcome === "expired") expired += 1;
    } catch (error) {
      deps.logger.warn({ err: error, orderId: order.id }, "Não foi possível verificar a cobrança vencida");
    }
  }
  return expired;
}
