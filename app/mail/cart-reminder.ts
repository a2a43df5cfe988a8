import { escapeHtml } from "../lib/html";
import { formatBRL } from "../lib/money";
import { mailLayout, type ComposedMail, type MailStore } from "./layout";

export interface CartReminderInput {
  customerName: string;
  /** 1: the first e-mail; 2: the last. */
  step: 1 | 2;
  /** The cart's lines with their prices as they are now. */
  items: { name: string; quantity: number; unitPriceCents: number }[];
  /** The link that restores the cart, on any device. */
  restoreUrl: string;
  /** A coupon the e-mail offers (its value as the cart shows it), applied by the link. */
  coupon: { code: string; value: string } | null;
  store: MailStore;
  unsubscribeUrl: string;
}

const couponText = (coupon: { code: string; value: string }) =>
  `Um presente para você fechar o pedido: cupom ${coupon.code} (${coupon.value}), já aplicado pelo link.`;

/** The abandoned cart's e-mail: the products left, at today's prices, and the way back to them. */
export function cartReminderMail(input: CartReminderInput): ComposedMail {
  const title =
    input.step === 1 ? "Você deixou produtos no carrinho" : "Seus produtos ainda estão no carrinho";
  const lines = input.items.map((item) => ({
    name: item.name,
    quantity: `${item.quantity} x ${formatBRL(item.unitPriceCents)}`,
  }));
  const subtotal = formatBRL(input.items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0));
  const bodyText = [
    `Olá, ${input.customerName}!`,
    "",
    "Os produtos que você escolheu estão esperando no carrinho, com os preços de hoje:",
    "",
    ...lines.map((line) => `- ${line.name}: ${line.quantity}`),
    "",
    `Subtotal: ${subtotal}`,
    "",
    ...(input.coupon ? [couponText(input.coupon), ""] : []),
    `Voltar ao carrinho: ${input.restoreUrl}`,
  ].join("\n");
  const cell = "padding:8px 0;border-bottom:1px solid #e4e4e7;";
  const bodyHtml = `<p style="margin:0 0 12px;">Olá, ${escapeHtml(input.customerName)}!</p>
<p style="margin:0 0 16px;">Os produtos que você escolheu estão esperando no carrinho, com os preços de hoje:</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 16px;">
${lines
  .map(
    (line) => `<tr>
<td style="${cell}">${escapeHtml(line.name)}</td>
<td style="${cell}text-align:right;white-space:nowrap;padding-left:12px;">${escapeHtml(line.quantity)}</td>
</tr>`,
  )
  .join("\n")}
</table>
<p style="margin:0 0 16px;font-weight:bold;">Subtotal: ${escapeHtml(subtotal)}</p>
${input.coupon ? `<p style="margin:0 0 16px;padding:12px;background-color:#f4f4f5;border-radius:6px;">${escapeHtml(couponText(input.coupon))}</p>\n` : ""}
<p style="margin:0 0 16px;"><a href="${escapeHtml(input.restoreUrl)}" style="display:inline-block;padding:12px 20px;background-color:#18181b;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">Voltar ao carrinho</a></p>
`;
  return mailLayout({
    store: input.store,
    subject: title,
    title,
    bodyHtml,
    bodyText,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
