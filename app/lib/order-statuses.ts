// The values an order's statuses take: the database's columns, the domain and the pages share them.

export const ORDER_STATUSES = ["pending", "processing", "completed", "cancelled"] as const;
export const PAYMENT_STATUSES = ["pending", "paid", "failed"] as const;
/** The PIX charge's state as the provider reports it. */
export const PIX_STATUSES = ["ACTIVE", "COMPLETED", "EXPIRED"] as const;
