import type { Database } from "../../db/client.server";
import { orders } from "../../db/schema.server";
import { customerOrder } from "./customer-orders.server";
import { isOrderId } from "./order-details.server";
import { ORDER_STATUS_LABELS, type OrderStatus } from "./order-lifecycle";
import { isPaid } from "./paid.server";
import { listStatusHistory } from "./status-history.server";

export interface TimelineEntry {
  at: Date;
  label: string;
}

export interface TrackedOrder {
  id: string;
  status: OrderStatus;
  /** Placed, paid, then each status change, oldest first. */
  timeline: TimelineEntry[];
  trackingCode: string | null;
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
  const history = await listStatusHistory(db, order);
  const timeline: TimelineEntry[] = [
    { at: order.createdAt, label: "Pedido realizado" },
    ...(isPaid(order) && order.paidAt ? [{ at: order.paidAt, label: "Pagamento confirmado" }] : []),
    ...history.map((change) => ({ at: change.at, label: `Status: ${ORDER_STATUS_LABELS[change.to]}` })),
  ];
  // A payment can come after a cancellation (a late one): the steps go by time.
  timeline.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { id: order.id, status: order.status, timeline, trackingCode: order.trackingCode };
}
