import { and, eq, not, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.server";
import { orders } from "../../db/schema.server";
import { recordDispute } from "./disputes.server";
import { followCompletedPayment } from "./follow-charge.server";
import type { OrderMailStore } from "./order-mail-store.server";
import { isOrderId } from "./order-details.server";
import { paidOrder } from "./paid.server";
import type { CardPayment, CardProvider } from "../payments/card-provider";
import { recordOwnBoleto, recordSecondPayment, type Boleto } from "../payments/order-payments.server";
import type { PaymentDeps } from "./payment-deps.server";

/**
 * How long after a boleto's due date the store waits for it: a boleto paid at a bank on its last
 * day reaches the provider up to three business days later, a weekend included.
 */
export const BOLETO_CLEARING_DAYS = 5;

/** The statuses of a payment that may yet be approved: a boleto not paid yet, a card in analysis. */
const OPEN_STATUSES: ReadonlySet<CardPayment["status"]> = new Set([
  "pending",
  "in_process",
  "authorized",
  "in_mediation",
]);

export type CardOutcome =
  "paid" | "paid-late" | "amount-mismatch" | "second-payment" | "recorded" | "unchanged" | "not-ours";

/**
 * Reads a payment from the card provider and brings its order in line with it: the provider's
 * answer is the only one believed (a webhook or a return URL only says which payment to read).
 * Throws when the provider cannot be reached, for the caller to try again.
 */
export async function settleCardPayment(deps: PaymentDeps, paymentId: string): Promise<CardOutcome> {
  const { card } = deps;
  if (!card) return "not-ours";
  const payment = await card.payment(paymentId);
  const store = await deps.store();
  return deps.db.transaction((tx) => followCardPayment(tx, card, payment, store));
}

/**
 * Brings a card order in line with one of its payments as the provider reported it, in the
 * caller's transaction; repeating it changes nothing, and events may come in any order, as each
 * one is read from the provider again. A paid order's payment never changes here: a late `pending`
 * cannot undo an `approved`, nor another attempt's rejection.
 *
 * - Approved, for the order's total: the order is paid and its confirmation e-mail queued; if it
 *   had been cancelled for expiry, the payment is kept and flagged for the shop.
 * - Approved, for another amount: not paid, the amount flagged for the shop (the order keeps its
 *   stock).
 * - Approved, on an order another payment already paid: kept as a second payment, flagged for the
 *   shop to give back.
 * - Still open (a boleto waiting, a card in analysis): recorded; a boleto keeps the order until its
 *   due date and clearing, and its due date and linha digitável are kept for the customer's page.
 * - Rejected: recorded. The customer may try another card on the same checkout, so the stock
 *   stays until the order expires (`expireOverdueOrders` asks the provider then).
 * - Cancelled (a boleto not paid by its due date): recorded, and the order is due to expire now.
 * - In mediation or charged back, the payment that paid the order: the order is flagged as
 *   disputed for the shop (nothing is refunded), its payment left as it was.
 *
 * A payment whose reference is not one of this store's card orders at this provider is ignored.
 */
export async function followCardPayment(
  tx: Transaction,
  card: Pick<CardProvider, "name" | "disputeNews">,
  payment: CardPayment,
  store: OrderMailStore,
): Promise<CardOutcome> {
  if (!payment.orderId || !isOrderId(payment.orderId)) return "not-ours";
  const thisOrder = and(
    eq(orders.id, payment.orderId),
    eq(orders.paymentMethod, "card"),
    eq(orders.cardProvider, card.name),
  );
  const recorded = {
    cardPaymentId: payment.paymentId,
    cardPaymentStatus: payment.status,
    cardPaymentType: payment.methodType,
    cardInstallments: payment.installments,
  };
  if (payment.status === "approved") {
    const outcome = await followCompletedPayment(tx, thisOrder!, payment.amountCents, recorded, store);
    if (outcome !== "unchanged") return outcome;
    const second = await recordSecondPayment(tx, {
      orderId: payment.orderId,
      method: "card",
      provider: card.name,
      providerPaymentId: payment.paymentId,
      providerStatus: payment.status,
      methodType: payment.methodType,
      installments: payment.installments,
      receivedCents: payment.amountCents,
    });
    return second ? "second-payment" : "unchanged";
  }
  const dispute = card.disputeNews?.(payment.status) ?? null;
  const paidByIt = and(thisOrder, eq(orders.cardPaymentId, payment.paymentId))!;
  if (dispute && (await recordDispute(tx, paidByIt, dispute, store))) return "recorded";
  const waitUntil = isOpenCardPayment(payment) ? openPaymentDeadline(payment) : null;
  const changed = await tx
    .update(orders)
    .set({
      ...recorded,
      ...(waitUntil && {
        paymentExpiresAt: sql`greatest(${orders.paymentExpiresAt}, ${waitUntil.toISOString()}::timestamptz)`,
      }),
      // A cancelled payment (a boleto past its due date) kept the order waiting: it is due now, and
      // the expiry job cancels it unless the provider has another payment still open.
      ...(payment.status === "cancelled" && {
        paymentExpiresAt: sql`least(${orders.paymentExpiresAt}, now())`,
      }),
    })
    .where(and(thisOrder, not(paidOrder)))
    .returning({ id: orders.id });
  if (changed.length === 0) return "unchanged";
  await recordOwnBoleto(tx, payment.orderId, boletoOf(payment));
  return "recorded";
}

/** A boleto payment's due date and linha digitável; null for a card payment. */
function boletoOf(payment: CardPayment): Boleto | null {
  if (payment.methodType !== "ticket" || !payment.dueAt) return null;
  return { dueAt: payment.dueAt, digitableLine: payment.digitableLine ?? null };
}

/**
 * Until when an order waits for a payment still open: a boleto until its due date and clearing; a
 * card payment in analysis, as long from now.
 */
export function openPaymentDeadline(payment: CardPayment, now = new Date()): Date {
  const from = payment.dueAt ?? now;
  return new Date(from.getTime() + BOLETO_CLEARING_DAYS * 86_400_000);
}

/** Whether a payment may yet be approved. */
export function isOpenCardPayment(payment: CardPayment): boolean {
  return OPEN_STATUSES.has(payment.status);
}
