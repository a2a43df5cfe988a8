import type { Env } from "../../config/env.server";
import type { CarrierTracking } from "./carrier-tracking";
import { createCorreiosTracking } from "./correios-tracking.server";

/**
 * The Correios' tracking when its variables are set (all or none: the environment was validated
 * at start), else null: delivery is then the admin's word.
 */
export function createCarrierTracking(env: Env): CarrierTracking | null {
  const { CORREIOS_USER: user, CORREIOS_ACCESS_CODE: accessCode, CORREIOS_POSTING_CARD: postingCard } = env;
  if (!user || !accessCode || !postingCard) return null;
  return createCorreiosTracking({ apiUrl: env.CORREIOS_API_URL, user, accessCode, postingCard });
}
