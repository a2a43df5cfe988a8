import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { orderItems } from "../../db/schema.server";
import { lineName } from "../catalog/variants";

/**
 * An order's lines in the order they were bought, each named with its variant ('Smartphone Lume
 * (Cor: Preto)'), with its quantity and list unit price: as an e-mail or a card checkout lists them.
 */
export async function namedLinesOf(db: Database | Transaction, orderId: string) {
  const lines = await db
    .select({
      name: orderItems.productName,
      variantLabel: orderItems.variantLabel,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  return lines.map(({ quantity, unitPriceCents, ...line }) => ({
    name: lineName(line),
    quantity,
    unitPriceCents,
  }));
}
