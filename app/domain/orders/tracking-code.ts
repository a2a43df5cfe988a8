import { CARRIER_CODE_PATTERNS, type ParcelTracking } from "../../lib/carriers";
import { typedText } from "../../lib/typed-text";
import { z } from "../../lib/zod";
import type { OrderStatus } from "./order-lifecycle";

/** A tracking code can be given once the order is being prepared, and while it travels. */
export const TRACKABLE_STATUSES: OrderStatus[] = ["processing", "shipped", "delivered", "completed"];

export const TRACKING_MESSAGES = {
  invalid: "Código de rastreio inválido (ex.: AA123456789BR)",
  jadlog: "Código da Jadlog inválido: são os 14 dígitos do número de rastreio (ex.: 10080155188760)",
  loggi: "Código da Loggi inválido: de 4 a 40 letras, números ou hífens",
  other: "Código de rastreio inválido: de 4 a 40 caracteres",
  carrier: "Escolha a transportadora",
  carrierName: "Informe o nome da transportadora (de 2 a 60 caracteres)",
  notYet:
    "O código de rastreio só pode ser salvo em pedidos em processamento, enviados, entregues ou concluídos",
  saved: "Código de rastreio salvo!",
} as const;

/** Correios: two letters, nine digits, two letters; typed in lower case too, kept upper-cased. */
export const trackingCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(new RegExp(CARRIER_CODE_PATTERNS.correios), TRACKING_MESSAGES.invalid);

/** Jadlog: the shipment's 14-digit tracking number. */
const jadlogCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(CARRIER_CODE_PATTERNS.jadlog), TRACKING_MESSAGES.jadlog);

/** Loggi publishes no format: its code as the label prints it, kept as typed. */
const loggiCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(CARRIER_CODE_PATTERNS.loggi), TRACKING_MESSAGES.loggi);

/** Another carrier's code and name are free text: only a control character is refused. */
const otherCodeSchema = typedText().trim().min(4, TRACKING_MESSAGES.other).max(40, TRACKING_MESSAGES.other);

const carrierNameSchema = z
  .string(TRACKING_MESSAGES.carrierName)
  .pipe(typedText().trim().min(2, TRACKING_MESSAGES.carrierName).max(60, TRACKING_MESSAGES.carrierName));

/**
 * The admin's 'Código de rastreio' form: the carrier chosen, its code checked by the carrier's
 * rule, and for 'Outra transportadora' the carrier's name. Messages are keyed by the form's fields.
 */
export const trackingFormSchema = z
  .discriminatedUnion(
    "carrier",
    [
      z.object({ carrier: z.literal("correios"), trackingCode: trackingCodeSchema }),
      z.object({ carrier: z.literal("jadlog"), trackingCode: jadlogCodeSchema }),
      z.object({ carrier: z.literal("loggi"), trackingCode: loggiCodeSchema }),
      z.object({
        carrier: z.literal("other"),
        trackingCode: otherCodeSchema,
        carrierName: carrierNameSchema,
      }),
    ],
    { error: TRACKING_MESSAGES.carrier },
  )
  .transform((form): ParcelTracking => ({
    carrier: form.carrier,
    code: form.trackingCode,
    carrierName: form.carrier === "other" ? form.carrierName : null,
  }));

export type TrackingField = "carrier" | "trackingCode" | "carrierName";
