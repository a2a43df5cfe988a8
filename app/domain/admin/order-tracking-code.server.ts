import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { orders } from "../../db/schema.server";
import { isOrderId, ORDER_NOT_FOUND } from "../orders/order-details.server";
import { TRACKABLE_STATUSES, trackingCodeSchema, TRACKING_MESSAGES } from "../orders/tracking-code";
import { recordAdminWrite, type AdminActor } from "../audit/audit.server";
import type { AdminOrderOutcome } from "./change-order-status.server";

/**
 * An admin gives an order its Correios tracking code (typed in any case, kept upper-cased), once
 * the order is being prepared or completed; the change and its audit record are one transaction.
 */
export async function saveTrackingCode(
  db: Database,
  actor: AdminActor,
  orderId: string,
  typed: string,
): Promise<AdminOrderOutcome> {
  if (!isOrderId(orderId)) return ORDER_NOT_FOUND;
  const parsed = trackingCodeSchema.safeParse(typed);
  return db.transaction(async (tx) => {
    // Locked, so a status change at the same time is seen before the code is accepted.
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, trackingCode: orders.trackingCode })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) return ORDER_NOT_FOUND;
    if (!parsed.success) return { ok: false, message: TRACKING_MESSAGES.invalid };
    if (!TRACKABLE_STATUSES.includes(order.status)) return { ok: false, message: TRACKING_MESSAGES.notYet };
    if (order.trackingCode === parsed.data) return { ok: true, message: TRACKING_MESSAGES.saved };
    await tx.update(orders).set({ trackingCode: parsed.data }).where(eq(orders.id, order.id));
    await recordAdminWrite(tx, actor, {
      action: "order.tracking",
      targetType: "order",
      targetId: order.id,
      before: { trackingCode: order.trackingCode },
      after: { trackingCode: parsed.data },
    });
    return { ok: true, message: TRACKING_MESSAGES.saved };
  });
}
