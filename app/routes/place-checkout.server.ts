import { placeOrderDeps, type ServerContext } from "../context.server";
import { z } from "../lib/zod";
import type { SessionUser } from "../domain/accounts/session.server";
import { recordCartRecovery } from "../domain/marketing/cart-reminders.server";
import {
  checkoutPaused,
  countRefusedCheckout,
  TOO_MANY_CHECKOUTS,
} from "../domain/orders/checkout-limit.server";
import { placeOrder, type PlaceOrderOutcome } from "../domain/orders/place-order.server";

/** A checkout attempt as read from its request: its key and its body (unvalidated), or why it could not be read. */
export type CheckoutAttempt =
  { ok: true; checkoutKey: string; request: unknown } | { ok: false; message: string };

const checkoutKey = z.uuid();

/** An attempt named by `key` (the dialog's `Idempotency-Key`, the plain form's field), refused unless it is one. */
export function checkoutAttempt(key: unknown, request: unknown): CheckoutAttempt {
  const parsed = checkoutKey.safeParse(key);
  if (!parsed.success) return { ok: false, message: "Dados inválidos: Tentativa de compra inválida" };
  return { ok: true, checkoutKey: parsed.data, request };
}

/** A checkout attempt's answer: the order and where to pay it, or why not and the HTTP status that says so. */
export type CheckoutOutcome =
  Extract<PlaceOrderOutcome, { ok: true }> | { ok: false; message: string; status: 422 | 429 };

/**
 * A signed-in customer's checkout attempt, posted by the confirmation dialog's script or by the
 * checkout's plain form: the order is placed, or the refusal is counted against the customer's
 * refused attempts. Once they are used up, no order is placed and every refusal answers with the
 * limit's message (a paused customer's refusal is neither shown nor counted: the pause is).
 */
export async function placeCheckout(
  context: ServerContext,
  request: Request,
  user: SessionUser,
  attempt: CheckoutAttempt,
): Promise<CheckoutOutcome> {
  const outcome: PlaceOrderOutcome = attempt.ok
    ? await placeOrder(await placeOrderDeps(context), {
        userId: user.id,
        taxpayer: user.taxpayer,
        checkoutKey: attempt.checkoutKey,
        request: attempt.request,
      })
    : attempt;
  if (outcome.ok) {
    // Placed in a browser that followed an abandoned cart's e-mail: the cart is recovered.
    await recordCartRecovery(
      context.db,
      context.env,
      request.headers.get("Cookie"),
      user.id,
      outcome.orderId,
    );
    return outcome;
  }
  if (outcome.paused ?? (await checkoutPaused(context.db, user.id)))
    return { ok: false, message: TOO_MANY_CHECKOUTS, status: 429 };
  await countRefusedCheckout(context.db, user.id);
  return { ok: false, message: outcome.message, status: 422 };
}
