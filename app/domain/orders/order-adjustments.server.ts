import { asc, inArray } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { orderAdjustments } from "../../db/schema.server";
import type { TotalAdjustment } from "./order-total";

/** The adjustments of each of the orders' totals, in the order they were added (none: absent). */
export async function adjustmentsOf(
  db: Database | Transaction,
  orderIds: readonly string[],
): Promise<Map<string, TotalAdjustment[]>> {
  const byOrder = new Map<string, TotalAdjustment[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderAdjustments.orderId,
      kind: orderAdjustments.kind,
      label: orderAdjustments.label,
      amountCents: orderAdjustments.amountCents,
    })
    .from(orderAdjustments)
    .where(inArray(orderAdjustments.orderId, [...orderIds]))
    .orderBy(asc(orderAdjustments.id));
  for (const { orderId, ...adjustment } of rows) {
    byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), adjustment]);
  }
  return byOrder;
}

/** The adjustments of one order's total, in the order they were added. */
export async function adjustmentsOfOrder(
  db: Database | Transaction,
  orderId: string,
): Promise<TotalAdjustment[]> {
  return (await adjustmentsOf(db, [orderId])).get(orderId) ?? [];
}
