import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { orders } from "../../db/schema.server";
import { moveOrder } from "./move-order.server";
import { customerOrder } from "./customer-orders.server";
import { isOrderId } from "./order-details.server";
import type { Outcome } from "../../lib/outcome";

export type DeleteOrderOutcome = Outcome;

const NOT_DELETED = { ok: false, message: "Erro ao excluir pedido" } as const;

/**
 * A customer's "Excluir pedido" (DESIGN point 4): the order leaves their list; if it was still
 * waiting for payment it is cancelled and its stock returned. A paid order is only hidden, since
 * the store must keep it (fiscal records) and admins still see it.
 */
export async function deleteCustomerOrder(
  db: Database,
  userId: string,
  orderId: string,
): Promise<DeleteOrderOutcome> {
  if (!isOrderId(orderId)) return NOT_DELETED;
  return db.transaction(async (tx) => {
    // Locked first, so a payment confirmed meanwhile waits and the order is not cancelled under it.
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(customerOrder(userId, orderId))
      .for("update");
    if (!order) return NOT_DELETED;
    // Cancelled if it still waits for its payment; a paid order is only hidden.
    await moveOrder(tx, { orderId: order.id, move: "cancel", by: { actor: "customer", userId } });
    await tx.update(orders).set({ hiddenByCustomerAt: new Date() }).where(eq(orders.id, order.id));
    return { ok: true } as const;
  });
}
