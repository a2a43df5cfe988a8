import { and, asc, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { orderItems, orders } from "../../db/schema.server";
import type { OrderLine } from "./order-line";
import { isPaid } from "./paid.server";

export interface CustomerOrder {
  id: string;
  createdAt: Date;
  totalCents: number;
  paid: boolean;
  items: OrderLine[];
}

/** The orders a customer sees as theirs: their own, less those they deleted. */
export function visibleOrdersOf(userId: string): SQL {
  return and(eq(orders.userId, userId), isNull(orders.hiddenByCustomerAt))!;
}

/** A customer's own orders with their lines, newest first; orders they deleted are left out. */
export async function listCustomerOrders(db: Database, userId: string): Promise<CustomerOrder[]> {
  const found = await ordersWithLines(db, visibleOrdersOf(userId));
  return found.map(({ order, lines }) => ({
    id: order.id,
    createdAt: order.createdAt,
    totalCents: order.totalCents,
    paid: isPaid(order),
    items: lines.map(toOrderLine),
  }));
}

/** The orders `where` selects, newest first, each with its lines in the order they were bought. */
export async function ordersWithLines(db: Database, where: SQL) {
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((order) => order.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  return rows.map((order) => ({ order, lines: lines.filter((line) => line.orderId === order.id) }));
}

/** An order line as the pages show it, from its row. */
export function toOrderLine(row: typeof orderItems.$inferSelect): OrderLine {
  return {
    id: row.id,
    productId: row.productId,
    name: row.productName,
    image: row.productImage,
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
  };
}
