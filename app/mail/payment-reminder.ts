import { formatDigitableLine } from "../lib/boleto";
import { formatDate, formatDateTime } from "../lib/dates";
import { escapeHtml } from "../lib/html";
import { formatBRL } from "../lib/money";
import { orderNumber } from "../lib/order-number";
import { mailLayout, type ComposedMail, type MailStore } from "./layout";

/** How the order waits to be paid: its PIX code, or its boleto's line. */
export type AwaitedPayment =
  | { method: "pix"; brCode: string; expiresAt: Date; qrCodeCid: string }
  | { method: "boleto"; digitableLine: string | null; dueAt: Date };

export interface PaymentReminderInput {
  orderId: string;
  customerName: string;
  totalCents: number;
  payment: AwaitedPayment;
  /** Where the order is paid ('Pagar agora'), absolute. */
  payUrl: string;
  store: MailStore;
  unsubscribeUrl: string;
}

/**
 * The reminder of an order placed and not paid yet: the amount, how to pay it (the PIX code to copy
 * and its QR code, or the boleto's line), until when, and the page where it is paid.
 */
export function paymentReminderMail(input: PaymentReminderInput): ComposedMail {
  const number = orderNumber(input.orderId);
  const total = formatBRL(input.totalCents);
  const { payment } = input;
  const title = payment.method === "pix" ? "Seu PIX está esperando" : "Seu boleto vence em breve";
  const until =
    payment.method === "pix"
      ? `O código vale até ${formatDateTime(payment.expiresAt)}.`
      : `O boleto vence em ${formatDate(payment.dueAt)}.`;
  const how =
    payment.method === "pix"
      ? ["PIX copia e cola:", payment.brCode]
      : payment.digitableLine
        ? ["Linha digitável do boleto:", formatDigitableLine(payment.digitableLine)]
        : [];

  const bodyText = [
    `Olá, ${input.customerName}!`,
    "",
    `Seu pedido #${number} de ${total} ainda não foi pago. ${until}`,
    "",
    ...how,
    ...(how.length > 0 ? [""] : []),
    `Pagar agora: ${input.payUrl}`,
  ].join("\n");

  const code = (text: string) =>
    `<p style="margin:0 0 16px;padding:12px;background-color:#f4f4f5;border-radius:6px;font-family:monospace;font-size:13px;word-break:break-all;">${escapeHtml(text)}</p>`;
  const bodyHtml = `<p style="margin:0 0 12px;">Olá, ${escapeHtml(input.customerName)}!</p>
<p style="margin:0 0 16px;">Seu pedido #${escapeHtml(number)} de <strong>${escapeHtml(total)}</strong> ainda não foi pago. ${escapeHtml(until)}</p>
${
  payment.method === "pix"
    ? `<p style="margin:0 0 16px;text-align:center;"><img src="cid:${payment.qrCodeCid}" width="240" height="240" alt="QR code do PIX de ${escapeHtml(total)}"></p>
<p style="margin:0 0 4px;">PIX copia e cola:</p>
${code(payment.brCode)}`
    : payment.digitableLine
      ? `<p style="margin:0 0 4px;">Linha digitável do boleto:</p>\n${code(formatDigitableLine(payment.digitableLine))}`
      : ""
}<p style="margin:0 0 16px;"><a href="${escapeHtml(input.payUrl)}" style="display:inline-block;padding:12px 20px;background-color:#18181b;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">Pagar agora</a></p>
`;
  return mailLayout({
    store: input.store,
    subject: `${title}: pedido #${number}`,
    title,
    bodyHtml,
    bodyText,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
