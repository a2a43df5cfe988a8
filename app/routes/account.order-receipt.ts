import type { Route } from "./+types/account.order-receipt";
import { findOrderForViewer } from "../domain/orders/order-details.server";
import { receiptFileName, receiptHtml } from "../domain/orders/receipt";
import { requireUser } from "./guards.server";

/** 'Baixar comprovante': the order's receipt as an HTML file, for its customer or an admin. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  const order = await findOrderForViewer(context.db, params.orderId, user);
  // Someone else's order, a deleted one and a made-up id answer alike: nothing to see here.
  if (!order) throw new Response("Pedido não encontrado", { status: 404 });
  const html = receiptHtml(order, { supportEmail: context.env.SUPPORT_EMAIL, storeName: "Vitrine" });
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Disposition": `attachment; filename="${receiptFileName(order.id)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      // Opened from the store's origin by mistake, the file can still run nothing and load nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
