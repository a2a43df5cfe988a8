import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api.create-payment";
import { readSession } from "../domain/accounts/session.server";
import type { CreatePaymentAnswer } from "../domain/orders/checkout-schema";
import { placeOrder } from "../domain/orders/place-order.server";

const checkoutKey = z.uuid();

/**
 * The spec's create-payment function: `{products, customer, addressId}` in, an order and its PIX
 * charge out. The `Idempotency-Key` header names the checkout attempt: a double click or a retry
 * with the same key gets the same order.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = (body: CreatePaymentAnswer, status = 200) => data(body, { status });
  const { user } = await readSession(context, request);
  if (!user) return answer({ success: false, error: "Usuário não autenticado" }, 401);
  const key = checkoutKey.safeParse(request.headers.get("idempotency-key"));
  if (!key.success)
    return answer({ success: false, error: "Dados inválidos: Tentativa de compra inválida" }, 400);
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return answer({ success: false, error: "Dados inválidos: JSON inválido" }, 400);
  }
  const outcome = await placeOrder(
    {
      db: context.db,
      pix: context.pix,
      expiresMinutes: context.env.PIX_EXPIRES_MINUTES,
      logger: context.logger,
    },
    { userId: user.id, taxpayer: user.taxpayer, checkoutKey: key.data, request: body },
  );
  if (!outcome.ok) return answer({ success: false, error: outcome.message }, 422);
  return answer({ success: true, orderId: outcome.orderId, pixData: outcome.pixData });
}
