import type { CARD_PAYMENT_STATUSES } from "../../lib/order-statuses";
import type { DisputeNews } from "./dispute-news";
import type { PaymentProvider } from "./payment-provider";

export type CardPaymentStatus = (typeof CARD_PAYMENT_STATUSES)[number];

export interface CardCheckoutRequest {
  /** The order being paid: the checkout's and its payments' external reference. */
  orderId: string;
  /** The order's lines as they were priced by the store. */
  items: { name: string; quantity: number; unitPriceCents: number }[];
  payer: { name: string; email: string; taxId: string };
  /** The store's page of the order, where the customer comes back whatever the outcome. */
  returnUrl: string;
  /** The most instalments the customer may choose. */
  maxInstallments: number;
  /** After this the checkout can no longer be paid. */
  expiresAt: Date;
  /** The due date of a boleto issued on the checkout. */
  boletoDueAt: Date;
}

export interface CardCheckout {
  /** The provider's id for the checkout. */
  checkoutId: string;
  /** Where the customer is sent to pay, on the provider's site. */
  redirectUrl: string;
}

export interface CardPayment {
  paymentId: string;
  status: CardPaymentStatus;
  /** What was (or is to be) paid, in centavos. */
  amountCents: number;
  installments: number;
  /** How it was paid: `credit_card`, `debit_card`, `ticket` (boleto), … */
  methodType: string;
  /** The order it pays, as the checkout named it; null for a payment made elsewhere. */
  orderId: string | null;
  /** A boleto's due date; null for a card payment. */
  dueAt: Date | null;
  /** A boleto's linha digitável, its 47 digits; absent for a card payment, or when not given. */
  digitableLine?: string;
}

/**
 * A provider of card and boleto payments through its own hosted checkout: card data never
 * reaches the store. The store sends the customer to a checkout made for the order, learns of
 * payments by webhook and reads each payment from the provider before believing it. What it
 * cancels is a checkout.
 */
export interface CardProvider extends PaymentProvider {
  readonly method: "card";
  createCheckout(request: CardCheckoutRequest): Promise<CardCheckout>;
  payment(paymentId: string): Promise<CardPayment>;
  /** Every payment made on the order's checkouts, as the provider has them now. */
  paymentsOf(orderId: string): Promise<CardPayment[]>;
  /**
   * What a payment's status says of a dispute (in mediation, charged back): null for a status that
   * tells of none. Absent for a provider whose payments are never disputed (the sandbox's).
   */
  disputeNews?(status: CardPaymentStatus): DisputeNews | null;
}

/**
 * The event a delivery about a card payment is kept as: one per delivery, as the same payment
 * changes (pending, then approved, then refunded) and each change is news to read.
 */
export function cardPaymentEvent(provider: CardProvider["name"], paymentId: string, deliveryId: string) {
  return { provider, chargeId: paymentId, eventType: `payment:${deliveryId}` };
}
