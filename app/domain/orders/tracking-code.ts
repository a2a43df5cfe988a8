import { z } from "../../lib/zod";
import type { OrderStatus } from "./order-lifecycle";

/** A tracking code can be given once the order is being prepared, and while it travels. */
export const TRACKABLE_STATUSES: OrderStatus[] = ["processing", "shipped", "delivered", "completed"];

export const TRACKING_MESSAGES = {
  invalid: "Código de rastreio inválido (ex.: AA123456789BR)",
  notYet:
    "O código de rastreio só pode ser salvo em pedidos em processamento, enviados, entregues ou concluídos",
  saved: "Código de rastreio salvo!",
} as const;

/** Correios: two letters, nine digits, two letters; typed in lower case too, kept upper-cased. */
export const trackingCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}[0-9]{9}[A-Z]{2}$/, TRACKING_MESSAGES.invalid);
