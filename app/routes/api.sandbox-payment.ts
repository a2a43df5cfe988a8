import { data } from "react-router";
import { z } from "../lib/zod";
import type { Route } from "./+types/api.sandbox-payment";
import { paymentDeps } from "../context.server";
import { findCustomerOrder } from "../domain/orders/order-payment.server";
import { isPaid } from "../domain/orders/paid.server";
import { receiveChargeEvent } from "../domain/orders/charge-events.server";
import { simulateSandboxPayment } from "../domain/payments/providers/sandbox-pix/sandbox-pix-provider.server";
import type { OrderPaymentAnswer } from "./api.order-payment";
import { requireUserForJson } from "./guards.server";

const payment = z.object({ orderId: z.string().max(64) });

/**
 * 'Simular pagamento (sandbox)': the sandbox's customer pays, and the store learns it the way it
 * learns a real payment, as an event about the charge, confirmed with the provider.
 * Only with PIX_PROVIDER=sandbox.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (context.pix.name !== "sandbox") throw new Response("Not Found", { status: 404 });
  const { user } = await requireUserForJson(context, request);
  const input = payment.safeParse(Object.fromEntries(await request.formData()));
  const order = input.success ? await findCustomerOrder(context.db, user.id, input.data.orderId) : null;
  if (!order?.pixChargeId)
    return data<OrderPaymentAnswer>({ error: "Pedido não encontrado" }, { status: 404 });
  // Its charge is cancelled, or about to be (`cancelQueuedCharges`): the sandbox's customer cannot pay it.
  if (order.status === "cancelled" && !isPaid(order))
    return data<OrderPaymentAnswer>({ error: "Pedido cancelado" }, { status: 409 });
  await simulateSandboxPayment(context.db, order.pixChargeId);
  const event = { provider: "sandbox", chargeId: order.pixChargeId, eventType: "COMPLETED" };
  const { handled } = await receiveChargeEvent(paymentDeps(context), event);
  // The customer waits for the handling: the answer says whether the order is paid now.
  await handled;
  const after = await findCustomerOrder(context.db, user.id, order.id);
  return data<OrderPaymentAnswer>({ paid: after ? isPaid(after) : false });
}
