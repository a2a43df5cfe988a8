import { data } from "react-router";
import type { Route } from "./+types/api.webhooks.bling";
import { blingWebhookSecret } from "../domain/fiscal/bling/bling-connection.server";
import { receiveBlingWebhook } from "../domain/fiscal/bling/bling-invoices.server";

/**
 * Bling's webhooks (`/api/webhooks/bling`, registered in the Bling application): an NF-e or a
 * sales order changed. Believed only when signed with the application's secret, kept once by its
 * `eventId` and answered at once; the Bling job asks Bling for what changed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const secret = await blingWebhookSecret(context.db, context.env);
  const answer = await receiveBlingWebhook(
    context.db,
    secret,
    await request.text(),
    request.headers.get("X-Bling-Signature-256") ?? undefined,
  );
  if (answer.status === 200) return data({ ok: true });
  if (answer.status !== 404)
    context.logger.warn({ status: answer.status }, `Webhook do Bling recusado: ${answer.error}`);
  return data({ error: answer.error }, { status: answer.status });
}
