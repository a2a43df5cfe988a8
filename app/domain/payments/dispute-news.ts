/** What a provider reported of a dispute of a payment: the reason the panel shows. */
export interface DisputeNews {
  reason: string;
  /**
   * Whether it only says a dispute was opened: then it flags an order not flagged yet, and never
   * replaces an outcome that arrived before it (events come in any order).
   */
  opens: boolean;
}
