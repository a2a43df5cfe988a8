/**
 * An order's nota fiscal once the ERP issued it (issue 54, point 3): what the customer's orders,
 * the receipt, the e-mail and the admin's order show. The links are the ERP's own.
 */
export interface OrderInvoice {
  number: string;
  series: string;
  /** The NF-e's 44-digit access key. */
  accessKey: string;
  issuedAt: Date | null;
  danfeUrl: string | null;
  xmlUrl: string | null;
}

/** 'NF-e nº 1234, série 1'. */
export function invoiceTitle(invoice: Pick<OrderInvoice, "number" | "series">): string {
  return `NF-e nº ${invoice.number}, série ${invoice.series}`;
}

/** The access key in groups of four, as a DANFE prints it. */
export function formatAccessKey(key: string): string {
  return key.replace(/(\d{4})(?=\d)/g, "$1 ");
}
