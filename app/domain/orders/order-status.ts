import type { ORDER_STATUSES, PAYMENT_STATUSES } from "../../lib/order-statuses";

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Spec section 4: an order's status as the panel names it. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "pendente",
  processing: "em processamento",
  completed: "concluído",
  cancelled: "cancelado",
  shipped: "enviado",
  delivered: "entregue",
  return_requested: "devolução solicitada",
  returned: "devolvido",
};

/** A charge reported paid with an amount other than the order's total: the shop settles it. */
export const PAYMENT_MISMATCH_LABEL = "Valor pago diferente do total";

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "pendente",
  paid: "pago",
  failed: "falhou",
};
