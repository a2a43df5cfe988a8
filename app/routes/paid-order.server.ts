import type { PaidOrderView } from "../components/orders/paid-order";
import type { ServerContext } from "../context.server";
import type { OrderDetails } from "../domain/orders/order-details.server";
import { paymentMethodLabel } from "../domain/orders/payment-method";
import { storefrontSettings } from "../domain/store-settings/store-settings.server";
import { formatDateTime } from "../lib/dates";
import { describeSender, mailSender } from "../mail/sender.server";

/**
 * A paid order as the pages after a payment show it (PIX's success page, a card's return page),
 * and whom its confirmation e-mail comes from, as the outbox sends it: the store's name now.
 */
export async function paidOrderPage(context: Pick<ServerContext, "db" | "env">, order: OrderDetails) {
  const view: PaidOrderView = {
    id: order.id,
    totalCents: order.totalCents,
    paidAtText: order.paidAt ? formatDateTime(order.paidAt) : "",
    methodText: paymentMethodLabel(order),
    items: order.items,
    adjustments: order.adjustments,
  };
  const { name } = (await storefrontSettings(context.db, context.env)).identity;
  return { order: view, sender: describeSender(mailSender(context.env.MAIL_FROM, name)) };
}
