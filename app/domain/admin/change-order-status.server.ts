import { eq } from "drizzle-orm";
import { orders } from "../../db/schema.server";
import { isOrderId, ORDER_NOT_FOUND } from "../orders/order-details.server";
import { checkAdminChange, type OrderStatus } from "../orders/order-lifecycle";
import { factsColumns, orderFacts } from "../orders/paid.server";
import type { PaymentDeps } from "../orders/payment-deps.server";
import { moveOrder } from "../orders/move-order.server";
import type { AdminActor } from "../audit/audit.server";
import type { Outcome } from "../../lib/outcome";

export type AdminOrderOutcome = Outcome<{ message: string }> | typeof ORDER_NOT_FOUND;

export const STATUS_UPDATED = "Status do pedido atualizado!";

/**
 * An admin moves an order to `to` (the life cycle's admin moves, `checkAdminChange`), through
 * `moveOrder`. The order's row is locked first, so of two changes at once the second sees the
 * first's result: two cancels return the stock once. The change, its history row and its audit
 * record are one transaction; a refused change writes nothing.
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
    // The panel names a status: the move that leads there, if the admin may make it now.
    const change = checkAdminChange(orderFacts(order), to);
    if (!change.ok) return change;
    const moved = await moveOrder(tx, {
      orderId,
      move: change.move,
      by: { actor: "admin", admin: actor },
      store,
    });
    if (!moved.ok) return { ok: false, message: moved.message };
    return { ok: true, message: STATUS_UPDATED };
  });
}
