import { addHours } from "date-fns";
import { formatDateTime } from "../../lib/dates";
import { invoiceTitle, type OrderInvoice } from "../../lib/order-invoice";
import type { OrderStatus } from "../orders/order-lifecycle";

/** SEFAZ accepts an NF-e's cancellation within 24 hours of its authorisation. */
export const INVOICE_CANCELLATION_HOURS = 24;

/**
 * What the admin is told of an order's NF-e once the sale is undone in part or in whole (issue
 * 54, point 4): cancelled, given back (withdrawal, return) or refunded. The ERP does the fiscal
 * side: within 24 hours of its authorisation the NF-e is cancelled there; after, a return invoice
 * (nota de devolução) is issued there. Null while the sale stands.
 */
export function invoiceAfterSaleNotice(
  invoice: Pick<OrderInvoice, "number" | "series" | "issuedAt">,
  order: { status: OrderStatus; refundedCents: number },
  now: Date,
): string | null {
  const undone =
    order.status === "cancelled" ||
    order.status === "return_requested" ||
    order.status === "returned" ||
    order.refundedCents > 0;
  if (!undone) return null;
  const title = invoiceTitle(invoice);
  const deadline = invoice.issuedAt && addHours(invoice.issuedAt, INVOICE_CANCELLATION_HOURS);
  if (deadline && now < deadline) {
    return `Cancele a ${title} no Bling: o prazo de cancelamento vai até ${formatDateTime(deadline)}.`;
  }
  return `O prazo de ${INVOICE_CANCELLATION_HOURS} horas para cancelar a ${title} passou: emita no Bling a nota de devolução do que voltou ou foi reembolsado.`;
}
