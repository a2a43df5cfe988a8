// The values an order's statuses take: the database's columns, the domain and the pages share them.

/**
 * An order's fulfilment, from placing to after-sale (the moves between them: `order-lifecycle.ts`).
 * The spec's four first; then shipping, delivery and a customer's return.
 */
export const ORDER_STATUSES = [
  "pending",
  "processing",
  "completed",
  "cancelled",
  "shipped",
  "delivered",
  "return_requested",
  "returned",
] as const;
export const PAYMENT_STATUSES = ["pending", "paid", "failed"] as const;
/** The PIX charge's state as the provider reports it. */
export const PIX_STATUSES = ["ACTIVE", "COMPLETED", "EXPIRED"] as const;
/** How an order is paid: the store's own PIX, or a card or boleto on the card provider's checkout. */
export const PAYMENT_METHODS = ["pix", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * What an order's total holds besides its items (`order_adjustments`), in the order a total
 * applies them: the PIX discount, a coupon's discount, the freight.
 */
export const TOTAL_ADJUSTMENT_KINDS = ["pix_discount", "coupon", "freight"] as const;
/** What a coupon takes off (issue 53): a percentage of its lines, a fixed amount, the freight. */
export const COUPON_KINDS = ["percent", "fixed", "free_shipping"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export type TotalAdjustmentKind = (typeof TOTAL_ADJUSTMENT_KINDS)[number];
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
/**
 * An attempt to pay an order, in the store's own words whatever its provider said: waiting, paid
 * (the money received), refused, past its validity, called off, given back in part or in full, or
 * disputed by the payer.
 */
export const PAYMENT_ATTEMPT_STATUSES = [
  "pending",
  "paid",
  "failed",
  "expired",
  "cancelled",
  "partially_refunded",
  "refunded",
  "disputed",
] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];
/**
 * A refund's course at its provider: asked (pending), confirmed, or failed. One recorded as made
 * outside the store (a PIX past its 90 days) is confirmed by the admin who records it.
 */
export const REFUND_STATUSES = ["pending", "confirmed", "failed"] as const;
/** Who asked for a refund: an admin from the panel, or the store on a customer's withdrawal. */
export const REFUND_ORIGINS = ["admin", "withdrawal"] as const;
/** A customer may withdraw from a purchase for 7 days (CDC art. 49): the life cycle and the e-mails say so. */
export const WITHDRAWAL_DAYS = 7;
