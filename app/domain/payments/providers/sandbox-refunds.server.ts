import { and, eq, sum } from "drizzle-orm";
import type { Database, Transaction } from "../../../db/client.server";
import { sandboxRefunds } from "../../../db/schema.server";
import {
  failedRefund,
  REFUND_NOT_FOUND,
  type ProviderRefund,
  type RefundingProvider,
  type RefundRequest,
} from "../refund-provider";

/**
 * What was paid on a sandbox charge or payment, read with its row locked (so two refunds of it
 * are decided one after the other); null when it was not paid.
 */
export type PaidCents = (tx: Transaction, chargeId: string) => Promise<number | null>;

/**
 * The sandboxes' refunds, kept in `sandbox_refunds`: confirmed at once while what was paid covers
 * them, refused otherwise, as a provider would. The same refund id answers the first refund.
 */
export function sandboxRefundsOf(db: Database, provider: string, paidCents: PaidCents): RefundingProvider {
  return {
    refund(request) {
      return db.transaction(async (tx) => {
        const paid = await paidCents(tx, request.chargeId);
        const made = await refundRow(tx, request.refundId);
        if (made) return confirmed(made);
        if (paid === null) return failedRefund(request, "Cobrança não paga");
        const [refunded] = await tx
          .select({ cents: sum(sandboxRefunds.amountCents).mapWith(Number) })
          .from(sandboxRefunds)
          .where(and(eq(sandboxRefunds.provider, provider), eq(sandboxRefunds.chargeId, request.chargeId)));
        if ((refunded?.cents ?? 0) + request.amountCents > paid) {
          return failedRefund(request, "Valor maior que o saldo disponível para reembolso");
        }
        await tx
          .insert(sandboxRefunds)
          .values({
            id: request.refundId,
            provider,
            chargeId: request.chargeId,
            amountCents: request.amountCents,
          })
          .onConflictDoNothing();
        // Ours, or the one a concurrent call with the same id of another charge made first.
        return confirmed((await refundRow(tx, request.refundId)) ?? request);
      });
    },
    async refundStatus(request) {
      const made = await refundRow(db, request.refundId);
      return made ? confirmed(made) : failedRefund(request, REFUND_NOT_FOUND);
    },
  };
}

/** A refund by its id, whichever sandbox made it: the id is the store's, one refund's alone. */
async function refundRow(db: Database | Transaction, refundId: string) {
  const [row] = await db
    .select({ refundId: sandboxRefunds.id, amountCents: sandboxRefunds.amountCents })
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.id, refundId));
  return row;
}

function confirmed(refund: Pick<RefundRequest, "refundId" | "amountCents">): ProviderRefund {
  return {
    status: "confirmed",
    providerRefundId: refund.refundId,
    amountCents: refund.amountCents,
    failure: null,
  };
}
