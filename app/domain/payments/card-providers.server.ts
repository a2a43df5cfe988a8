import type { Env } from "../../config/env.server";
import type { CardProvider } from "./card-provider";
import { createMercadoPagoCardProvider } from "./mercadopago-card-provider.server";

/**
 * The provider `CARD_PROVIDER` names, or null when the store takes no card payments (or only the
 * sandbox's, which has no provider of its own yet). The environment was validated at start.
 */
export function createCardProvider(env: Env, baseURL: string): CardProvider | null {
  if (env.CARD_PROVIDER !== "mercadopago") return null;
  return createMercadoPagoCardProvider({
    apiUrl: env.MERCADOPAGO_API_URL,
    accessToken: env.MERCADOPAGO_ACCESS_TOKEN!,
    webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET!,
    webhookUrl: new URL("/api/webhooks/mercadopago", baseURL).href,
  });
}
