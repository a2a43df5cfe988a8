import { data } from "react-router";
import type { Route } from "./+types/api.webhooks.woovi";
import { paymentDeps } from "../context.server";
import { processChargeEvents, recordChargeEvent } from "../domain/payments/charge-events.server";
import { parseWooviEvent, verifyWooviSignature } from "../domain/payments/woovi-webhook.server";

const EVENT_TYPES = {
  "OPENPIX:CHARGE_COMPLETED": "COMPLETED",
  "OPENPIX:CHARGE_EXPIRED": "EXPIRED",
} as const;

/**
 * Woovi's webhook. Only a delivery signed with Woovi's key counts; it is kept once and answered
 * at once, and handled right after (and by the payment job until the provider confirms it): the
 * provider is asked for the charge's status before any order changes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const publicKey = context.env.WOOVI_WEBHOOK_PUBLIC_KEY;
  if (context.pix.name !== "woovi" || !publicKey) throw new Response("Not Found", { status: 404 });
  const body = await request.text();
  if (!verifyWooviSignature(body, request.headers.get("x-webhook-signature"), publicKey)) {
    context.logger.warn("Webhook Woovi com assinatura inválida recusado");
    return data({ error: "Assinatura inválida" }, { status: 401 });
  }
  const event = parseWooviEvent(body);
  if (!event) return data({ error: "Evento inválido" }, { status: 400 });
  if (event.event === "ignored") return data({ ok: true });
  await recordChargeEvent(context.db, {
    provider: "woovi",
    chargeId: event.chargeId,
    eventType: EVENT_TYPES[event.event],
  });
  const deps = paymentDeps(context);
  processChargeEvents(deps).catch((error: unknown) =>
    deps.logger.warn({ err: error }, "Eventos de pagamento não processados; o job tentará de novo"),
  );
  return data({ ok: true });
}
