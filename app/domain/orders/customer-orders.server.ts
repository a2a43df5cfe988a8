import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { orderItems, orders } from "../../db/schema.server";
import { isPaid } from "./paid";

export interface CustomerOrder {
  id: string;
  createdAt: Date;
  totalCents: number;
  paid: boolean;
  items: {
    id: number;
    productId: number | null;
    name: string;
    image: string;
    quantity: number;
    unitPriceCents: number;
  }[];
}

/** A customer's own orders with their lines, newest first; orders they deleted are left out. */
export async function listCustomerOrders(db: Database, userId: string): Promise<CustomerOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), isNull(orders.hiddenByCustomerAt)))
    .orderBy(desc(orders.createdAt));
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
  return rows.map((order) => ({
    id: order.id,
    createdAt: order.createdAt,
    totalCents: order.totalCents,
    paid: isPaid(order),
    items: lines
      .filter((line) => line.orderId === order.id)
      .map((line) => ({
        id: line.id,
        productId: line.productId,
        name: line.productName,
        image: line.productImage,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
      })),
  }));
}
