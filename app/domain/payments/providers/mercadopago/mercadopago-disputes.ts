import type { CardPaymentStatus } from "../../card-provider";
import type { DisputeNews } from "../../dispute-news";

/** Mercado Pago's statuses of a payment that tell of a dispute. */
const DISPUTE_NEWS: Partial<Record<CardPaymentStatus, DisputeNews>> = {
  in_mediation: { reason: "Disputa aberta no Mercado Pago", opens: true },
  charged_back: { reason: "Contestação no cartão (chargeback)", opens: false },
};

/** The news a Mercado Pago payment's status gives of a dispute; null for a status that tells of none. */
export function mercadoPagoDisputeNews(status: CardPaymentStatus): DisputeNews | null {
  return DISPUTE_NEWS[status] ?? null;
}
