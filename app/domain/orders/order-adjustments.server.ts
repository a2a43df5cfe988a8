import { asc, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { orderAdjustments, orderItems } from "../../db/schema.server";
import { TOTAL_ADJUSTMENT_KINDS } from "../../lib/order-statuses";
import type { TotalAdjustment } from "./order-total";

/** Each kind's place in `TOTAL_ADJUSTMENT_KINDS`, as SQL orders by it. */
const kindOrder = sql`array_position(array[${sql.join(
  TOTAL_ADJUSTMENT_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
)}]::text[], ${orderAdjustments.kind})`;

/**
 * The adjustments of each of the orders' totals (none: absent), in the order of their kinds
 * (`TOTAL_ADJUSTMENT_KINDS`: the PIX discount, then the freight), whichever was written first.
 */
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
    .orderBy(asc(kindOrder), asc(orderAdjustments.id));
  for (const { orderId, ...adjustment } of rows) {
    byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), adjustment]);
  }
  return byOrder;
}

/** The adjustments of one order's total, in the order of their kinds. */
export async function adjustmentsOfOrder(
  db: Database | Transaction,
  orderId: string,
): Promise<TotalAdjustment[]> {
  return (await adjustmentsOf(db, [orderId])).get(orderId) ?? [];
}

/**
 * What the customer paid of an order's freight, in SQL: its line, less what a free-shipping
 * coupon took of it (the coupon's discount beyond its lines' shares; `freightPaidCents` in
 * order-total.ts). 0 when it shipped free. `orderId`: a value, or a column of another table than
 * the two it reads.
 */
export function freightPaidSql(orderId: SQL | AnyColumn): SQL {
  return sql`((
    select coalesce(sum(${orderAdjustments.amountCents}), 0) from ${orderAdjustments}
    where ${orderAdjustments.orderId} = ${orderId} and ${orderAdjustments.kind} in ('freight', 'coupon')
  ) + (
    select coalesce(sum(${orderItems.couponDiscountCents}), 0) from ${orderItems}
    where ${orderItems.orderId} = ${orderId}
  ))`;
}
