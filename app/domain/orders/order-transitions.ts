import { z } from "zod";
import { ORDER_STATUS_LABELS, type OrderStatus } from "./order-status";

/**
 * The moves an admin may make: pending → processing → completed, and cancelling any order not
 * yet completed. Completed and cancelled are final.
 */
const NEXT_STATUSES: Record<OrderStatus, OrderStatus[]> = {
  pending: ["processing", "cancelled"],
  processing: ["completed", "cancelled"],
  completed: [],
  cancelled: [],
  shipped: [],
  delivered: [],
  return_requested: [],
  returned: [],
};

/** Preparing and delivering an order start only once it is paid. */
const NEEDS_PAYMENT: OrderStatus[] = ["processing", "completed"];

export const TRANSITION_MESSAGES = {
  final: "Este pedido não pode mais mudar de status",
  unpaid: "Pedido ainda não pago",
  updated: "Status do pedido atualizado!",
} as const;

export type TransitionCheck = { ok: true } | { ok: false; message: string };

/** The statuses an order in `status` may move to, paid or not: what the panel offers. */
export function nextStatuses(status: OrderStatus, paid: boolean): OrderStatus[] {
  return NEXT_STATUSES[status].filter((next) => paid || !NEEDS_PAYMENT.includes(next));
}

/** Whether an order in `from` (paid or not) may move to `to`, else why not, in pt-BR. */
export function checkTransition(from: OrderStatus, to: OrderStatus, paid: boolean): TransitionCheck {
  if (NEXT_STATUSES[from].length === 0) return { ok: false, message: TRANSITION_MESSAGES.final };
  if (from === to) return { ok: false, message: `O pedido já está ${ORDER_STATUS_LABELS[from]}` };
  if (!NEXT_STATUSES[from].includes(to)) {
    return {
      ok: false,
      message: `Não é possível mudar o status de ${ORDER_STATUS_LABELS[from]} para ${ORDER_STATUS_LABELS[to]}`,
    };
  }
  if (NEEDS_PAYMENT.includes(to) && !paid) return { ok: false, message: TRANSITION_MESSAGES.unpaid };
  return { ok: true };
}

/** A status as a form sends it: one of the four, the labels naming each. */
export const orderStatusSchema = z.enum(Object.keys(ORDER_STATUS_LABELS) as [OrderStatus, ...OrderStatus[]]);

/** A tracking code can be given once the order is being prepared, or after. */
export const TRACKABLE_STATUSES: OrderStatus[] = ["processing", "completed"];

export const TRACKING_MESSAGES = {
  invalid: "Código de rastreio inválido (ex.: AA123456789BR)",
  notYet: "O código de rastreio só pode ser salvo em pedidos em processamento ou concluídos",
  saved: "Código de rastreio salvo!",
} as const;

/** Correios: two letters, nine digits, two letters; typed in lower case too, kept upper-cased. */
export const trackingCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}[0-9]{9}[A-Z]{2}$/, TRACKING_MESSAGES.invalid);

/** Where a customer follows a parcel on the Correios site. */
export function correiosTrackingUrl(code: string): string {
  return `https://rastreamento.correios.com.br/app/index.php?objetos=${encodeURIComponent(code)}`;
}
