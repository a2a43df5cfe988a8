import { z } from "../../lib/zod";

/**
 * What the payment page shows (spec section 3, "Payment payload"), carried in `/payment?data=`
 * as URL-encoded JSON: the code, its QR image (PNG, base64), the amount in reais and the expiry.
 */
export interface PixPayment {
  brCode: string;
  qrCodeBase64: string;
  amount: number;
  /** ISO 8601. */
  expiresAt: string;
}

const pixPaymentSchema = z.object({
  brCode: z.string().min(1).max(512),
  qrCodeBase64: z
    .string()
    .regex(/^[A-Za-z0-9+/=]+$/)
    .max(64_000),
  amount: z.number().positive(),
  expiresAt: z.iso.datetime({ offset: true }),
});

/** The `data` parameter of /payment, or null when it cannot be read (spec: 'Erro ao carregar…'). */
export function parsePixPayment(data: string): PixPayment | null {
  try {
    const parsed = pixPaymentSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type PaymentParam = { payment: PixPayment; problem: null } | { payment: null; problem: string };

/**
 * The `data` parameter of /payment as the page reads it: the payment, or the spec's message
 * (section 5) for a parameter that is missing or cannot be read.
 */
export function readPaymentParam(data: string | null): PaymentParam {
  if (!data) return { payment: null, problem: "Dados de pagamento não encontrados" };
  const payment = parsePixPayment(data);
  return payment
    ? { payment, problem: null }
    : { payment: null, problem: "Erro ao carregar dados de pagamento" };
}

/** Whole minutes until the code expires, floored at 0 (spec section 9). */
export function minutesLeft(expiresAt: string, now = Date.now()): number {
  return Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 60_000));
}
