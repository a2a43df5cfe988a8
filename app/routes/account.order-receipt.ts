import type { Route } from "./+types/account.order-receipt";
import type { ServerContext } from "../context.server";
import { findCustomerOrderDetails, findOrderDetails } from "../domain/orders/order-details.server";
import { receiptFileName, receiptHtml } from "../domain/orders/receipt";
import { invoicesOf } from "../domain/fiscal/bling/bling-invoices.server";
import { storefrontSettings } from "../domain/store-settings/store-settings.server";
import { requireAdminOrNotFound, requireUser } from "./guards.server";

/** 'Baixar comprovante': the order's receipt as an HTML file, for its customer or an admin. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  const order =
    (await findCustomerOrderDetails(context.db, user.id, params.orderId)) ??
    (await anyOrderForAdmin(context, request, params.orderId));
  if (!order) throw notFound();
  const invoice = (await invoicesOf(context.db, [order.id])).get(order.id) ?? null;
  const html = receiptHtml({ ...order, invoice }, await storefrontSettings(context.db, context.env));
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

/** Someone else's order (or one its customer deleted): the store's, for an admin past the gate. */
async function anyOrderForAdmin(context: ServerContext, request: Request, orderId: string) {
  await requireAdminOrNotFound(context, request, notFound);
  return findOrderDetails(context.db, orderId);
}

// Someone else's order, a deleted one and a made-up id answer a customer alike: nothing to see here.
const notFound = () => new Response("Pedido não encontrado", { status: 404 });
