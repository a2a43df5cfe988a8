import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { storeSettings } from "../../db/schema.server";
import { recordAdminWrite, type AdminActor } from "../audit/audit.server";
import { defaultSettings, type SettingsVariables } from "./default-settings";
import {
  SETTINGS_SECTIONS,
  type SettingsSection,
  type StoreSettings,
  type StorefrontSettings,
} from "./settings-schema";

/** The settings as every page reads them, and which sections the owner has saved. */
export interface CurrentSettings {
  settings: StoreSettings;
  saved: ReadonlySet<SettingsSection>;
}

const loaded = new WeakMap<Database, { version: number; current: Promise<CurrentSettings> }>();

/**
 * The store's settings, read again once their version has moved: the version is read on every
 * call, so a save made by another store process on the same database shows at once.
 */
export async function currentStoreSettings(db: Database, env: SettingsVariables): Promise<CurrentSettings> {
  const [row] = await db.select({ version: storeSettings.version }).from(storeSettings);
  const version = row?.version ?? 0;
  let entry = loaded.get(db);
  if (!entry || entry.version < version) {
    const next = { version, current: loadSettings(db, env) };
    next.current.catch(() => {
      if (loaded.get(db) === next) loaded.delete(db);
    });
    loaded.set(db, next);
    entry = next;
  }
  return entry.current;
}

export async function storefrontSettings(db: Database, env: SettingsVariables): Promise<StorefrontSettings> {
  const { identity, logo, legal, contacts, delivery, payment, promises, freight } = (
    await currentStoreSettings(db, env)
  ).settings;
  return {
    identity,
    logo,
    legal,
    contacts,
    delivery,
    payment,
    promises,
    freight: { mode: freight.mode, freeOverCents: freight.freeOverCents, freeRegions: freight.freeRegions },
  };
}

async function loadSettings(db: Database, env: SettingsVariables): Promise<CurrentSettings> {
  const [row] = await db.select({ sections: storeSettings.sections }).from(storeSettings);
  return withDefaults(row?.sections ?? {}, env);
}

/**
 * Each saved section over its default. A stored section that no longer parses (written by a
 * later release, or by hand) shows its default rather than breaking the storefront.
 */
function withDefaults(stored: Record<string, unknown>, env: SettingsVariables): CurrentSettings {
  const settings = defaultSettings(env) as Record<SettingsSection, unknown>;
  const saved = new Set<SettingsSection>();
  for (const section of Object.keys(SETTINGS_SECTIONS) as SettingsSection[]) {
    if (!(section in stored)) continue;
    const parsed = SETTINGS_SECTIONS[section].safeParse(stored[section]);
    if (!parsed.success) continue;
    settings[section] = parsed.data;
    saved.add(section);
  }
  return { settings: settings as StoreSettings, saved };
}

/**
 * Saves one section, already validated by its schema, with its audit record in the same
 * transaction; the trigger of migration 0018 raises the catalogue's version on commit, so the
 * page caches drop their pages once per save.
 */
export async function saveSettingsSection<K extends SettingsSection>(
  db: Database,
  env: SettingsVariables,
  actor: AdminActor,
  section: K,
  value: StoreSettings[K],
): Promise<void> {
  await db.transaction(async (tx) => {
    // The row of migration 0018, locked: saves of two admins take turns.
    const [row] = await tx.select({ sections: storeSettings.sections }).from(storeSettings).for("update");
    const before = withDefaults(row!.sections, env).settings[section];
    await tx
      .update(storeSettings)
      .set({
        sections: sql`${storeSettings.sections} || jsonb_build_object(${section}::text, ${JSON.stringify(value)}::jsonb)`,
        version: sql`${storeSettings.version} + 1`,
        updatedAt: new Date(),
      })
      .where(sql`${storeSettings.id}`);
    await recordAdminWrite(tx, actor, {
      action: "store_settings.update",
      targetType: "store_settings",
      targetId: section,
      ...changedFields(before as Record<string, unknown>, value as Record<string, unknown>),
    });
  });
}

/** For the audit log: of the section's fields, those that changed, before and after. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed = Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  const pick = (values: Record<string, unknown>) =>
    Object.fromEntries(changed.map((key) => [key, values[key]]));
  return { before: pick(before), after: pick(after) };
}
