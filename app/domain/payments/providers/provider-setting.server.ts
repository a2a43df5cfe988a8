import type { Env } from "../../../config/env.server";
import type { Database } from "../../../db/client.server";

/**
 * What the store gives a provider it makes: the environment validated at start, its database
 * (where the sandboxes keep their charges) and its public origin (for webhook and return URLs).
 */
export interface ProviderSetting {
  env: Env;
  db: Database;
  baseURL: string;
}
