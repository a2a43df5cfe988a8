import { formatDateTime } from "../../lib/dates";
import { escapeHtml } from "../../lib/html";
import { maskCep, maskCnpj, maskPhone, maskTaxId } from "../../lib/masks";
import { stateRegistrationText } from "../../lib/state-registration";
import { formatAccessKey, invoiceTitle, type OrderInvoice } from "../../lib/order-invoice";
import { formatBRL } from "../../lib/money";
import type { REFUND_STATUSES } from "../../lib/order-statuses";
import { orderNumber } from "../../lib/order-number";
import { storeAddressLine } from "../store-settings/seller-identity";
import type { StorefrontSettings } from "../store-settings/settings-schema";
import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATE_LABELS,
  paymentStateOf,
  type OrderStatus,
} from "./order-lifecycle";
import type { OrderLine } from "./order-line";
import { adjustmentLines, type TotalAdjustment } from "./order-total";
import { paymentMethodLabel, type OrderPaymentMethod } from "./payment-method";

/** The delivery address as it was chosen at checkout. */
export interface ShippingAddress {
  cep: string;
  street: string;
  number: string;
  complement?: string | null;
  neighborhood: string;
  city: string;
  state: string;
}

type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund the receipt lists: asked for and under way, or confirmed by the provider. */
export interface ReceiptRefund {
  amountCents: number;
  status: RefundStatus;
  createdAt: Date | string;
  confirmedAt: Date | string | null;
  /** Whether it gives back the order's freight. */
  includesFreight: boolean;
}

/** What a receipt shows of an order (see `findOrderForViewer`). */
export interface ReceiptOrder extends OrderPaymentMethod {
  id: string;
  status: OrderStatus;
  createdAt: Date | string;
  paidAt: Date | string | null;
  /** Its items' sum plus these adjustments (order-total.ts). */
  adjustments: TotalAdjustment[];
  totalCents: number;
  /** What confirmed refunds gave back. */
  refundedCents: number;
  paymentStatus: "pending" | "paid" | "failed";
  pixStatus: "ACTIVE" | "COMPLETED" | "EXPIRED";
  /** `isPaid(order)`, worked out on the server: the one rule for "paid". */
  paid: boolean;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerTaxId: string;
  /** A company's inscrição estadual as given at checkout; null for a person or a company without one. */
  customerStateRegistration: string | null;
  shippingAddress: ShippingAddress;
  items: OrderLine[];
  /** Its refunds, oldest first (failed ones left out). */
  refunds: ReceiptRefund[];
  /** Its nota fiscal, once issued. */
  invoice?: OrderInvoice | null;
}

/** The owner's settings the receipt shows: the store's name, who sells (Decreto 7.962 art. 2), the SAC. */
export type ReceiptStore = Pick<StorefrontSettings, "identity" | "legal" | "contacts">;

export function receiptFileName(orderId: string): string {
  return `comprovante-pedido-${orderId.slice(0, 8)}.html`;
}

const PAID_COLOUR = "#15803d";
const PENDING_COLOUR = "#b45309";

/** As the panel says it: 'pago', 'parcialmente reembolsado', 'reembolsado', or not paid yet. */
function paymentLabel(order: ReceiptOrder): string {
  if (order.paid) return PAYMENT_STATE_LABELS[paymentStateOf(order)];
  return order.paymentStatus === "failed" ? "falhou" : "pendente";
}

/** 'R$ 30,00 reembolsados em 16/01/2026 às 10:00', or asked for and still under way. */
function refundLine(refund: ReceiptRefund): string {
  const amount = formatBRL(refund.amountCents);
  const freight = refund.includesFreight ? ", frete incluído" : "";
  return refund.status === "confirmed" && refund.confirmedAt
    ? `${amount} reembolsados em ${formatDateTime(refund.confirmedAt)}${freight}`
    : `${amount} em reembolso, pedido em ${formatDateTime(refund.createdAt)}${freight}`;
}

function addressLines(address: ShippingAddress): string[] {
  const street = [address.street, address.number].filter(Boolean).join(", ");
  const complement = address.complement?.trim();
  const place = [address.city, address.state].filter(Boolean).join("/");
  const lines = [
    complement ? `${street} - ${complement}` : street,
    [address.neighborhood, place].filter(Boolean).join(" - "),
    address.cep ? `CEP ${maskCep(address.cep)}` : "",
  ].filter(Boolean);
  return lines.length > 0 ? lines : ["Não informado"];
}

/** A label and its value; both are escaped here, so callers pass plain text. */
function field(label: string, value: string): string {
  return `<p class="field"><span class="label">${escapeHtml(label)}:</span> ${escapeHtml(value || "-")}</p>`;
}

