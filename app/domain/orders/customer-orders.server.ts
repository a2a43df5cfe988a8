import { and, asc, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { orderItems, orderRefunds, orders } from "../../db/schema.server";
import { parcelTrackingOf, type ParcelTracking } from "../../lib/carriers";
import { endOfWorkingDaysAfter } from "../../lib/dates";
import { adjustmentsOf } from "./order-adjustments.server";
import type { OrderLine } from "./order-line";
import {
  checkMove,
  paymentStateOf,
  type OrderFacts,
  type OrderStatus,
  type PaymentState,
} from "./order-lifecycle";
import { awaitsPayment, isPaid, orderFacts } from "./paid.server";
import type { OrderPaymentMethod } from "./payment-method";
import type { TotalAdjustment } from "./order-total";

export interface CustomerOrder extends OrderPaymentMethod {
  id: string;
  createdAt: Date;
  /** Its items' sum plus these adjustments (order-total.ts). */
  adjustments: TotalAdjustment[];
  totalCents: number;
  paid: boolean;
  status: OrderStatus;
  /** Paid, then refunded in part or in full. */
  paymentState: PaymentState;
  /**
   * The 'Desistir da compra' open to the customer now (7 days, CDC art. 49): cancelled before the
   * parcel leaves, or sent back once it left; null when none is.
   */
  withdrawal: WithdrawalMove | null;
  /** Where the customer pays it while it waits for its payment ('Pagar agora'); null otherwise. */
  payNowPath: string | null;
  /** The money given back to the customer: each confirmed refund, oldest first. */
  refunds: { amountCents: number; confirmedAt: Date; includesFreight: boolean }[];
  /** The parcel's carrier and code, once the store gave them. */
  tracking: ParcelTracking | null;
  /** The last day the parcel is promised by (`promisedArrival`). */
  arrivesBy: Date | null;
  items: OrderLine[];
}

/**
 * The one rule of which orders are a customer's (DESIGN points 4 and 5): their own, less those
 * they deleted from their list; with `orderId` (a well-formed one: see `isOrderId`), that order
 * if it is one of them. Every customer read and write of an order filters by it; lint keeps
 * `orders.userId` out of every other order query (eslint.config.js).
 */
export function customerOrder(userId: string, orderId?: string): SQL {
  const theirs = and(eq(orders.userId, userId), isNull(orders.hiddenByCustomerAt))!;
  return orderId === undefined ? theirs : and(eq(orders.id, orderId), theirs)!;
}

/** A customer's own orders with their lines, newest first; orders they deleted are left out. */
export async function listCustomerOrders(db: Database, userId: string): Promise<CustomerOrder[]> {
  const found = await ordersWithLines(db, customerOrder(userId));
  const refunds = await confirmedRefundsOf(
    db,
    found.map(({ order }) => order.id),
  );
  const now = new Date();
  return found.map(({ order, lines, adjustments }) => ({
    id: order.id,
    createdAt: order.createdAt,
    adjustments,
    totalCents: order.totalCents,
    paymentMethod: order.paymentMethod,
    cardPaymentType: order.cardPaymentType,
    cardInstallments: order.cardInstallments,
    paid: isPaid(order),
    status: order.status,
    paymentState: paymentStateOf(order),
    withdrawal: withdrawalMove(orderFacts(order)),
    payNowPath: payNowPath(order, now),
    refunds: refunds.filter((refund) => refund.orderId === order.id),
    tracking: parcelTrackingOf(order),
    arrivesBy: promisedArrival(order),
    items: lines.map(toOrderLine),
  }));
}

/**
 * The last day an order's parcel is promised by, until it arrives: from its shipping, or before
 * it ships, the freight's most days after the payment; null when nothing was promised yet (not
 * paid, shipped free and not sent) or no longer (delivered, cancelled).
 */
export function promisedArrival(
  order: Pick<typeof orders.$inferSelect, "deliveredAt" | "status" | "deliveryDueAt" | "freight" | "paidAt"> &
    Parameters<typeof isPaid>[0],
): Date | null {
  if (order.deliveredAt || order.status === "cancelled") return null;
  if (order.deliveryDueAt) return order.deliveryDueAt;
  if (!order.freight || !isPaid(order) || !order.paidAt) return null;
  return endOfWorkingDaysAfter(order.paidAt, order.freight.daysMax);
}

/** The confirmed refunds of these orders, oldest first. */
async function confirmedRefundsOf(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const refunds = await db
    .select({
      orderId: orderRefunds.orderId,
      amountCents: orderRefunds.amountCents,
      confirmedAt: orderRefunds.confirmedAt,
      includesFreight: orderRefunds.includesFreight,
    })
    .from(orderRefunds)
    .where(and(inArray(orderRefunds.orderId, orderIds), eq(orderRefunds.status, "confirmed")))
    .orderBy(asc(orderRefunds.confirmedAt));
  // A confirmed refund has its time (order_refunds_confirmed).
  return refunds.map((refund) => ({ ...refund, confirmedAt: refund.confirmedAt! }));
}

const WITHDRAWAL_MOVES = ["withdraw", "requestReturn"] as const;
export type WithdrawalMove = (typeof WITHDRAWAL_MOVES)[number];

function withdrawalMove(facts: OrderFacts): WithdrawalMove | null {
  return WITHDRAWAL_MOVES.find((move) => checkMove(move, facts, "customer").ok) ?? null;
}

/**
 * Where an order still waiting for its payment is paid: its PIX code's page while the code is
 * valid, or its card checkout at the provider while the checkout is; a closed tab loses neither.
 */
export function payNowPath(order: typeof orders.$inferSelect, now: Date): string | null {
  if (!awaitsPayment(order, now)) return null;
  if (order.paymentMethod === "card") {
    if (!order.cardCheckoutUrl) return null;
    // Once a payment was tried there (refused, a boleto, one in analysis), its page says what next.
    return order.cardPaymentId ? `/payment/card/${order.id}` : order.cardCheckoutUrl;
  }
  return order.pixBrCode ? `/payment?orderId=${order.id}` : null;
}

/**
 * The orders `where` selects, newest first, each with its lines in the order they were bought and
 * the adjustments of its total.
 */
export async function ordersWithLines(db: Database, where: SQL) {
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt));
  if (rows.length === 0) return [];
  const orderIds = rows.map((order) => order.id);
  const [lines, adjustments] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)),
    adjustmentsOf(db, orderIds),
  ]);
  return rows.map((order) => ({
    order,
    lines: lines.filter((line) => line.orderId === order.id),
    adjustments: adjustments.get(order.id) ?? [],
  }));
}

/** An order line as the pages show it, from its row. */
export function toOrderLine(row: typeof orderItems.$inferSelect): OrderLine {
  return {
    id: row.id,
    productId: row.productId,
    name: row.productName,
    variantLabel: row.variantLabel,
    sku: row.sku,
    image: row.productImage,
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
  };
}
