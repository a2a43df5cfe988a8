import type { Database } from "../../db/client.server";
import type { SettingsVariables } from "../store-settings/default-settings";
import type { StorefrontSettings } from "../store-settings/settings-schema";
import { storefrontSettings } from "../store-settings/store-settings.server";

/** What the confirmation e-mail needs of the store: its public origin and the owner's settings. */
export interface OrderMailStore {
  url: string;
  settings: StorefrontSettings;
}

/**
 * Reads the store for an order's e-mail at each use, before the transaction that may queue it:
 * a change of the settings shows in the next e-mail, without a restart.
 */
export function orderMailStoreOf(
  db: Database,
  env: SettingsVariables,
  url: string,
): () => Promise<OrderMailStore> {
  return async () => ({ url, settings: await storefrontSettings(db, env) });
}
