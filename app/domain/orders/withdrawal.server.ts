import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from "../../lib/typed-text";
import { orders } from "../../db/schema.server";
import type { PaymentDeps } from "./payment-deps.server";
import { customerOrder } from "./customer-orders.server";
import { isOrderId } from "./order-details.server";
import {
  askProvider,
  orderRefundableCents,
  reserveRefund,
  unitsNotRefunded,
  type RefundOutcome,
} from "./refunds.server";
import { moveOrder } from "./move-order.server";
import { queueOrderUpdate } from "./order-update-mail.server";

/** The longest reason a customer may give. */
export const WITHDRAWAL_REASON_MAX = 500;

export const WITHDRAWAL_MESSAGES = {
  notFound: "Pedido não encontrado",
  reasonTooLong: `O motivo pode ter até ${WITHDRAWAL_REASON_MAX} caracteres`,
  refunded: "Pedido cancelado e reembolsado",
  refundRequested: "Pedido cancelado. O reembolso foi solicitado e volta pelo mesmo meio de pagamento",
  refundByStore: "Pedido cancelado. A loja fará o reembolso e entrará em contato",
  returnRequested: "Devolução solicitada. Envie o produto de volta: o reembolso é feito quando o recebermos",
} as const;

/** The refund's reason, as the admin and the provider read it. */
const refundReason = (reason: string) => `Desistência da compra${reason ? `: ${reason}` : ""}`;

/**
 * The customer's 'Desistir da compra' on their own order (CDC art. 49), with an optional reason.
 * Before the parcel leaves (the life cycle's `withdraw`), the order is cancelled, its stock
 * returned, and what was paid is refunded through the provider at once. Once it left
 * (`requestReturn`), the order awaits the goods back ('devolução solicitada'): the admin confirms
 * their receipt, then refunds. Both are open for 7 days after delivery; anything else is refused
 * with the life cycle's reason, and changes nothing.
 */
export async function withdrawOrder(
  deps: PaymentDeps,
  userId: string,
  orderId: string,
  typedReason: string,
): Promise<RefundOutcome> {
  const reason = typedReason.trim();
  if (!isOrderId(orderId)) return { ok: false, message: WITHDRAWAL_MESSAGES.notFound };
  if (reason.length > WITHDRAWAL_REASON_MAX) return { ok: false, message: WITHDRAWAL_MESSAGES.reasonTooLong };
  if (hasControlCharacter(reason)) return { ok: false, message: CONTROL_CHARACTER_MESSAGE };
  const store = await deps.store();
  const done = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(customerOrder(userId, orderId))
      .for("update");
    if (!order) return { ok: false, message: WITHDRAWAL_MESSAGES.notFound } as const;
    const by = { actor: "customer", userId } as const;
    // Before the parcel leaves, the order is cancelled and refunded; after, the goods come back.
    const unshipped = order.status === "pending" || order.status === "processing";
    const moved = unshipped
      ? await moveOrder(tx, { orderId: order.id, move: "withdraw", by, reason })
      : await moveOrder(tx, { orderId: order.id, move: "requestReturn", by, reason, store });
    if (!moved.ok) return { ok: false, message: moved.message } as const;
    await tx
      .update(orders)
      .set({ withdrawalRequestedAt: sql`now()`, withdrawalReason: reason || null })
      .where(eq(orders.id, order.id));
    if (!unshipped) return { ok: true, move: "requestReturn", refund: null } as const;
    const leftCents = await orderRefundableCents(tx, order.id);
    await queueOrderUpdate(tx, store, order.id, "withdrawal_cancelled", { amountCents: leftCents, reason });
    // Given back already (an admin's refund came first).
    if (leftCents <= 0) return { ok: true, move: "withdraw", refund: "none-left" } as const;
    const reserved = await reserveRefund(
      tx,
      deps,
      {
        orderId: order.id,
        refundId: randomUUID(),
        amountCents: leftCents,
        reason: refundReason(reason),
        // The whole purchase; its cancellation already put the units back in stock.
        lines: await unitsNotRefunded(tx, order.id),
        restock: false,
      },
      { origin: "withdrawal", requestedBy: null },
    );
    return { ok: true, move: "withdraw", refund: reserved.ok ? reserved.refund : null } as const;
  });
  if (!done.ok) return done;
  if (done.move === "requestReturn") return { ok: true, message: WITHDRAWAL_MESSAGES.returnRequested };
  if (done.refund === "none-left") return { ok: true, message: WITHDRAWAL_MESSAGES.refunded };
  // The provider cannot give it back (no longer configured), or refused it: the shop does.
  const refund = done.refund && (await askProvider(deps, done.refund));
  const messages = { confirmed: "refunded", pending: "refundRequested", failed: "refundByStore" } as const;
  return { ok: true, message: WITHDRAWAL_MESSAGES[refund ? messages[refund.status] : "refundByStore"] };
}
