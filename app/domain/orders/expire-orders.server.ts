import { and, asc, eq, isNull, lte, not, or } from "drizzle-orm";
import { claimDue } from "../../db/claim-due.server";
import { orders } from "../../db/schema.server";
import type { PaymentDeps } from "./payment-deps.server";
import { moveOrder } from "./move-order.server";
import { followCardPayment, isOpenCardPayment, openPaymentDeadline } from "./card-settlement.server";
import { followCharge } from "./follow-charge.server";
import { paidOrder } from "./paid.server";

/** The provider is asked about one overdue order at most once a minute. */
const RECHECK_MS = 60_000;
const BATCH = 20;

/**
 * Cancels unpaid orders whose PIX charge or card checkout has expired, returning their stock. The
 * provider is asked first: it retries a failed webhook for a long time, so a charge past its expiry
 * may have been paid, and a paid order is never cancelled. A card order with a payment still open
 * (a boleto not yet due and cleared) waits for it. An order whose charge was
 * never made, or was made by a provider the store no longer uses, cannot be asked about: it expires
 * on its own clock. An order paid with another amount waits for the shop. Safe with several
 * instances on one database: each order is claimed by one of them (`SKIP LOCKED`) and not asked
 * about again for a minute.
 */
export async function expireOverdueOrders(deps: PaymentDeps, now = new Date()): Promise<number> {
  const { db } = deps;
  const claimed = await claimDue(db, orders, {
    key: [orders.id],
    due: and(
      eq(orders.status, "pending"),
      not(paidOrder),
      isNull(orders.paymentMismatchAt),
      lte(orders.paymentExpiresAt, now),
      or(isNull(orders.pixCheckedAt), lte(orders.pixCheckedAt, new Date(now.getTime() - RECHECK_MS))),
    ),
    order: asc(orders.paymentExpiresAt),
    batch: BATCH,
    lease: { pixCheckedAt: now },
    returning: {
      id: orders.id,
      paymentMethod: orders.paymentMethod,
      cardProvider: orders.cardProvider,
      provider: orders.pixProvider,
      chargeId: orders.pixChargeId,
    },
  });

  let expired = 0;
  for (const order of claimed) {
    try {
      if (order.paymentMethod === "card") {
        if (await expireCardOrder(deps, order, now)) expired += 1;
        continue;
      }
      const { provider, chargeId } = order;
      if (!chargeId || provider !== deps.pix.name) {
        if (await cancelExpired(deps, order.id)) expired += 1;
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

/**
 * A card order past its checkout's expiry: every payment made on it is read from the provider
 * and followed, the approved last (it pays the order, and a paid order changes no more). Unless
 * that paid it or flagged its amount, a payment still open keeps the order until its deadline;
 * otherwise the order is cancelled. Whether it was cancelled.
 */
async function expireCardOrder(
  deps: PaymentDeps,
  order: { id: string; cardProvider: string | null },
  now: Date,
): Promise<boolean> {
  const { db, card } = deps;
  const cancel = () => cancelExpired(deps, order.id);
  // A checkout never created, or made by a provider the store no longer uses: its own clock.
  if (!card || order.cardProvider !== card.name) return cancel();
  const payments = await card.paymentsOf(order.id);
  const store = await deps.store();
  const approvedLast = payments.toSorted(
    (a, b) => Number(a.status === "approved") - Number(b.status === "approved"),
  );
  const outcomes = await db.transaction(async (tx) => {
    const followed = [];
    for (const payment of approvedLast) followed.push(await followCardPayment(tx, card, payment, store));
    return followed;
  });
  const settled = outcomes.some((outcome) => ["paid", "paid-late", "amount-mismatch"].includes(outcome));
  if (settled) return false;
  const deadlines = payments.filter(isOpenCardPayment).map((payment) => openPaymentDeadline(payment, now));
  const waitUntil = Math.max(0, ...deadlines.map((deadline) => deadline.getTime()));
  if (waitUntil > now.getTime()) {
    await db
      .update(orders)
      .set({ paymentExpiresAt: new Date(waitUntil) })
      .where(eq(orders.id, order.id));
    return false;
  }
  return cancel();
}

/** Cancels an order whose time to pay ran out, unless it was paid or moved meanwhile. */
async function cancelExpired(deps: PaymentDeps, orderId: string): Promise<boolean> {
  const moved = await deps.db.transaction((tx) =>
    moveOrder(tx, { orderId, move: "cancel", by: { actor: "job" } }),
  );
  return moved.ok;
}
