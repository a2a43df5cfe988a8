import { and, asc, eq, ne, type SQL } from "drizzle-orm";
import { z } from "../../lib/zod";
import type { Database } from "../../db/client.server";
import { orderItems, orderRefunds, orders } from "../../db/schema.server";
import { customerOrder, toOrderLine } from "./customer-orders.server";
import { adjustmentsOfOrder } from "./order-adjustments.server";
import { isPaid } from "./paid.server";
import type { ReceiptOrder, ShippingAddress } from "./receipt";

/** One order as its receipt and the payment-success page show it: what was bought, as bought. */
export type OrderDetails = ReceiptOrder;

/** An id that is not a UUID names no order (and would be a query error). */
export const isOrderId = (id: string) => z.uuid().safeParse(id).success;

/** What an admin's change of an order answers when the order does not exist. */
export const ORDER_NOT_FOUND = { ok: false, notFound: true } as const;

/**
 * The address is a snapshot taken at checkout (jsonb); an anonymised order keeps `{}`. Missing
 * fields read as empty text rather than failing the whole receipt.
 */
const text = z.string().catch("");
const shippingAddressSchema = z
  .object({
    cep: text,
    street: text,
    number: text,
    complement: z.string().nullish().catch(null),
    neighborhood: text,
    city: text,
    state: text,
  })
  .catch({ cep: "", street: "", number: "", complement: null, neighborhood: "", city: "", state: "" });

/** The customer's own order `orderId` with its lines (not one they deleted), or null. */
export async function findCustomerOrderDetails(
  db: Database,
  userId: string,
  orderId: string,
): Promise<OrderDetails | null> {
  return isOrderId(orderId) ? orderDetailsWhere(db, customerOrder(userId, orderId)) : null;
}

/**
 * Any order with its lines, as the store keeps it (deleted from its customer's list or not), or
 * null: only for an admin who passed the gate (the admin guards of `app/routes/guards.server.ts`).
 */
export async function findOrderDetails(db: Database, orderId: string): Promise<OrderDetails | null> {
  return isOrderId(orderId) ? orderDetailsWhere(db, eq(orders.id, orderId)) : null;
}

async function orderDetailsWhere(db: Database, where: SQL): Promise<OrderDetails | null> {
  const [order] = await db.select().from(orders).where(where);
  if (!order) return null;
  const [lines, adjustments, refunds] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    adjustmentsOfOrder(db, order.id),
    db
      .select({
        amountCents: orderRefunds.amountCents,
        status: orderRefunds.status,
        createdAt: orderRefunds.createdAt,
        confirmedAt: orderRefunds.confirmedAt,
        includesFreight: orderRefunds.includesFreight,
      })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), ne(orderRefunds.status, "failed")))
      .orderBy(asc(orderRefunds.createdAt)),
  ]);
  const shippingAddress: ShippingAddress = shippingAddressSchema.parse(order.shippingAddress);
  return {
    id: order.id,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    adjustments,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    paymentMethod: order.paymentMethod,
    cardPaymentType: order.cardPaymentType,
    cardInstallments: order.cardInstallments,
    status: order.status,
    paymentStatus: order.paymentStatus,
    pixStatus: order.pixStatus,
    paid: isPaid(order),
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    customerTaxId: order.customerTaxId,
    customerStateRegistration: order.customerStateRegistration,
    shippingAddress,
    items: lines.map(toOrderLine),
    refunds,
  };
}
