import { desc, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products } from "../../db/schema.server";
import type { AdminActor } from "../audit/audit.server";
import type { SettingsVariables } from "./default-settings";
import type { ProductChoice } from "./settings-forms";
import type { StoreSettings } from "./settings-schema";
import { saveSettingsSection } from "./store-settings.server";

/** The products the featured slots suggest, newest first; any other is chosen by its code. */
const SUGGESTED_PRODUCTS_MAX = 1000;

export function suggestedProducts(db: Database): Promise<ProductChoice[]> {
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(SUGGESTED_PRODUCTS_MAX);
}

/** The named products that exist, in the order given. */
export async function productsById(db: Database, ids: readonly number[]): Promise<ProductChoice[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return ids.flatMap((id) => found.filter((product) => product.id === id));
}

export type HomeOutcome = { ok: true } | { ok: false; errors: Record<string, string> };

/** The home page's texts and featured products, saved only when every product chosen exists. */
export async function saveHomeSettings(
  db: Database,
  env: SettingsVariables,
  actor: AdminActor,
  home: StoreSettings["home"],
): Promise<HomeOutcome> {
  const found = await productsById(db, home.featuredProductIds);
  const missing = home.featuredProductIds.filter((id) => !found.some((product) => product.id === id));
  if (missing.length > 0) {
    return {
      ok: false,
      errors: { featuredProductIds: `Produto não encontrado: código ${missing.join(", ")}` },
    };
  }
  await saveSettingsSection(db, env, actor, "home", home);
  return { ok: true };
}
