import { data } from "react-router";
import type { Route } from "./+types/api.webhooks";
import { paymentDeps, type ServerContext } from "../context.server";
import { receiveChargeEvent } from "../domain/orders/charge-events.server";
import type { WebhookSender } from "../domain/payments/payment-webhook";

/**
 * Every payment provider's webhook (`/api/webhooks/woovi`, the URL shops registered at Woovi).
 * The provider verifies and reads its own delivery; only what it believes is kept, once, and
 * answered at once, then handled: the provider is asked for the charge's status before any
 * order changes. A provider the store is not configured with has no webhook here.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const sender = webhookSenderNamed(context, params.provider);
  if (!sender) throw new Response("Not Found", { status: 404 });
  const reading = await sender.webhookEvent(request);
  if (!reading.ok) {
    if (reading.status === 401) {
      context.logger.warn({ provider: sender.name }, "Webhook com assinatura inválida recusado");
    }
    return data({ error: reading.error }, { status: reading.status });
  }
  if (reading.event) await receiveChargeEvent(paymentDeps(context), reading.event);
  return data({ ok: true });
}

function webhookSenderNamed(context: ServerContext, name: string): WebhookSender | null {
  const { pix, card } = context;
  if (pix.name === name && pix.webhookEvent) return { name, webhookEvent: pix.webhookEvent.bind(pix) };
  if (card?.name === name && card.webhookEvent) return { name, webhookEvent: card.webhookEvent.bind(card) };
  return null;
}
