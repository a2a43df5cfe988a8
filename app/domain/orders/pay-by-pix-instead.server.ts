import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { orderItems, orders, payments } from "../../db/schema.server";
import { pixTotals } from "../payments/payment-prices";
import { queueChargeCancellations } from "./charge-cancellation-queue.server";
import { customerOrder } from "./customer-orders.server";
import { isOrderId } from "./order-details.server";
import { awaitsPayment } from "./paid.server";
import { paymentOfExistingOrder, type PlaceOrderDeps, type PlaceOrderOutcome } from "./place-order.server";

export const PAY_BY_PIX_MESSAGES = {
  notFound: "Pedido não encontrado",
  notRefused: "Este pedido não pode mais ser pago com PIX",
} as const;

/**
 * After the card provider refused a card order's payment, the customer pays the same order by PIX,
 * without placing it again: the refused card stays on the order as a payment of its own, its
 * checkout is cancelled at the provider, and the order's payment becomes a PIX charge of its
 * total by PIX (`pixPriceOf`), created as a placed order's is. A repeated request (a double click,
 * another tab) gets the same charge, once it exists.
 */
export async function payByPixInstead(
  deps: PlaceOrderDeps,
  userId: string,
  orderId: string,
): Promise<PlaceOrderOutcome> {
  if (!isOrderId(orderId)) return { ok: false, message: PAY_BY_PIX_MESSAGES.notFound };
  const switched = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(customerOrder(userId, orderId)).for("update");
    if (!order) return PAY_BY_PIX_MESSAGES.notFound;
    const waiting = awaitsPayment(order);
    // Already switched by an earlier request: its charge is the one.
    if (waiting && order.paymentMethod === "pix") return null;
    if (!waiting || order.cardPaymentStatus !== "rejected") return PAY_BY_PIX_MESSAGES.notRefused;
    await tx.insert(payments).values({
      orderId: order.id,
      method: "card",
      provider: order.cardProvider,
      providerPaymentId: order.cardPaymentId,
      checkoutId: order.cardCheckoutId,
      checkoutUrl: order.cardCheckoutUrl,
      methodType: order.cardPaymentType,
      installments: order.cardInstallments,
      amountCents: order.totalCents,
      status: "failed",
      providerStatus: order.cardPaymentStatus,
      // Listed before the order's own payment, which it came before.
      createdAt: order.createdAt,
    });
    await queueChargeCancellations(tx, [
      { id: order.id, provider: order.cardProvider, chargeId: order.cardCheckoutId },
    ]);
    // The order's own payment is now a PIX charge, to create, of its PIX price; its lease is free.
    await tx
      .update(orders)
      .set({
        ...(await pixPriceOf(tx, order, deps.terms.pixDiscountBasisPoints)),
        paymentMethod: "pix",
        pixStatus: "ACTIVE",
        cardProvider: null,
        cardCheckoutId: null,
        cardCheckoutUrl: null,
        cardPaymentId: null,
        cardPaymentStatus: null,
        cardPaymentType: null,
        cardInstallments: null,
        chargeRequestedAt: null,
      })
      .where(eq(orders.id, order.id));
    return null;
  });
  if (switched) return { ok: false, message: switched };
  return paymentOfExistingOrder(deps, orderId);
}

/** An order's total and PIX discount as the order's columns hold them. */
export type PixPrice = Pick<
  typeof orders.$inferSelect,
  "totalCents" | "pixDiscountCents" | "pixDiscountBasisPoints"
>;

/**
 * What an order costs paid by PIX now: its items priced as an order placed by PIX is (each unit's
 * PIX price at the store's discount, payment-prices.ts), in place of the discount it had (none,
 * by card); the rest of its total stays.
 */
export async function pixPriceOf(
  db: Database | Transaction,
  order: PixPrice & { id: string },
  pixDiscountBasisPoints: number,
): Promise<PixPrice> {
  const items = await db
    .select({ unitPriceCents: orderItems.unitPriceCents, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const { discountCents } = pixTotals(items, pixDiscountBasisPoints);
  return {
    totalCents: order.totalCents + order.pixDiscountCents - discountCents,
    pixDiscountCents: discountCents,
    pixDiscountBasisPoints,
  };
}
