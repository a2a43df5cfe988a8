import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { orders, payments } from "../../db/schema.server";
import type { PaymentAttemptStatus, PaymentMethod } from "../../lib/order-statuses";

/** One attempt to pay an order, as the panel shows it. */
export interface OrderPaymentRecord {
  id: string;
  method: PaymentMethod;
  provider: string | null;
  providerPaymentId: string | null;
  /** What the payer used at a card provider (credit_card, ticket…), and the instalments. */
  methodType: string | null;
  installments: number | null;
  amountCents: number;
  receivedCents: number;
  refundedCents: number;
  status: PaymentAttemptStatus;
  providerStatus: string | null;
  /** Whether it paid the order. */
  settlesOrder: boolean;
  /** Money received that did not pay the order for its total: the shop must settle it. */
  otherAmount: boolean;
  /** Money received on an order another payment paid: the customer paid twice. */
  duplicate: boolean;
  createdAt: Date;
  paidAt: Date | null;
  /** When it arrived after the order had been cancelled for expiry. */
  lateAt: Date | null;
  dispute: { at: Date; reason: string } | null;
}

/** An order's payments, oldest first, and the money they brought in and gave back. */
export interface OrderMoney {
  payments: OrderPaymentRecord[];
  receivedCents: number;
  refundedCents: number;
}

/**
 * A payment received on an order another payment paid. Written out whole: drizzle leaves the
 * columns of a one-table select unqualified, which the subquery would read as its own.
 */
const secondPaymentReceived = sql<boolean>`${sql.raw(
  `"payments"."received_cents" > 0 and not "payments"."settles_order" and exists (select 1 from "payments" "settling" where "settling"."order_id" = "payments"."order_id" and "settling"."settles_order")`,
)}`;

/** A payment received for another amount than asked, which did not pay the order. */
const otherAmountReceived = sql<boolean>`${payments.receivedCents} > 0 and not ${payments.settlesOrder} and ${payments.receivedCents} <> ${payments.amountCents}`;

export const PAYMENT_ATTEMPT_STATUS_LABELS: Record<PaymentAttemptStatus, string> = {
  pending: "aguardando pagamento",
  paid: "pago",
  failed: "recusado",
  expired: "expirado",
  cancelled: "cancelado",
  partially_refunded: "parcialmente reembolsado",
  refunded: "reembolsado",
  disputed: "em disputa",
};

/**
 * An order's payments oldest first, as the panel and the customer's data list them: an attempt the
 * order's own payment replaced (a refused card, dated as the order) comes before it.
 */
export const PAYMENTS_IN_ORDER = [asc(payments.createdAt), asc(payments.mirrorsOrder), asc(payments.id)];

/** Every payment of one order, with the totals received and refunded. */
export async function loadOrderMoney(db: Database, orderId: string): Promise<OrderMoney> {
  const rows = await db
    .select({ payment: payments, otherAmount: otherAmountReceived, duplicate: secondPaymentReceived })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(...PAYMENTS_IN_ORDER);
  const records = rows.map(({ payment: row, otherAmount, duplicate }): OrderPaymentRecord => ({
    id: row.id,
    method: row.method,
    provider: row.provider,
    providerPaymentId: row.providerPaymentId,
    methodType: row.methodType,
    installments: row.installments,
    amountCents: row.amountCents,
    receivedCents: row.receivedCents,
    refundedCents: row.refundedCents,
    status: row.status,
    providerStatus: row.providerStatus,
    settlesOrder: row.settlesOrder,
    otherAmount,
    duplicate,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    lateAt: row.lateAt,
    dispute: row.disputedAt ? { at: row.disputedAt, reason: row.disputeReason ?? "" } : null,
  }));
  return {
    payments: records,
    receivedCents: records.reduce((sum, payment) => sum + payment.receivedCents, 0),
    refundedCents: records.reduce((sum, payment) => sum + payment.refundedCents, 0),
  };
}

const anyPaymentOf = (condition: SQL) =>
  sql<boolean>`exists (select 1 from ${payments} where ${and(eq(payments.orderId, orders.id), condition)})`;

/** SQL flags of an order's payments, for a list of orders. */
export const orderPaymentFlags = {
  latePayment: anyPaymentOf(sql`${payments.lateAt} is not null`),
  paymentMismatch: anyPaymentOf(otherAmountReceived),
  duplicatePayment: anyPaymentOf(secondPaymentReceived),
  disputed: anyPaymentOf(sql`${payments.disputedAt} is not null`),
};

/** A payment its provider reported received, on an order of this store at that provider. */
export interface ReceivedPayment {
  orderId: string;
  method: PaymentMethod;
  provider: string;
  providerPaymentId: string;
  providerStatus: string;
  methodType: string | null;
  installments: number | null;
  receivedCents: number;
}

/**
 * Keeps a payment received on an order that is not the order's own payment, in the caller's
 * transaction: a second card approved on a checkout whose order another payment already paid (the
 * customer paid twice), or one approved on a checkout the order left for PIX. The panel shows it,
 * with a refund form. Once per payment, however often the provider announces it. Answers whether
 * it was kept now.
 */
export async function recordSecondPayment(tx: Transaction, received: ReceivedPayment): Promise<boolean> {
  const [own] = await tx
    .select({ amountCents: payments.amountCents, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(and(eq(payments.orderId, received.orderId), eq(payments.mirrorsOrder, true)));
  if (!own || own.providerPaymentId === received.providerPaymentId) return false;
  const kept = await tx
    .insert(payments)
    .values({
      ...received,
      amountCents: own.amountCents,
      status: "paid",
      paidAt: sql`now()`,
    })
    .onConflictDoNothing({
      target: [payments.provider, payments.providerPaymentId],
      where: sql`not ${payments.mirrorsOrder}`,
    })
    .returning({ id: payments.id });
  return kept.length > 0;
}

/** A boleto as its provider issued it: when it is due, and the line typed at a bank to pay it. */
export interface Boleto {
  dueAt: Date;
  /** Its 47 digits; null when the provider gave none. */
  digitableLine: string | null;
}

/**
 * Keeps the boleto of the payment an order's columns last recorded on its own row of `payments`,
 * in the caller's transaction (the trigger of migration 0030 copies only the order's columns); a
 * card payment recorded after a boleto clears it.
 */
export async function recordOwnBoleto(tx: Transaction, orderId: string, boleto: Boleto | null) {
  await tx
    .update(payments)
    .set({ boletoDueAt: boleto?.dueAt ?? null, boletoDigitableLine: boleto?.digitableLine ?? null })
    .where(and(eq(payments.orderId, orderId), eq(payments.mirrorsOrder, true)));
}

/** The boleto of an order's own payment, or null for none (or one recorded before migration 0033). */
export async function ownBoletoOf(db: Database, orderId: string): Promise<Boleto | null> {
  const [own] = await db
    .select({ dueAt: payments.boletoDueAt, digitableLine: payments.boletoDigitableLine })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.mirrorsOrder, true)));
  return own?.dueAt ? { dueAt: own.dueAt, digitableLine: own.digitableLine } : null;
}
