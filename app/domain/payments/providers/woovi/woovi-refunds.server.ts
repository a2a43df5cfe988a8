import { z } from "../../../../lib/zod";
import { isRefusal, ProviderError, type providerHttpClient } from "../../provider-http.server";
import {
  failedRefund,
  REFUND_NOT_FOUND,
  type ProviderRefund,
  type RefundingProvider,
  type RefundRequest,
} from "../../refund-provider";

/** Woovi's limit on a refund's comment, in characters. */
const COMMENT_LIMIT = 140;

const STATUSES = { IN_PROCESSING: "pending", CONFIRMED: "confirmed", REJECTED: "failed" } as const;

const wooviRefund = z.object({
  correlationID: z.string().min(1),
  value: z.number().int().positive(),
  status: z.enum(["IN_PROCESSING", "CONFIRMED", "REJECTED"]),
  // The refund's own PIX transaction: what Woovi's refund webhooks name it by.
  endToEndId: z.string().min(1).nullish(),
});
const createdRefund = z.object({ refund: wooviRefund });
const chargeRefunds = z.object({ refunds: z.array(wooviRefund) });
/** Woovi's words on a refusal: `{ "error": "…" }`. */
const refusal = z.object({ error: z.string().min(1) }).transform((body) => body.error);

/**
 * Refunds of a paid Woovi charge (`POST /api/v1/charge/{id}/refund`), the refund's id as its
 * correlation id. Woovi keeps one refund per correlation id and lists a charge's refunds
 * (`GET /api/v1/charge/{id}/refund`, with the same statuses as the refund it answered); that
 * list is where a refund is read again, after a refusal of a repeated id or to follow it.
 */
export function wooviRefunds(call: ReturnType<typeof providerHttpClient>): RefundingProvider {
  const refundsPath = (chargeId: string) => `/api/v1/charge/${encodeURIComponent(chargeId)}/refund`;

  async function refundMade(request: RefundRequest) {
    const { refunds } = await call({
      action: "consultar os reembolsos da cobrança",
      schema: chargeRefunds,
      path: refundsPath(request.chargeId),
    });
    return refunds.find((refund) => refund.correlationID === request.refundId);
  }

  return {
    async refund(request) {
      try {
        const { refund } = await call({
          action: "reembolsar a cobrança",
          schema: createdRefund,
          path: refundsPath(request.chargeId),
          body: {
            correlationID: request.refundId,
            value: request.amountCents,
            comment: [...request.reason].slice(0, COMMENT_LIMIT).join(""),
          },
          refusal,
        });
        return providerRefundOf(refund);
      } catch (error) {
        if (!(error instanceof ProviderError) || !isRefusal(error.status)) throw error;
        // A refusal may be of a correlation id already used: the refund an earlier try made.
        const made = await refundMade(request).catch((lookup: unknown) => {
          if (lookup instanceof ProviderError && isRefusal(lookup.status)) return undefined;
          throw lookup;
        });
        if (made) return providerRefundOf(made);
        return failedRefund(request, error.refusal ?? `Woovi recusou o reembolso (HTTP ${error.status})`);
      }
    },
    async refundStatus(request) {
      const made = await refundMade(request);
      return made ? providerRefundOf(made) : failedRefund(request, REFUND_NOT_FOUND);
    },
  };
}

function providerRefundOf(refund: z.infer<typeof wooviRefund>): ProviderRefund {
  const status = STATUSES[refund.status];
  return {
    status,
    providerRefundId: refund.endToEndId ?? null,
    amountCents: refund.value,
    failure: status === "failed" ? "Reembolso rejeitado pelo Woovi" : null,
  };
}
