import { data, redirect } from "react-router";
import type { Route } from "./+types/order-label";
import { labelDeps } from "../../context.server";
import { ProviderError } from "../../domain/payments/provider-http.server";
import { printLabel } from "../../domain/shipping/labels/buy-labels.server";
import { requireAdminForDownload } from "../guards.server";

/**
 * 'Imprimir etiqueta' (a plain link, opened in a new tab): the order's label as a PDF, asked of
 * Melhor Envio now (its links do not last), where the browser is sent.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminForDownload(context, request);
  let url: string | null;
  try {
    url = await printLabel(await labelDeps(context), params.orderId);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    context.logger.warn({ err: error }, "Melhor Envio não imprimiu a etiqueta");
    throw data("O Melhor Envio não entregou a etiqueta agora: tente de novo em instantes", { status: 502 });
  }
  if (!url) throw data("Este pedido não tem etiqueta para imprimir", { status: 404 });
  throw redirect(url);
}
