import { and, eq, inArray, isNull, lt, notExists, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.server";
import { orderItems, orders } from "../../db/schema.server";

/**
 * An order's units going back to stock, each once: `order_items.returned_quantity` counts what each
 * line gave back (the database refuses more than the line holds), and an order whose every unit is
 * back gets `orders.stock_returned_at` (it can no longer be shipped). Callers hold the order's row
 * locked, so two returns of one order never interleave.
 */

/** Units of one of an order's lines going back to stock. */
export interface ReturnedUnits {
  orderItemId: number;
  quantity: number;
}

/** Every unit of these orders not back in stock yet goes back (their cancellation). */
export async function returnStock(tx: Transaction, orderIds: string[]): Promise<void> {
  const left = await tx
    .select({
      orderItemId: orderItems.id,
      quantity: sql<number>`${orderItems.quantity} - ${orderItems.returnedQuantity}`.mapWith(Number),
    })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, orderIds), lt(orderItems.returnedQuantity, orderItems.quantity)));
  await returnUnits(tx, left);
}

/**
 * Puts `units` back on their lines' variants (a deleted variant is skipped) and counts them
 * returned; marks the orders whose every unit is now back. The caller checked each against what
 * its line has left.
 */
export async function returnUnits(tx: Transaction, units: ReturnedUnits[]): Promise<void> {
  if (units.length === 0) return;
  const ids = units.map((line) => line.orderItemId);
  const quantities = units.map((line) => line.quantity);
  await tx.execute(sql`
    with back as (
      select * from unnest(${sql.param(ids)}::integer[], ${sql.param(quantities)}::integer[]) as back (order_item_id, quantity)
    ),
    line as (
      update order_items set returned_quantity = order_items.returned_quantity + back.quantity
      from back
      where order_items.id = back.order_item_id
      returning order_items.variant_id, back.quantity
    )
    update product_variants set stock = product_variants.stock + per_variant.quantity
    from (select variant_id, sum(quantity) as quantity from line group by variant_id) as per_variant
    where product_variants.id = per_variant.variant_id
  `);
  const unitsLeft = tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orders.id), lt(orderItems.returnedQuantity, orderItems.quantity)));
  await tx
    .update(orders)
    .set({ stockReturnedAt: sql`now()` })
    .where(
      and(
        isNull(orders.stockReturnedAt),
        inArray(
          orders.id,
          tx.select({ id: orderItems.orderId }).from(orderItems).where(inArray(orderItems.id, ids)),
        ),
        notExists(unitsLeft),
      ),
    );
}
