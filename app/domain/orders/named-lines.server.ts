import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { orderItems } from "../../db/schema.server";
import { lineName } from "../catalog/variants";
import { freightPaidCents } from "./order-total";
import { adjustmentsOfOrder } from "./order-adjustments.server";

/** One of an order's lines, named with its variant ('Smartphone Lume (Cor: Preto)'). */
export interface NamedOrderLine {
  orderItemId: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** The units it gave back to stock (a refund, the order's cancellation). */
  returnedQuantity: number;
  /** Its share of the order's coupon (0: none). */
  couponDiscountCents: number;
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
      couponDiscountCents: orderItems.couponDiscountCents,
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

/** A line a provider charges: a name, a quantity and a unit price in centavos. */
export interface ChargedLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
}

/**
 * An order's lines as a card provider charges them, adding up to the order's total (its
 * checkout takes no negative line): each line less its share of the coupon (in one line of all
 * its units when the share does not split evenly over them), then the freight less what a
 * free-shipping coupon took of it.
 */
export async function chargedLinesOf(db: Database | Transaction, orderId: string): Promise<ChargedLine[]> {
  const [lines, adjustments] = await Promise.all([
    orderLinesOf(db, orderId),
    adjustmentsOfOrder(db, orderId),
  ]);
  const couponOnLines = lines.reduce((sum, line) => sum + line.couponDiscountCents, 0);
  const freight = adjustments.find((adjustment) => adjustment.kind === "freight");
  const freightCharged = freightPaidCents(adjustments, couponOnLines);
  return [
    ...lines.map(({ name, quantity, unitPriceCents, couponDiscountCents }) =>
      couponDiscountCents % quantity === 0
        ? { name, quantity, unitPriceCents: unitPriceCents - couponDiscountCents / quantity }
        : {
            name: `${name} (${quantity} unidades)`,
            quantity: 1,
            unitPriceCents: unitPriceCents * quantity - couponDiscountCents,
          },
    ),
    ...(freight && freightCharged > 0
      ? [{ name: freight.label, quantity: 1, unitPriceCents: freightCharged }]
      : []),
  ];
}
