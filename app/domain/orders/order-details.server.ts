import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.server";
import { orderItems, orders } from "../../db/schema.server";
import type { Role } from "../accounts/session.server";
import { toOrderLine } from "./customer-orders.server";
import { isPaid } from "./paid.server";
import type { ReceiptOrder, ShippingAddress } from "./receipt";

/** One order as its receipt and the payment-success page show it: what was bought, as bought. */
export interface OrderDetails extends ReceiptOrder {
  status: (typeof orders.$inferSelect)["status"];
}

export interface OrderViewer {
  id: string;
  role: Role;
}

/** An id that is not a UUID names no order (and would be a query error). */
export const isOrderId = (id: string) => z.uuid().safeParse(id).success;

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

/**
 * The order `orderId` with its lines, if `viewer` may see it: an admin any order, a customer only
 * their own that they have not deleted from their list. Otherwise (or for a malformed id) null.
 */
export async function findOrderForViewer(
  db: Database,
  orderId: string,
  viewer: OrderViewer,
): Promise<OrderDetails | null> {
  if (!isOrderId(orderId)) return null;
  const visible =
    viewer.role === "admin"
      ? eq(orders.id, orderId)
      : and(eq(orders.id, orderId), eq(orders.userId, viewer.id), isNull(orders.hiddenByCustomerAt));
  const [order] = await db.select().from(orders).where(visible);
  if (!order) return null;
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const shippingAddress: ShippingAddress = shippingAddressSchema.parse(order.shippingAddress);
  return {
    id: order.id,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    totalCents: order.totalCents,
    status: order.status,
    paymentStatus: order.paymentStatus,
    pixStatus: order.pixStatus,
    paid: isPaid(order),
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    customerTaxId: order.customerTaxId,
    shippingAddress,
    items: lines.map(toOrderLine),
  };
}
