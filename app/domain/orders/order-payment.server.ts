import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { orders } from "../../db/schema.server";
import type { PaymentDeps } from "../payments/charge-events.server";
import type { PixPayment } from "../payments/pix-payment";
import { qrCodePngBase64 } from "../payments/qr-code.server";
import { customerOrder } from "./customer-orders.server";
import { followCharge } from "./follow-charge.server";
import { isOrderId } from "./order-details.server";
import { isPaid } from "./paid.server";

type Order = typeof orders.$inferSelect;

/**
 * One of the customer's own orders, or null: another customer's order is never found, nor one the
 * customer deleted from their list.
 */
export async function findCustomerOrder(
  db: Database,
  userId: string,
  orderId: string,
): Promise<Order | null> {
  if (!isOrderId(orderId)) return null;
  const [order] = await db.select().from(orders).where(customerOrder(userId, orderId));
  return order ?? null;
}

/** The payment page's data for an order whose charge exists: the code, its QR image, amount, expiry. */
export async function pixPaymentOf(order: Order): Promise<PixPayment | null> {
  if (!order.pixBrCode || !order.pixExpiresAt) return null;
  return {
    brCode: order.pixBrCode,
    qrCodeBase64: qrCodePngBase64(order.pixBrCode),
    amount: order.totalCents / 100,
    expiresAt: order.pixExpiresAt.toISOString(),
  };
}

/**
 * The customer's "Já Paguei" check: when the order is not paid yet, the provider is asked about
 * its charge and the order follows the answer. Returns whether the order is paid, or null when
 * the order is not the customer's.
 */
export async function checkOrderPayment(
  deps: PaymentDeps,
  userId: string,
  orderId: string,
): Promise<boolean | null> {
  const order = await findCustomerOrder(deps.db, userId, orderId);
  if (!order) return null;
  if (isPaid(order) || !order.pixChargeId || order.pixProvider !== deps.pix.name) return isPaid(order);
  const charge = { provider: deps.pix.name, chargeId: order.pixChargeId };
  const state = await deps.pix.chargeStatus(charge.chargeId);
  await deps.db.transaction((tx) => followCharge(tx, { ...charge, ...state }, deps.contacts));
  const [after] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
  return isPaid(after!);
}
