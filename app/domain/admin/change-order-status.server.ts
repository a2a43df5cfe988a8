import { eq } from "drizzle-orm";
import { orders } from "../../db/schema.server";
import { cancelPaidOrder, cancelUnpaidOrders } from "../orders/cancel-orders.server";
import { isOrderId, ORDER_NOT_FOUND } from "../orders/order-details.server";
import { checkAdminChange, LIFECYCLE_MESSAGES, type OrderStatus } from "../orders/order-lifecycle";
import { factsColumns, orderFacts } from "../orders/paid.server";
import type { PaymentDeps } from "../orders/payment-deps.server";
import { moveOrder } from "../orders/move-order.server";
import { recordAdminWrite, type AdminActor } from "./audit.server";

export type AdminOrderOutcome =
  { ok: true; message: string } | { ok: false; message: string } | { ok: false; notFound: true };

export const STATUS_UPDATED = "Status do pedido atualizado!";

/**
 * An admin moves an order to `to` (the life cycle's admin moves, `checkAdminChange`). The order's
 * row is locked first, so of two changes at once the second sees the first's result: two cancels
 * return the stock once. The change, its history row and its audit record are one transaction; a
 * refused change writes nothing.
 */
export async function changeOrderStatus(
  { db, store: readStore }: Pick<PaymentDeps, "db" | "store">,
  actor: AdminActor,
  orderId: string,
  to: OrderStatus,
): Promise<AdminOrderOutcome> {
  if (!isOrderId(orderId)) return ORDER_NOT_FOUND;
  const store = await readStore();
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, ...factsColumns })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) return ORDER_NOT_FOUND;
    const facts = orderFacts(order);
    const change = checkAdminChange(facts, to);
    if (!change.ok) return change;

    const from = order.status;
    if (change.move === "cancel") {
      // The row is locked and the move checked: the order is pending or processing.
      const open = from as "pending" | "processing";
      const cancelled = facts.paid
        ? await cancelPaidOrder(tx, order.id, open, actor.id)
        : (await cancelUnpaidOrders(tx, eq(orders.id, order.id), actor.id)).length > 0;
      if (!cancelled) return { ok: false, message: LIFECYCLE_MESSAGES.final };
    } else {
      await moveOrder(tx, store, order, change.move, actor.id);
    }
    await recordAdminWrite(tx, actor, {
      action: "order.status",
      targetType: "order",
      targetId: order.id,
      before: { status: from },
      after: { status: to },
    });
    return { ok: true, message: STATUS_UPDATED };
  });
}
