import type { Env } from "../../config/env.server";
import type { Database } from "../../db/client.server";
import type { PixProvider } from "./pix-provider";
import { createSandboxPixProvider } from "./sandbox-pix-provider.server";
import { createWooviPixProvider } from "./woovi-pix-provider.server";

/** The provider `PIX_PROVIDER` names; the environment was validated at start. */
export function createPixProvider(env: Env, db: Database): PixProvider {
  if (env.PIX_PROVIDER === "sandbox") return createSandboxPixProvider({ db, env });
  return createWooviPixProvider({
    apiUrl: env.WOOVI_API_URL,
    appId: env.WOOVI_APP_ID!,
    expiresMinutes: env.PIX_EXPIRES_MINUTES,
    webhookPublicKey: env.WOOVI_WEBHOOK_PUBLIC_KEY,
  });
}
