import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { orders, profiles } from "../../db/schema.server";
import { paymentStateOf, type OrderStatus, type PaymentState } from "../orders/order-lifecycle";
import type { OrderPaymentMethod } from "../orders/payment-method";
import { paidOrder, paymentStateIs } from "../orders/paid.server";
import { orderPaymentFlags } from "../payments/order-payments.server";
import { containsPattern } from "../../lib/like-pattern";
import { textContains } from "../catalog/search-products.server";
import type { AdminOrdersQuery } from "./admin-orders-query";
import { ADMIN_PAGE_SIZE, pageWithin } from "./listing";

export interface AdminOrderRow extends OrderPaymentMethod {
  id: string;
  createdAt: Date;
  customerName: string;
  customerEmail: string;
  totalCents: number;
  status: OrderStatus;
  paymentState: PaymentState;
  paid: boolean;
  /** Paid after the order was cancelled for expiry: the shop must look at it. */
  latePayment: boolean;
  /** Reported paid with another amount than the total: not paid, the shop must look at it. */
  paymentMismatch: boolean;
  /** A payment received on it after another payment paid it: the customer paid twice. */
  duplicatePayment: boolean;
  /** Its payment reported disputed by the provider (a PIX MED, a chargeback). */
  disputed: boolean;
}

export interface AdminOrdersPage {
  orders: AdminOrderRow[];
  matching: number;
  /** The page shown: the one asked for, or the last one when it was past the end. */
  page: number;
  pageCount: number;
}

/** Every order, newest first, filtered and searched as the panel's list asks, one page at a time. */
export async function listAdminOrders(db: Database, query: AdminOrdersQuery): Promise<AdminOrdersPage> {
  const where = and(...conditions(query));
  const [matching] = await db
    .select({ value: count() })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(where);
  const { page, pageCount } = pageWithin(query.page, matching!.value);
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      totalCents: orders.totalCents,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      refundedCents: orders.refundedCents,
      paymentMethod: orders.paymentMethod,
      cardPaymentType: orders.cardPaymentType,
      cardInstallments: orders.cardInstallments,
      paid: sql<boolean>`${paidOrder}`,
      ...orderPaymentFlags,
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return {
    orders: rows.map(({ paymentStatus, refundedCents, ...row }) => ({
      ...row,
      paymentState: paymentStateOf({ paymentStatus, refundedCents, totalCents: row.totalCents }),
    })),
    matching: matching!.value,
    page,
    pageCount,
  };
}

function conditions(query: AdminOrdersQuery): SQL[] {
  const result: SQL[] = [];
  if (query.status) result.push(eq(orders.status, query.status));
  if (query.payment) result.push(paymentStateIs(query.payment));
  const search = query.q.replace(/^#/, "");
  if (search) {
    // Names and e-mails are matched ignoring case and accents; the number is the id's first 8.
    result.push(
      or(
        sql`left(${orders.id}::text, 8) ilike ${containsPattern(search)}`,
        textContains(orders.customerName, search),
        textContains(orders.customerEmail, search),
        textContains(profiles.fullName, search),
      )!,
    );
  }
  return result;
}
