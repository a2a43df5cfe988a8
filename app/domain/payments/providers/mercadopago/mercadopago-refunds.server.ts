import { z } from "../../../../lib/zod";
import { decimalToCents } from "../../../../lib/money";
import { isRefusal, ProviderError, type providerHttpClient } from "../../provider-http.server";
import { failedRefund, type ProviderRefund, type RefundingProvider } from "../../refund-provider";

const STATUSES = {
  approved: "confirmed",
  in_process: "pending",
  pending: "pending",
  rejected: "failed",
  cancelled: "failed",
} as const;

const FAILURES: Partial<Record<keyof typeof STATUSES, string>> = {
  rejected: "Reembolso recusado pelo Mercado Pago",
  cancelled: "Reembolso cancelado pelo Mercado Pago",
};

const mercadoPagoRefund = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  amount: z.number().positive(),
  status: z.enum(Object.keys(STATUSES) as (keyof typeof STATUSES)[]),
});
/** Mercado Pago's words on a refusal: `{ "message": "…", "error": "…", "status": 400 }`. */
const refusal = z.object({ message: z.string().min(1) }).transform((body) => body.message);

/**
 * Refunds of a Mercado Pago payment (`POST /v1/payments/{id}/refunds`), the refund's id as its
 * `X-Idempotency-Key`: Mercado Pago answers the same refund to the same key, so asking again is
 * how a refund whose first answer was lost is found.
 */
export function mercadoPagoRefunds(call: ReturnType<typeof providerHttpClient>): RefundingProvider {
  const refundsPath = (paymentId: string) => `/v1/payments/${encodeURIComponent(paymentId)}/refunds`;

  const refunds: RefundingProvider = {
    async refund(request) {
      try {
        const refund = await call({
          action: "reembolsar o pagamento",
          schema: mercadoPagoRefund,
          path: refundsPath(request.chargeId),
          // Integer centavos over 100 is the double nearest the decimal, which JSON writes as it.
          body: { amount: request.amountCents / 100 },
          headers: { "X-Idempotency-Key": request.refundId },
          refusal,
        });
        return providerRefundOf(refund);
      } catch (error) {
        if (!(error instanceof ProviderError) || !isRefusal(error.status)) throw error;
        return failedRefund(
          request,
          error.refusal ?? `Mercado Pago recusou o reembolso (HTTP ${error.status})`,
        );
      }
    },
    async refundStatus(request) {
      if (request.providerRefundId === null) return refunds.refund(request);
      const refund = await call({
        action: "consultar o reembolso",
        schema: mercadoPagoRefund,
        path: `${refundsPath(request.chargeId)}/${encodeURIComponent(request.providerRefundId)}`,
      });
      return providerRefundOf(refund);
    },
  };
  return refunds;
}

function providerRefundOf(refund: z.infer<typeof mercadoPagoRefund>): ProviderRefund {
  const status = STATUSES[refund.status];
  return {
    status,
    providerRefundId: String(refund.id),
    amountCents: decimalToCents(refund.amount),
    failure: FAILURES[refund.status] ?? null,
  };
}
