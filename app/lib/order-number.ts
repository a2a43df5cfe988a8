/** The order number customers see on receipts, e-mails and the success page: the id's first 8 characters, uppercased. */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
