import { formatDate, formatDateTime } from "../lib/dates";
import { orderNumber } from "../lib/order-number";
import { escapeHtml } from "../lib/html";
import { formatBRL } from "../lib/money";
import { mailLayout, type ComposedMail, type MailStore } from "./layout";

export interface OrderConfirmationInput {
  orderId: string;
  customerName: string;
  items: { name: string; quantity: number; unitPriceCents: number }[];
  totalCents: number;
  /** The lines of the total below the items, shown above it, as printed (`adjustmentLines`). */
  adjustments: { label: string; amount: string }[];
  /** How the order was paid, as the customer reads it (`paymentMethodLabel`): 'PIX', 'Boleto'… */
  paymentMethod: string;
  paidAt: Date;
  /** The owner's settings when the payment is confirmed. */
  store: MailStore;
  /** The delivery estimate of the offer, in working days: the freight's chosen, or the store's. */
  deliveryDays: number;
  /** The last day the parcel is promised by, when the order has a freight (`promisedArrival`). */
  arrivesBy: Date | null;
  /** The order's page in the customer's account, absolute. */
  orderUrl: string;
}

/** The e-mail sent once an order's payment is confirmed, by PIX, card or boleto. */
export function orderConfirmationMail(input: OrderConfirmationInput): ComposedMail {
  const number = orderNumber(input.orderId);
  const lines = input.items.map((item) => ({
    name: item.name,
    quantity: `${item.quantity} x ${formatBRL(item.unitPriceCents)}`,
    total: formatBRL(item.quantity * item.unitPriceCents),
  }));
  const total = formatBRL(input.totalCents);
  const paidAt = formatDateTime(input.paidAt);
  const delivery = deliveryEstimate(input.deliveryDays, input.arrivesBy);

  const bodyText = [
    `Olá, ${input.customerName}!`,
    "",
    `Recebemos o pagamento do seu pedido #${number}.`,
    "",
    "Itens:",
    ...lines.map((line) => `- ${line.name}: ${line.quantity} = ${line.total}`),
    "",
    ...input.adjustments.map((line) => `${line.label}: ${line.amount}`),
    `Total: ${total}`,
    `Pago em: ${paidAt}`,
    `Pagamento: ${input.paymentMethod}`,
    delivery,
    "",
    `Acompanhe seu pedido: ${input.orderUrl}`,
  ].join("\n");

  const cell = "padding:8px 0;border-bottom:1px solid #e4e4e7;";
  const rows = lines
    .map(
      (line) => `<tr>
<td style="${cell}">${escapeHtml(line.name)}</td>
<td style="${cell}text-align:right;white-space:nowrap;padding-left:12px;">${escapeHtml(line.quantity)}</td>
<td style="${cell}text-align:right;white-space:nowrap;padding-left:12px;">${escapeHtml(line.total)}</td>
</tr>`,
    )
    .join("\n");
  const bodyHtml = `<p style="margin:0 0 12px;">Olá, ${escapeHtml(input.customerName)}!</p>
<p style="margin:0 0 16px;">Recebemos o pagamento do seu pedido #${escapeHtml(number)}.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 16px;">
<tr>
<th align="left" style="${cell}">Produto</th>
<th align="right" style="${cell}padding-left:12px;">Quantidade</th>
<th align="right" style="${cell}padding-left:12px;">Subtotal</th>
</tr>
${rows}
</table>
${input.adjustments
  .map((line) => `<p style="margin:0 0 4px;">${escapeHtml(line.label)}: ${escapeHtml(line.amount)}</p>\n`)
  .join("")}<p style="margin:0 0 4px;font-size:17px;font-weight:bold;">Total: ${escapeHtml(total)}</p>
<p style="margin:0 0 4px;">Pago em: ${escapeHtml(paidAt)}</p>
<p style="margin:0 0 4px;">Pagamento: ${escapeHtml(input.paymentMethod)}</p>
<p style="margin:0 0 16px;">${escapeHtml(delivery)}</p>
<p style="margin:0;"><a href="${escapeHtml(input.orderUrl)}" style="display:inline-block;padding:10px 16px;background-color:#18181b;color:#ffffff;text-decoration:none;border-radius:6px;">Ver meu pedido</a></p>
<p style="margin:8px 0 0;font-size:13px;color:#52525b;word-break:break-all;">${escapeHtml(input.orderUrl)}</p>`;

  return mailLayout({
    store: input.store,
    subject: `Pagamento confirmado — pedido #${number}`,
    title: "Pagamento confirmado",
    bodyHtml,
    bodyText,
  });
}

/**
 * 'Prazo de entrega: até 7 dias úteis', the estimate the owner set (issue 26, Decreto 7.962 art. 4),
 * or the freight's, then with its date: '(chega até 08/12/2026)'.
 */
function deliveryEstimate(days: number, arrivesBy: Date | null): string {
  const estimate = `Prazo de entrega: até ${days} ${days === 1 ? "dia útil" : "dias úteis"}`;
  return arrivesBy ? `${estimate} (chega até ${formatDate(arrivesBy)})` : estimate;
}
