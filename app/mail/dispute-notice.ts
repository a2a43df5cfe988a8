import { escapeHtml } from "../lib/html";
import { formatBRL } from "../lib/money";
import { orderNumber } from "../lib/order-number";
import { mailLayout, type ComposedMail, type MailStore } from "./layout";

export interface DisputeNoticeInput {
  orderId: string;
  /** What the provider reported, as the panel shows it: 'MED (PIX) — aberta no Woovi'… */
  reason: string;
  totalCents: number;
  /** How the order was paid (`paymentMethodLabel`): 'PIX', 'Cartão de crédito'… */
  paymentMethod: string;
  store: MailStore;
  /** The order's page in the panel, absolute. */
  orderUrl: string;
}

/**
 * The e-mail to the store (its support address) when a provider reports a dispute of an order's
 * payment, or its outcome: nothing was refunded, the shop answers at the provider.
 */
export function disputeNoticeMail(input: DisputeNoticeInput): ComposedMail {
  const number = orderNumber(input.orderId);
  const total = formatBRL(input.totalCents);
  const advice =
    "Nada foi reembolsado pela loja. Responda à disputa no painel do provedor de pagamento, com as provas da venda e da entrega.";

  const bodyText = [
    `O pagamento do pedido #${number} está em disputa.`,
    "",
    `Motivo: ${input.reason}`,
    `Total: ${total}`,
    `Pagamento: ${input.paymentMethod}`,
    "",
    advice,
    "",
    `Ver o pedido: ${input.orderUrl}`,
  ].join("\n");

  const bodyHtml = `<p style="margin:0 0 16px;">O pagamento do pedido #${escapeHtml(number)} está em disputa.</p>
<p style="margin:0 0 4px;">Motivo: ${escapeHtml(input.reason)}</p>
<p style="margin:0 0 4px;">Total: ${escapeHtml(total)}</p>
<p style="margin:0 0 16px;">Pagamento: ${escapeHtml(input.paymentMethod)}</p>
<p style="margin:0 0 16px;">${escapeHtml(advice)}</p>
<p style="margin:0;"><a href="${escapeHtml(input.orderUrl)}" style="display:inline-block;padding:10px 16px;background-color:#18181b;color:#ffffff;text-decoration:none;border-radius:6px;">Ver o pedido</a></p>`;

  return mailLayout({
    store: input.store,
    subject: `Pedido #${number} em disputa`,
    title: "Pagamento em disputa",
    bodyHtml,
    bodyText,
  });
}
