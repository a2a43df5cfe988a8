import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { orders } from "../../db/schema.server";
import { cancelPaidOrder, cancelUnpaidOrders } from "../orders/cancel-orders.server";
import { isOrderId } from "../orders/order-details.server";
import type { OrderStatus } from "../orders/order-status";
import { checkTransition, TRANSITION_MESSAGES } from "../orders/order-transitions";
import { isPaid, paidColumns } from "../orders/paid.server";
import { recordStatusChanges } from "../orders/status-history.server";
import { recordAdminWrite, type AdminActor } from "./audit.server";

export type AdminOrderOutcome =
  { ok: true; message: string } | { ok: false; message: string } | { ok: false; notFound: true };

export const ORDER_NOT_FOUND = { ok: false, notFound: true } as const;

/**
 * An admin moves an order to `to` (see `checkTransition`). The order's row is locked first, so
 * of two changes at once the second sees the first's result: two cancels return the stock once.
 * The change, its history row and its audit record are one transaction; a refused change writes
 * nothing.
 */
export async function changeOrderStatus(
  db: Database,
  actor: AdminActor,
  orderId: string,
  to: OrderStatus,
): Promise<AdminOrderOutcome> {
  if (!isOrderId(orderId)) return ORDER_NOT_FOUND;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        ...paidColumns,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) return ORDER_NOT_FOUND;
    const from = order.status;
    const paid = isPaid(order);
    const check = checkTransition(from, to, paid);
    if (!check.ok) return check;

    if (to === "cancelled") {
      // The row is locked and the transition checked: the order is pending or processing.
      const open = from as "pending" | "processing";
      const cancelled = paid
        ? await cancelPaidOrder(tx, order.id, open, actor.id)
        : (await cancelUnpaidOrders(tx, eq(orders.id, order.id), actor.id)).length > 0;
      if (!cancelled) return { ok: false, message: TRANSITION_MESSAGES.final };
    } else {
      await tx.update(orders).set({ status: to }).where(eq(orders.id, order.id));
      await recordStatusChanges(tx, actor.id, [{ orderId: order.id, from, to }]);
    }
    await recordAdminWrite(tx, actor, {
      action: "order.status",
      targetType: "order",
      targetId: order.id,
      before: { status: from },
      after: { status: to },
    });
    return { ok: true, message: TRANSITION_MESSAGES.updated };
  });
}