/**
 * A phone's width (up to 480 px) stacks each item's row: its name, then its quantity and prices,
 * each after its column's name, which the table's head (kept for screen readers) no longer shows.
 * Long words (an e-mail, a product's name) break rather than widen the page.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;padding:24px;background:#f8fafc;color:#0f172a;font:14px/1.5 -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{max-width:720px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px;overflow-wrap:anywhere}
h1{margin:0;font-size:22px}
h2{margin:24px 0 8px;font-size:16px;border-bottom:1px solid #e2e8f0;padding-bottom:4px}
.store{margin:0 0 4px;color:#475569;font-weight:600}
.field{margin:2px 0}
.label{color:#475569}
table{width:100%;border-collapse:collapse;margin-top:8px}
th,td{padding:8px;border-bottom:1px solid #e2e8f0;text-align:left}
th{background:#f1f5f9;font-size:13px}
.num{text-align:right;white-space:nowrap}
.total{font-size:18px;font-weight:700;text-align:right;margin-top:16px}
.adjustments{text-align:right;margin:16px 0 -12px}
.adjustments p{margin:0}
.status{font-weight:700}
.variant{color:#475569;font-size:13px}
footer{margin-top:32px;color:#475569;font-size:13px;text-align:center}
@media (max-width:480px){
body{padding:8px}
main{padding:16px;border-radius:8px}
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
table,tbody,tr,td{display:block}
tr{padding:8px 0;border-bottom:1px solid #e2e8f0}
td{padding:0;border:0}
td.num{text-align:left}
td.num::before{content:attr(data-label) ": ";color:#475569}
}
@media print{body{background:#fff;padding:0}main{border:0}}
`;

/** The order receipt: one self-contained HTML document (inline CSS, nothing fetched). */
export function receiptHtml(order: ReceiptOrder, store: ReceiptStore): string {
  const number = orderNumber(order.id);
  const { legal } = store;
  const storeName = escapeHtml(store.identity.name);
  const supportEmail = escapeHtml(store.contacts.supportEmail);
  const colour = order.paid && order.refundedCents === 0 ? PAID_COLOUR : PENDING_COLOUR;
  const adjustments = adjustmentLines(order.adjustments)
    .map((line) => `<p>${escapeHtml(line.label)}: ${escapeHtml(line.amount)}</p>`)
    .join("\n");
  const rows = order.items
    .map(
      (item) => `<tr>
<td>${escapeHtml(item.name)}${item.variantLabel === "" ? "" : `<br><span class="variant">${escapeHtml(item.variantLabel)}</span>`}</td>
<td class="num" data-label="Quantidade">${escapeHtml(String(item.quantity))}</td>
<td class="num" data-label="Preço unitário">${escapeHtml(formatBRL(item.unitPriceCents))}</td>
<td class="num" data-label="Total">${escapeHtml(formatBRL(item.quantity * item.unitPriceCents))}</td>
</tr>`,
    )
    .join("\n");
  const paidAt = order.paid && order.paidAt ? field("Pago em", formatDateTime(order.paidAt)) : "";
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Comprovante de Pedido #${escapeHtml(number)} | ${storeName}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="store">${storeName}</p>
<h1>Comprovante de Pedido</h1>
${field("Pedido", `#${number}`)}
${field("Data", formatDateTime(order.createdAt))}
${field("Situação", ORDER_STATUS_LABELS[order.status])}
${order.invoice ? field("Nota fiscal", `${invoiceTitle(order.invoice)} · chave de acesso ${formatAccessKey(order.invoice.accessKey)}`) : ""}
<h2>Vendedor</h2>
${field("Razão social", legal.companyName)}
${field("CNPJ", maskCnpj(legal.cnpj))}
${legal.stateRegistration ? field("Inscrição estadual", legal.stateRegistration) : ""}
${field("Endereço", storeAddressLine(legal.address))}
${field("SAC", `${legal.sacEmail} · ${maskPhone(legal.sacPhone)}`)}
<h2>Dados do cliente</h2>
${field("Nome", order.customerName)}
${field("E-mail", order.customerEmail)}
${field("Telefone", maskPhone(order.customerPhone))}
${field("CPF/CNPJ", maskTaxId(order.customerTaxId))}
${order.customerStateRegistration ? field("Inscrição estadual", stateRegistrationText(order.customerStateRegistration)) : ""}
<h2>Endereço de entrega</h2>
${addressLines(order.shippingAddress)
  .map((line) => `<p class="field">${escapeHtml(line)}</p>`)
  .join("\n")}
<h2>Itens do pedido</h2>
<table>
<thead><tr><th>Produto</th><th class="num">Quantidade</th><th class="num">Preço unitário</th><th class="num">Total</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${adjustments && `<div class="adjustments">\n${adjustments}\n</div>\n`}<p class="total">Total: ${escapeHtml(formatBRL(order.totalCents))}</p>
<h2>Pagamento</h2>
${field("Forma de pagamento", paymentMethodLabel(order))}
<p class="field"><span class="label">Status do pagamento:</span> <span class="status" style="color:${colour}">${escapeHtml(paymentLabel(order))}</span></p>
${paidAt}
${order.refunds.length > 0 ? `<h2>Reembolsos</h2>\n${order.refunds.map((refund) => `<p class="field">${escapeHtml(refundLine(refund))}</p>`).join("\n")}\n` : ""}<footer>Dúvidas sobre o seu pedido? Entre em contato: <a href="mailto:${supportEmail}">${supportEmail}</a></footer>
</main>
</body>
</html>
`;
}
