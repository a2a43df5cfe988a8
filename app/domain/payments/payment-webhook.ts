/** A provider's news about one of its charges (a PIX charge, a card payment), kept once in `payment_events`. */
export interface ChargeEvent {
  provider: string;
  chargeId: string;
  eventType: string;
}

/**
 * What a provider makes of a webhook delivery: refused (the HTTP status and message to answer),
 * or believed, with the event it announces (null for a delivery the store has no use for).
 */
export type WebhookReading =
  { ok: false; status: 400 | 401; error: string } | { ok: true; event: ChargeEvent | null };

export const INVALID_SIGNATURE = { ok: false, status: 401, error: "Assinatura inválida" } as const;
export const INVALID_EVENT = { ok: false, status: 400, error: "Evento inválido" } as const;
