/** A refund's course as its provider reports it. */
export type ProviderRefundStatus = "pending" | "confirmed" | "failed";

export interface RefundRequest {
  /** The store's id for the refund: its idempotency key (correlation id) at the provider. */
  refundId: string;
  /** What was paid: the PIX charge's id, or the card payment's id. */
  chargeId: string;
  amountCents: number;
  /** The admin's reason, shown to the payer where the provider allows it (cut to its limit). */
  reason: string;
}

export interface ProviderRefund {
  status: ProviderRefundStatus;
  /** The provider's own id for the refund, when it gives one. */
  providerRefundId: string | null;
  amountCents: number;
  /** Why the provider refused it, as it said (for a failed refund). */
  failure: string | null;
}

/**
 * A provider that gives money back on a payment it took. Asking twice with the same `refundId`
 * refunds once: the second call answers with the first refund. A failure to reach the provider
 * is thrown; a refusal of the refund itself (more than is left, no balance) is a failed refund.
 */
export interface RefundingProvider {
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** The refund as the provider has it now (`providerRefundId` as it was recorded, if it was). */
  refundStatus(request: RefundRequest & { providerRefundId: string | null }): Promise<ProviderRefund>;
}

/** What a provider answers of a refund it has no trace of (its request never reached it). */
export const REFUND_NOT_FOUND = "Reembolso não encontrado";

/** A refund refused, for the amount asked, with the provider's reason. */
export function failedRefund(request: RefundRequest, failure: string): ProviderRefund {
  return { status: "failed", providerRefundId: null, amountCents: request.amountCents, failure };
}
