import type { PaymentMethod } from "../../lib/order-statuses";
import type { WebhookReading } from "./payment-webhook";
import type { RefundingProvider } from "./refund-provider";

/**
 * What every payment provider does, whatever its method: it is named, gives money back, closes
 * what it opened for a payment, and reads its own webhooks. A provider of one method adds how its
 * payments start and are read (a PIX charge, a card checkout): `PixProvider`, `CardProvider`.
 * A failure to reach the provider is thrown.
 */
export interface PaymentProvider extends RefundingProvider {
  /** Its name in `payments.provider`, `payment_events.provider` and `/api/webhooks/{name}`. */
  readonly name: string;
  readonly method: PaymentMethod;
  /**
   * Makes what it opened for a payment impossible to pay (its order was cancelled): a PIX charge,
   * a card checkout. Doing it again changes nothing; a provider that cannot (a PIX charge already
   * paid) throws.
   */
  cancel(id: string): Promise<void>;
  /**
   * Verifies and reads a webhook delivery (`/api/webhooks/{name}`); absent for a provider that
   * posts none (the sandboxes'). Never throws for anything the sender controls.
   */
  webhookEvent?(request: Request): Promise<WebhookReading>;
}
