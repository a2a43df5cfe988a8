import type { Env } from "../../config/env.server";
import type { Database } from "../../db/client.server";
import type { CardProvider } from "./card-provider";
import { createMercadoPagoCardProvider } from "./mercadopago-card-provider.server";
import { createSandboxCardProvider } from "./sandbox-card-provider.server";

/**
 * The provider `CARD_PROVIDER` names, or null when the store takes no card payments. The
 * environment was validated at start.
 */
export function createCardProvider(env: Env, baseURL: string, db: Database): CardProvider | null {
  if (env.CARD_PROVIDER === "sandbox") return createSandboxCardProvider({ db, baseURL });
  if (env.CARD_PROVIDER !== "mercadopago") return null;
  return createMercadoPagoCardProvider({
    apiUrl: env.MERCADOPAGO_API_URL,
    accessToken: env.MERCADOPAGO_ACCESS_TOKEN!,
    webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET!,
    webhookUrl: new URL("/api/webhooks/mercadopago", baseURL).href,
  });
}
