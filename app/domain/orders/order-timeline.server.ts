import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { orderRefunds, orders } from "../../db/schema.server";
import { parcelTrackingOf, type ParcelTracking } from "../../lib/carriers";
import { formatBRL } from "../../lib/money";
import { freightServiceName } from "../shipping/freight-options";
import { customerOrder, promisedArrival } from "./customer-orders.server";
import { isOrderId } from "./order-details.server";
import { ORDER_STATUS_LABELS, type OrderStatus } from "./order-lifecycle";
import { isPaid } from "./paid.server";
import { listStatusHistory } from "./status-history.server";

export interface TimelineEntry {
  at: Date;
  label: string;
  /** What goes with it: the customer's reason for a withdrawal, a refund's 'Frete incluído'; or null. */
  detail: string | null;
}

export interface TrackedOrder {
  id: string;
  status: OrderStatus;
  /** Placed, paid, each status change, the withdrawal and each refund's steps, oldest first. */
  timeline: TimelineEntry[];
  /** The parcel's carrier and code, once the store gave them. */
  tracking: ParcelTracking | null;
  /** The freight chosen ('SEDEX (Correios)'); null for an order that shipped free. */
  freight: string | null;
  /** The last day the parcel is promised by (`promisedArrival`). */
  arrivesBy: Date | null;
}

/**
 * One of the customer's own orders (not deleted from their list) as 'Rastrear Pedido' shows it;
 * null for any other order, or a malformed id.
 */
export async function findTrackedOrder(
  db: Database,
  userId: string,
  orderId: string,
): Promise<TrackedOrder | null> {
  if (!isOrderId(orderId)) return null;
  const [order] = await db.select().from(orders).where(customerOrder(userId, orderId));
  if (!order) return null;
  const [history, refunds] = await Promise.all([
    listStatusHistory(db, order),
    db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id))
      .orderBy(asc(orderRefunds.createdAt)),
  ]);
  const step = (at: Date, label: string, detail: string | null = null): TimelineEntry => ({
    at,
    label,
    detail,
  });
  const timeline: TimelineEntry[] = [
    step(order.createdAt, "Pedido realizado"),
    ...(isPaid(order) && order.paidAt ? [step(order.paidAt, "Pagamento confirmado")] : []),
    ...(order.withdrawalRequestedAt
      ? [step(order.withdrawalRequestedAt, "Desistência solicitada", order.withdrawalReason || null)]
      : []),
    ...history.map((change) => step(change.at, `Status: ${ORDER_STATUS_LABELS[change.to]}`)),
    ...refunds.flatMap((refund) => {
      const amount = formatBRL(refund.amountCents);
      return [
        step(refund.createdAt, `Reembolso de ${amount} solicitado`),
        ...(refund.confirmedAt
          ? [
              step(
                refund.confirmedAt,
                `Reembolso de ${amount} confirmado`,
                refund.includesFreight ? "Frete incluído" : null,
              ),
            ]
          : []),
        ...(refund.status === "failed"
          ? [step(refund.updatedAt, `Reembolso de ${amount} não realizado`)]
          : []),
      ];
    }),
  ];
  // A payment can come after a cancellation (a late one): the steps go by time.
  timeline.sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    id: order.id,
    status: order.status,
    timeline,
    tracking: parcelTrackingOf(order),
    freight: order.freight && freightServiceName(order.freight),
    arrivesBy: promisedArrival(order),
  };
}
