import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
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

/** Every payment of one order, with the totals received and refunded. */
export async function loadOrderMoney(db: Database, orderId: string): Promise<OrderMoney> {
  const rows = await db
    .select({ payment: payments, otherAmount: otherAmountReceived })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const records = rows.map(({ payment: row, otherAmount }): OrderPaymentRecord => ({
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
  disputed: anyPaymentOf(sql`${payments.disputedAt} is not null`),
};
