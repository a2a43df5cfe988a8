import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { orders } from "../../db/schema.server";
import { carrierName, type ParcelTracking } from "../../lib/carriers";
import { isOrderId, ORDER_NOT_FOUND } from "../orders/order-details.server";
import { TRACKABLE_STATUSES, TRACKING_MESSAGES } from "../orders/tracking-code";
import { recordAdminWrite, type AdminActor } from "../audit/audit.server";
import type { AdminOrderOutcome } from "./change-order-status.server";

/**
 * An admin gives an order its parcel's carrier and tracking code (checked by the form's
 * `trackingFormSchema`), once the order is being prepared or completed; the change and its audit
 * record (the carrier by its name) are one transaction.
 */
export async function saveTracking(
  db: Database,
  actor: AdminActor,
  orderId: string,
  tracking: ParcelTracking,
): Promise<AdminOrderOutcome> {
  if (!isOrderId(orderId)) return ORDER_NOT_FOUND;
  return db.transaction(async (tx) => {
    // Locked, so a status change at the same time is seen before the code is accepted.
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        code: orders.trackingCode,
        carrier: orders.trackingCarrier,
        carrierName: orders.trackingCarrierName,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) return ORDER_NOT_FOUND;
    if (!TRACKABLE_STATUSES.includes(order.status)) return { ok: false, message: TRACKING_MESSAGES.notYet };
    const unchanged =
      order.code === tracking.code &&
      order.carrier === tracking.carrier &&
      order.carrierName === tracking.carrierName;
    if (unchanged) return { ok: true, message: TRACKING_MESSAGES.saved };
    await tx
      .update(orders)
      .set({
        trackingCode: tracking.code,
        trackingCarrier: tracking.carrier,
        trackingCarrierName: tracking.carrierName,
      })
      .where(eq(orders.id, order.id));
    await recordAdminWrite(tx, actor, {
      action: "order.tracking",
      targetType: "order",
      targetId: order.id,
      before: { trackingCode: order.code, carrier: order.code ? carrierName(order) : null },
      after: { trackingCode: tracking.code, carrier: carrierName(tracking) },
    });
    return { ok: true, message: TRACKING_MESSAGES.saved };
  });
}
