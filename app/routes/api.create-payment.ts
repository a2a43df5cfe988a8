import { data } from "react-router";
import type { Route } from "./+types/api.create-payment";
import type { CreatePaymentAnswer } from "../domain/orders/checkout-schema";
import { requireUserForJson } from "./guards.server";
import { couponCookie } from "../domain/cart/coupon-cookie";
import { checkoutAttempt, placeCheckout, type CheckoutAttempt } from "./place-checkout.server";

/**
 * The spec's create-payment function: `{products, customer, addressId}` in, an order and its PIX
 * charge out; with `paymentMethod: "card"`, the order and where to pay it at the card provider. The
 * `Idempotency-Key` header names the checkout attempt: a double click or a retry with the same key
 * gets the same order.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const signedOut = (error: string): CreatePaymentAnswer => ({ success: false, error });
  const { user } = await requireUserForJson(context, request, signedOut);
  const outcome = await placeCheckout(context, request, user, await readCheckout(request));
  if (!outcome.ok)
    return data<CreatePaymentAnswer>({ success: false, error: outcome.message }, { status: outcome.status });
  const { ok, ...placed } = outcome;
  // The coupon, if the order used it, is the order's now.
  return data<CreatePaymentAnswer>(
    { success: ok, ...placed },
    { headers: { "Set-Cookie": couponCookie(null) } },
  );
}

/** The attempt's key and its JSON body, unvalidated (the domain validates it). */
async function readCheckout(request: Request): Promise<CheckoutAttempt> {
  const body = await request.text();
  const attempt = checkoutAttempt(request.headers.get("idempotency-key"), body);
  if (!attempt.ok) return attempt;
  try {
    return { ...attempt, request: JSON.parse(body) as unknown };
  } catch {
    return { ok: false, message: "Dados inválidos: JSON inválido" };
  }
}
