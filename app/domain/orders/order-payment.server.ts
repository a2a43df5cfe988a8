import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { orders } from "../../db/schema.server";
import type { PaymentDeps } from "./payment-deps.server";
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
  if (!order.pixBrCode || !order.paymentExpiresAt) return null;
  return {
    brCode: order.pixBrCode,
    qrCodeBase64: qrCodePngBase64(order.pixBrCode),
    amount: order.totalCents / 100,
    expiresAt: order.paymentExpiresAt.toISOString(),
  };
}

/** The provider is asked about one order's charge at most this often, whoever clicks. */
const ASK_INTERVAL = "5 seconds";

/**
 * The customer's "Já Paguei" check: when the order is not paid yet, the provider is asked about
 * its charge and the order follows the answer; at most once per `ASK_INTERVAL` across every
 * instance, other checks meanwhile get the status the store last knew. Returns whether the order
 * is paid, or null when the order is not the customer's.
 */
export async function checkOrderPayment(
  deps: PaymentDeps,
  userId: string,
  orderId: string,
): Promise<boolean | null> {
  const order = await findCustomerOrder(deps.db, userId, orderId);
  if (!order) return null;
  if (isPaid(order) || !order.pixChargeId || order.pixProvider !== deps.pix.name) return isPaid(order);
  if (!(await claimProviderQuery(deps.db, order.id))) return false;
  const charge = { provider: deps.pix.name, chargeId: order.pixChargeId };
  const state = await deps.pix.chargeStatus(charge.chargeId);
  const store = await deps.store();
  await deps.db.transaction((tx) => followCharge(tx, { ...charge, ...state }, store));
  const [after] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
  return isPaid(after!);
}

/**
 * Whether a customer's check may ask the provider now ("Já Paguei", a card order's return page):
 * the order's last query is older than the interval (the database's clock, shared by every
 * instance). Kept apart from the expiry job's `pix_checked_at`, so neither delays the other.
 */
export async function claimProviderQuery(db: Database, orderId: string): Promise<boolean> {
  const claimed = await db
    .update(orders)
    .set({ pixAskedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        or(isNull(orders.pixAskedAt), lte(orders.pixAskedAt, sql`now() - ${ASK_INTERVAL}::interval`)),
      ),
    )
    .returning({ id: orders.id });
  return claimed.length > 0;
}
