import { data } from "react-router";
import type { Route } from "./+types/api.webhooks";
import { paymentDeps } from "../context.server";
import { receiveChargeEvent } from "../domain/orders/charge-events.server";
import { configuredProviderNamed } from "../domain/payments/store-providers";

/**
 * Every payment provider's webhook (`/api/webhooks/woovi`, the URL shops registered at Woovi).
 * The provider verifies and reads its own delivery; only what it believes is kept, once, and
 * answered at once, then handled: the provider is asked for the charge's status before any
 * order changes. A provider the store is not configured with has no webhook here.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const provider = configuredProviderNamed(context, params.provider);
  if (!provider?.webhookEvent) throw new Response("Not Found", { status: 404 });
  const reading = await provider.webhookEvent(request);
  if (!reading.ok) {
    if (reading.status === 401) {
      context.logger.warn({ provider: provider.name }, "Webhook com assinatura inválida recusado");
    }
    return data({ error: reading.error }, { status: reading.status });
  }
  if (reading.event) await receiveChargeEvent(paymentDeps(context), reading.event);
  return data({ ok: true });
}
