// The values an order's statuses take: the database's columns, the domain and the pages share them.

export const ORDER_STATUSES = ["pending", "processing", "completed", "cancelled"] as const;
export const PAYMENT_STATUSES = ["pending", "paid", "failed"] as const;
/** The PIX charge's state as the provider reports it. */
export const PIX_STATUSES = ["ACTIVE", "COMPLETED", "EXPIRED"] as const;
/** How an order is paid: the store's own PIX, or a card or boleto on the card provider's checkout. */
export const PAYMENT_METHODS = ["pix", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What the card provider reports of a payment (Mercado Pago's payment statuses). */
export const CARD_PAYMENT_STATUSES = [
  "pending",
  "approved",
  "authorized",
  "in_process",
  "in_mediation",
  "rejected",
  "cancelled",
  "refunded",
  "charged_back",
] as const;
