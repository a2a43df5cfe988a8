import { and, asc, eq, isNotNull, isNull, lte, or } from "drizzle-orm";
import { claimDue } from "../../db/claim-due.server";
import type { Database } from "../../db/client.server";
import { orders } from "../../db/schema.server";
import type { Logger } from "../../config/logger.server";
import type { OrderMailStore } from "../orders/order-mail-store.server";
import { moveOrder } from "../orders/move-order.server";
import { checkMove } from "../orders/order-lifecycle";
import { factsColumns, orderFacts } from "../orders/paid.server";
import type { CarrierTracking } from "./carrier-tracking";

/** A shipped order's parcel is asked about once an hour at most. */
const RECHECK_MS = 60 * 60_000;
const BATCH = 20;

export interface DeliveryDeps {
  db: Database;
  carrier: CarrierTracking;
  logger: Logger;
  /** The store as an order's e-mail presents it, read at each use (see `orderMailStoreOf`). */
  store: () => Promise<OrderMailStore>;
}

/**
 * Asks the carrier about the parcels of shipped orders it carries (the Correios') and marks
 * delivered those it says reached their addressee, with the carrier's date: the 7 days of
 * withdrawal count from the real delivery. Returns how many were delivered.
 *
 * An order is claimed by stamping `delivery_checked_at`, in one statement with `FOR UPDATE SKIP
 * LOCKED`, among those shipped and not asked about for an hour: another instance skips what this
 * one holds, and a parcel is asked about once an hour at most. The carrier is asked outside any
 * transaction; a failure for one order is logged and it is asked again in an hour.
 */
export async function followDeliveries(deps: DeliveryDeps, now = new Date()): Promise<number> {
  let delivered = 0;
  for (;;) {
    const claimed = await claimShippedOrders(deps.db, now);
    for (const order of claimed) {
      try {
        if (await followDelivery(deps, order)) delivered += 1;
      } catch (error) {
        deps.logger.warn(
          { err: error, orderId: order.id },
          `Não foi possível consultar a entrega do pedido nos ${deps.carrier.name}`,
        );
      }
    }
    if (claimed.length < BATCH) return delivered;
  }
}

async function claimShippedOrders(db: Database, now: Date) {
  return claimDue(db, orders, {
    key: [orders.id],
    due: and(
      eq(orders.status, "shipped"),
      isNotNull(orders.trackingCode),
      // The other carriers' parcels are marked delivered by the admin.
      eq(orders.trackingCarrier, "correios"),
      or(
        isNull(orders.deliveryCheckedAt),
        lte(orders.deliveryCheckedAt, new Date(now.getTime() - RECHECK_MS)),
      ),
    ),
    order: asc(orders.deliveryCheckedAt),
    batch: BATCH,
    lease: { deliveryCheckedAt: now },
    returning: { id: orders.id, trackingCode: orders.trackingCode },
  });
}

/** Whether the carrier's word delivered the order. */
async function followDelivery(
  deps: DeliveryDeps,
  claimed: { id: string; trackingCode: string | null },
): Promise<boolean> {
  if (!claimed.trackingCode) return false;
  const deliveredAt = await deps.carrier.deliveredAt(claimed.trackingCode);
  if (!deliveredAt) return false;
  const store = await deps.store();
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, ...factsColumns })
      .from(orders)
      .where(eq(orders.id, claimed.id))
      .for("update");
    // Moved by the admin meanwhile, or its code changed: the answer is about another parcel.
    if (!order || order.trackingCode !== claimed.trackingCode) return false;
    if (!checkMove("deliver", orderFacts(order), "job").ok) return false;
    // A delivery before the order was paid is another parcel's (a code typed wrong or reused): it
    // would cut the customer's 7 days short.
    if (order.paidAt && deliveredAt < order.paidAt) {
      deps.logger.warn(
        { orderId: order.id, deliveredAt },
        `Os ${deps.carrier.name} dão o objeto como entregue antes do pagamento do pedido; confira o código de rastreio`,
      );
      return false;
    }
    const moved = await moveOrder(tx, { orderId: order.id, move: "deliver", by: { actor: "job" }, store });
    if (!moved.ok) return false;
    await tx.update(orders).set({ deliveredAt }).where(eq(orders.id, order.id));
    return true;
  });
}
