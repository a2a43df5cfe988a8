import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { orderItems } from "../../db/schema.server";
import { lineName } from "../catalog/variants";

/** One of an order's lines, named with its variant ('Smartphone Lume (Cor: Preto)'). */
export interface NamedOrderLine {
  orderItemId: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** The units it gave back to stock (a refund, the order's cancellation). */
  returnedQuantity: number;
}

/** An order's lines in the order they were bought, each named with its variant. */
export async function orderLinesOf(db: Database | Transaction, orderId: string): Promise<NamedOrderLine[]> {
  const lines = await db
    .select({
      orderItemId: orderItems.id,
      name: orderItems.productName,
      variantLabel: orderItems.variantLabel,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      returnedQuantity: orderItems.returnedQuantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  return lines.map(({ name, variantLabel, ...line }) => ({
    ...line,
    name: lineName({ name, variantLabel }),
  }));
}

/**
 * An order's lines with their quantity and list unit price: as an e-mail or a card checkout lists
 * them.
 */
export async function namedLinesOf(db: Database | Transaction, orderId: string) {
  const lines = await orderLinesOf(db, orderId);
  return lines.map(({ name, quantity, unitPriceCents }) => ({ name, quantity, unitPriceCents }));
}
