import { carrierName, trackingLink, type ParcelTracking } from "../lib/carriers";
import { escapeHtml } from "../lib/html";
import { formatBRL } from "../lib/money";
import { orderNumber } from "../lib/order-number";
import { WITHDRAWAL_DAYS } from "../lib/order-statuses";
import { formatAccessKey, invoiceTitle, type OrderInvoice } from "../lib/order-invoice";
import { mailLayout, type ComposedMail, type MailStore } from "./layout";

/** The after-sale steps the customer is told of, each by one e-mail. */
export type OrderUpdateStep =
  | "shipped"
  | "delivered"
  | "withdrawal_cancelled"
  | "return_requested"
  | "returned"
  | "refund_confirmed"
  | "refund_failed"
  | "invoice_issued";

export interface OrderUpdateInput {
  orderId: string;
  customerName: string;
  step: OrderUpdateStep;
  /** The refund's amount: needed by `withdrawal_cancelled`, `refund_confirmed` and `refund_failed`. */
  amountCents?: number;
  /** The customer's reason for withdrawing, repeated to them when they gave one. */
  reason?: string | null;
  /** The parcel's carrier and code, for `shipped`. */
  tracking?: ParcelTracking | null;
  /** The nota fiscal, for `invoice_issued`. */
  invoice?: OrderInvoice | null;
  store: MailStore;
  /** The order's page in the customer's account, absolute. */
  orderUrl: string;
}

/** A paragraph of the message: its text, and a link the HTML part makes of it. */
interface Paragraph {
  text: string;
  link?: { label: string; href: string };
}

interface StepContent {
  title: string;
  paragraphs: Paragraph[];
}

/** What each step says, in pt-BR. */
function stepContent(input: OrderUpdateInput, number: string): StepContent {
  const amount = () => {
    if (input.amountCents === undefined)
      throw new Error(`The '${input.step}' e-mail needs the refund's amount`);
    return formatBRL(input.amountCents);
  };
  const reason: Paragraph[] = input.reason ? [{ text: `Motivo informado: ${input.reason}` }] : [];
  switch (input.step) {
    case "shipped": {
      const { tracking } = input;
      const link = tracking && trackingLink(tracking);
      return {
        title: "Pedido enviado",
        paragraphs: [
          { text: `Seu pedido #${number} foi enviado.` },
          ...(tracking ? [{ text: `Código de rastreio (${carrierName(tracking)}): ${tracking.code}` }] : []),
          ...(link ? [{ text: `${link.label}: ${link.href}`, link }] : []),
        ],
      };
    }
    case "delivered":
      return {
        title: "Pedido entregue",
        paragraphs: [
          { text: `Seu pedido #${number} foi entregue.` },
          {
            text: `Se mudar de ideia, você pode desistir da compra em até ${WITHDRAWAL_DAYS} dias a partir do recebimento, em Meus Pedidos.`,
          },
        ],
      };
    case "withdrawal_cancelled":
      return {
        title: "Pedido cancelado a seu pedido",
        paragraphs: [
          { text: `Cancelamos o seu pedido #${number}, como você pediu.` },
          ...reason,
          {
            text: `Solicitamos o reembolso de ${amount()} pelo mesmo meio de pagamento; avisaremos quando ele for confirmado.`,
          },
        ],
      };
    case "return_requested":
      return {
        title: "Devolução solicitada",
        paragraphs: [
          { text: `Recebemos a sua desistência da compra do pedido #${number}.` },
          ...reason,
          { text: "Envie os produtos de volta para nós; o reembolso será feito assim que os recebermos." },
        ],
      };
    case "returned":
      return {
        title: "Recebemos a devolução",
        paragraphs: [
          { text: `Recebemos os produtos devolvidos do pedido #${number}.` },
          { text: "O reembolso segue pelo mesmo meio de pagamento; avisaremos quando ele for confirmado." },
        ],
      };
    case "refund_confirmed":
      return {
        title: `Reembolso de ${amount()} confirmado`,
        paragraphs: [
          { text: `O reembolso de ${amount()} do pedido #${number} foi confirmado.` },
          { text: "O valor volta pelo mesmo meio de pagamento usado na compra." },
        ],
      };
    case "invoice_issued": {
      const { invoice } = input;
      if (!invoice) throw new Error("The 'invoice_issued' e-mail needs the invoice");
      return {
        title: "Nota fiscal emitida",
        paragraphs: [
          { text: `A nota fiscal do seu pedido #${number} foi emitida: ${invoiceTitle(invoice)}.` },
          { text: `Chave de acesso: ${formatAccessKey(invoice.accessKey)}` },
          ...(invoice.danfeUrl
            ? [
                {
                  text: `DANFE: ${invoice.danfeUrl}`,
                  link: { label: "Ver a nota fiscal (DANFE)", href: invoice.danfeUrl },
                },
              ]
            : []),
          ...(invoice.xmlUrl
            ? [{ text: `XML: ${invoice.xmlUrl}`, link: { label: "Baixar o XML", href: invoice.xmlUrl } }]
            : []),
        ],
      };
    }
    case "refund_failed":
      return {
        title: "Reembolso não realizado",
        paragraphs: [
          { text: `Não foi possível fazer o reembolso de ${amount()} do pedido #${number}.` },
          { text: "Nossa equipe entrará em contato com você para combinar a devolução do valor." },
        ],
      };
  }
}

/** The e-mail of an after-sale step of an order: shipped, delivered, withdrawn, returned, refunded. */
export function orderUpdateMail(input: OrderUpdateInput): ComposedMail {
  const number = orderNumber(input.orderId);
  const { title, paragraphs } = stepContent(input, number);

  const bodyText = [
    `Olá, ${input.customerName}!`,
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph.text, ""]),
    `Acompanhe seu pedido: ${input.orderUrl}`,
  ].join("\n");

  const button = (label: string, href: string) =>
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background-color:#18181b;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a>`;
  const bodyHtml = [
    `<p style="margin:0 0 12px;">Olá, ${escapeHtml(input.customerName)}!</p>`,
    ...paragraphs.map((paragraph) =>
      paragraph.link
        ? `<p style="margin:0 0 12px;">${button(paragraph.link.label, paragraph.link.href)}</p>`
        : `<p style="margin:0 0 12px;">${escapeHtml(paragraph.text)}</p>`,
    ),
    `<p style="margin:4px 0 0;">${button("Ver meu pedido", input.orderUrl)}</p>`,
    `<p style="margin:8px 0 0;font-size:13px;color:#52525b;word-break:break-all;">${escapeHtml(input.orderUrl)}</p>`,
  ].join("\n");

  return mailLayout({
    store: input.store,
    subject: `${title} — pedido #${number}`,
    title,
    bodyHtml,
    bodyText,
  });
}
