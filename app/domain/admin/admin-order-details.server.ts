import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { orders, type OrderFreightSnapshot } from "../../db/schema.server";
import { parcelTrackingOf, type ParcelTracking } from "../../lib/carriers";
import type { CardPaymentStatus } from "../payments/card-provider";
import { findOrderDetails, type OrderDetails } from "../orders/order-details.server";
import {
  adminNextStatuses,
  paymentStateOf,
  type OrderStatus,
  type PaymentState,
} from "../orders/order-lifecycle";
import { factsColumns, orderFacts } from "../orders/paid.server";
import { listStatusHistory, type StatusHistoryEntry } from "../orders/status-history.server";
import { loadOrderMoney, type OrderMoney } from "../payments/order-payments.server";

export interface AdminOrderDetails extends OrderDetails {
  /** The parcel's carrier and code, once given. */
  tracking: ParcelTracking | null;
  /** When a payment arrived after the order was cancelled for expiry, if one did. */
  latePaymentAt: Date | null;
  /** When a provider reported a payment of another amount than the total, and which. */
  paymentMismatch: { at: Date; receivedCents: number } | null;
  /** Whether a payment arrived after another one had paid it: the customer paid twice. */
  duplicatePayment: boolean;
  /** When a provider first reported a payment disputed (a PIX MED, a chargeback), and its news. */
  dispute: { at: Date; reason: string } | null;
  /** Each attempt to pay it, and the money received and given back. */
  money: OrderMoney;
  /** The customer's 'Desistir da compra': when, and their reason (null if they gave none). */
  withdrawal: { at: Date; reason: string | null } | null;
  /** A card order's payment at its provider, as last read from it: its id and status; null before one. */
  cardPaymentId: string | null;
  cardPaymentStatus: CardPaymentStatus | null;
  /** The payment, refunds counted: 'pago', 'parcialmente reembolsado', 'reembolsado'… */
  paymentState: PaymentState;
  shippedAt: Date | null;
  /** The freight the customer chose, as quoted when the order was placed; null when it shipped free. */
  freight: OrderFreightSnapshot | null;
  /** The last day of the delivery promised when it shipped. */
  deliveryDueAt: Date | null;
  deliveredAt: Date | null;
  /** The statuses the admin may move it to now (the life cycle's admin moves). */
  nextStatuses: OrderStatus[];
  history: StatusHistoryEntry[];
}

/**
 * Any order as the panel shows it: what was bought, by whom, where to, how it was paid, and its
 * status history.
 */
export async function loadAdminOrder(db: Database, orderId: string): Promise<AdminOrderDetails | null> {
  const order = await findOrderDetails(db, orderId);
  if (!order) return null;
  const [extra] = await db
    .select({
      userId: orders.userId,
      withdrawalRequestedAt: orders.withdrawalRequestedAt,
      withdrawalReason: orders.withdrawalReason,
      cardPaymentId: orders.cardPaymentId,
      shippedAt: orders.shippedAt,
      refundedCents: orders.refundedCents,
      trackingCarrier: orders.trackingCarrier,
      trackingCarrierName: orders.trackingCarrierName,
      freight: orders.freight,
      ...factsColumns,
    })
    .from(orders)
    .where(eq(orders.id, order.id));
  if (!extra) return null;
  const history = await listStatusHistory(db, { id: order.id, userId: extra.userId });
  const money = await loadOrderMoney(db, order.id);
  const late = money.payments.find((payment) => payment.lateAt);
  const otherAmount = money.payments.find((payment) => payment.otherAmount);
  return {
    ...order,
    tracking: parcelTrackingOf(extra),
    latePaymentAt: late?.lateAt ?? null,
    paymentMismatch: otherAmount
      ? { at: otherAmount.paidAt ?? otherAmount.createdAt, receivedCents: otherAmount.receivedCents }
      : null,
    duplicatePayment: money.payments.some((payment) => payment.duplicate),
    dispute: money.payments.find((payment) => payment.dispute)?.dispute ?? null,
    money,
    withdrawal: extra.withdrawalRequestedAt
      ? { at: extra.withdrawalRequestedAt, reason: extra.withdrawalReason }
      : null,
    cardPaymentId: extra.cardPaymentId,
    cardPaymentStatus: extra.cardPaymentStatus,
    paymentState: paymentStateOf({ ...order, refundedCents: extra.refundedCents }),
    shippedAt: extra.shippedAt,
    freight: extra.freight,
    deliveryDueAt: extra.deliveryDueAt,
    deliveredAt: extra.deliveredAt,
    nextStatuses: adminNextStatuses(orderFacts(extra)),
    history,
  };
}
