import { data } from "react-router";
import { z } from "../lib/zod";
import type { Route } from "./+types/api.create-payment";
import {
  checkoutPaused,
  countRefusedCheckout,
  TOO_MANY_CHECKOUTS,
} from "../domain/orders/checkout-limit.server";
import type { CreatePaymentAnswer } from "../domain/orders/checkout-schema";
import { placeOrder, type PlaceOrderOutcome } from "../domain/orders/place-order.server";
import { placeOrderDeps } from "../context.server";
import { requireUserForJson } from "./guards.server";

const checkoutKey = z.uuid();

/**
 * The spec's create-payment function: `{products, customer, addressId}` in, an order and its PIX
 * charge out; with `paymentMethod: "card"`, the order and where to pay it at the card provider. The `Idempotency-Key` header names the checkout attempt: a double click or a retry
 * with the same key gets the same order. Refused attempts are limited per customer: once they are
 * used up, no order is placed and every refusal answers with the limit's message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = (body: CreatePaymentAnswer, status = 200) => data(body, { status });
  const signedOut = (error: string): CreatePaymentAnswer => ({ success: false, error });
  const { user } = await requireUserForJson(context, request, signedOut);

  const outcome = await readCheckout(request).then(async (checkout) =>
    checkout.ok
      ? placeOrder(await placeOrderDeps(context), { userId: user.id, taxpayer: user.taxpayer, ...checkout })
      : checkout,
  );
  if (!outcome.ok) {
    // A paused customer's refusal is neither shown nor counted: the pause is.
    if (outcome.paused ?? (await checkoutPaused(context.db, user.id)))
      return answer({ success: false, error: TOO_MANY_CHECKOUTS }, 429);
    await countRefusedCheckout(context.db, user.id);
    return answer({ success: false, error: outcome.message }, 422);
  }
  const { ok, ...placed } = outcome;
  return answer({ success: ok, ...placed });
}

/** The attempt's key and its JSON body, unvalidated (the domain validates it). */
async function readCheckout(
  request: Request,
): Promise<{ ok: true; checkoutKey: string; request: unknown } | Extract<PlaceOrderOutcome, { ok: false }>> {
  const key = checkoutKey.safeParse(request.headers.get("idempotency-key"));
  if (!key.success) return { ok: false, message: "Dados inválidos: Tentativa de compra inválida" };
  try {
    return { ok: true, checkoutKey: key.data, request: JSON.parse(await request.text()) };
  } catch {
    return { ok: false, message: "Dados inválidos: JSON inválido" };
  }
}
