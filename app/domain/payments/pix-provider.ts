import type { PIX_STATUSES } from "../../lib/order-statuses";
import type { DisputeNews } from "./dispute-news";
import type { PaymentProvider } from "./payment-provider";

/** A charge's state as its provider reports it. */
export type PixChargeStatus = (typeof PIX_STATUSES)[number];

/** What the provider says of a charge: its state, and the amount it is for (or was paid). */
export interface PixChargeState {
  status: PixChargeStatus;
  amountCents: number;
}

export interface PixChargeRequest {
  /** The order being paid: the charge's correlation id at the provider. */
  orderId: string;
  amountCents: number;
  customer: { name: string; email: string; phone: string; taxId: string };
}

export interface PixCharge {
  /** The provider's id for the charge, used to ask for its status and to match its webhooks. */
  chargeId: string;
  /** The PIX copy-and-paste code (EMV BR Code). */
  brCode: string;
  /** The QR code of `brCode`, a PNG image in base64 (without a data: prefix). */
  qrCodeBase64: string;
  expiresAt: Date;
}

/**
 * A PIX payment provider: a payment is a charge the store shows as a code. The domain asks it for
 * charges, for their status and for refunds of paid ones, and never knows which one runs
 * (`PIX_PROVIDER`).
 */
export interface PixProvider extends PaymentProvider {
  readonly method: "pix";
  /** Whether its charges are created by a service elsewhere, over the network. */
  readonly remote: boolean;
  createCharge(request: PixChargeRequest): Promise<PixCharge>;
  chargeStatus(chargeId: string): Promise<PixChargeState>;
  /**
   * The charge a PIX payment paid, by the payment's end-to-end id (what a dispute, a MED, names):
   * null when the provider knows no such payment of one of its charges. Absent for a provider
   * whose payments are never disputed (the sandbox).
   */
  disputedCharge?(endToEndId: string): Promise<string | null>;
  /**
   * What one of its dispute events (`dispute:…`, as its webhook reading keeps it) says: null for
   * an event it does not know. Present with `disputedCharge`.
   */
  disputeNews?(eventType: string): DisputeNews | null;
}
