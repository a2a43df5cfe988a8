import { escapeHtml } from "../lib/html";
import { orderNumber } from "../lib/order-number";
import { mailLayout, type ComposedMail, type MailStore } from "./layout";

export interface ReviewRequestInput {
  orderId: string;
  customerName: string;
  /** Each product not reviewed yet, with its link straight to the form. */
  products: { name: string; reviewUrl: string }[];
  store: MailStore;
  unsubscribeUrl: string;
}

/** Some days after a delivery: how was it? Each product bought, with a link to review it. */
export function reviewRequestMail(input: ReviewRequestInput): ComposedMail {
  const title = "Como foi a sua compra?";
  const number = orderNumber(input.orderId);
  const bodyText = [
    `Olá, ${input.customerName}!`,
    "",
    `Seu pedido #${number} foi entregue. Conte para outros clientes o que achou: leva um minuto.`,
    "",
    ...input.products.map((product) => `- ${product.name}: ${product.reviewUrl}`),
  ].join("\n");
  const bodyHtml = `<p style="margin:0 0 12px;">Olá, ${escapeHtml(input.customerName)}!</p>
<p style="margin:0 0 16px;">Seu pedido #${escapeHtml(number)} foi entregue. Conte para outros clientes o que achou: leva um minuto.</p>
${input.products
  .map(
    (product) =>
      `<p style="margin:0 0 12px;">${escapeHtml(product.name)}<br><a href="${escapeHtml(product.reviewUrl)}" style="color:#18181b;font-weight:bold;">Avaliar este produto</a></p>`,
  )
  .join("\n")}
`;
  return mailLayout({
    store: input.store,
    subject: `${title} Avalie o pedido #${number}`,
    title,
    bodyHtml,
    bodyText,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
