import { FileText } from "lucide-react";
import { formatAccessKey, invoiceTitle, type OrderInvoice } from "../../lib/order-invoice";
import { buttonClasses } from "../ui/button";

/** An order's nota fiscal as a page shows it: its title and the ERP's links. */
export interface ShownInvoice {
  title: string;
  /** The access key in groups of four. */
  accessKey: string;
  danfeUrl: string | null;
  xmlUrl: string | null;
}

export function shownInvoice(invoice: OrderInvoice | undefined): ShownInvoice | null {
  return invoice
    ? {
        title: invoiceTitle(invoice),
        accessKey: formatAccessKey(invoice.accessKey),
        danfeUrl: invoice.danfeUrl,
        xmlUrl: invoice.xmlUrl,
      }
    : null;
}

/** 'Nota fiscal' (the DANFE) and 'XML' of an order, each in a new tab. */
export function InvoiceLinks({ invoice, orderNumber }: { invoice: ShownInvoice; orderNumber: string }) {
  const link = (href: string, label: string, text: string) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} do pedido #${orderNumber}`}
      className={buttonClasses("outline", "sm")}
    >
      <FileText aria-hidden className="size-4" />
      {text}
    </a>
  );
  return (
    <>
      {invoice.danfeUrl && link(invoice.danfeUrl, "Nota fiscal (DANFE)", "Nota fiscal")}
      {invoice.xmlUrl && link(invoice.xmlUrl, "XML da nota fiscal", "XML")}
    </>
  );
}
