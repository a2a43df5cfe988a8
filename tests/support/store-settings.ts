import { eq } from "drizzle-orm";
import { loadEnv } from "../../app/config/env.server";
import { openDatabase, type Database } from "../../app/db/client.server";
import { users } from "../../app/db/schema.server";
import { defaultSettings } from "../../app/domain/store-settings/default-settings";
import {
  deliverySchema,
  identitySchema,
  legalSchema,
  type SettingsSection,
  type StoreSettings,
} from "../../app/domain/store-settings/settings-schema";
import { saveSettingsSection } from "../../app/domain/store-settings/store-settings.server";
import { STORE_ADMIN } from "./accounts";
import { startStoreServer, type StoreData, type StoreServer } from "./store-server";

/**
 * Saves sections of the store's settings as the owner's save does (audit record, version raised),
 * as the store's first admin (`STORE_ADMIN_ENV`): a test's setup, not what it tests.
 */
export async function saveStoreSettings(
  db: Database,
  dataDir: string,
  sections: Partial<StoreSettings>,
): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, STORE_ADMIN.email));
  if (!admin)
    throw new Error(`Administrador ${STORE_ADMIN.email} não encontrado: inicie a loja com STORE_ADMIN_ENV`);
  const env = loadEnv({ DATA_DIR: dataDir });
  const actor = { id: admin.id, email: STORE_ADMIN.email };
  for (const [section, value] of Object.entries(sections) as [SettingsSection, never][]) {
    await saveSettingsSection(db, env, actor, section, value);
  }
}

/**
 * Changes a started store's data while it is stopped (the embedded database opens in one process
 * at a time), then starts it again on the same data with `env`.
 */
export async function changeStoppedStore(
  started: { store: StoreServer; data: StoreData },
  env: NodeJS.ProcessEnv,
  change: (db: Database) => Promise<void>,
): Promise<void> {
  await started.store.stop();
  const { env: dataEnv, dataDir } = started.data;
  const database = await openDatabase(dataEnv.DATABASE_URL ? { url: dataEnv.DATABASE_URL } : { dataDir });
  try {
    await change(database.db);
  } finally {
    await database.close();
  }
  started.store = await startStoreServer(env, started.data);
}

/** An owner's store, different from the demo's in every field the storefront shows. */
export const OWNER_SETTINGS = {
  identity: identitySchema.parse({
    name: "Casa do Som",
    description: "Fones, caixas de som e toca-discos com entrega para todo o Brasil.",
    primaryColor: "#7a1f5c",
  }),
  legal: legalSchema.parse({
    companyName: "Casa do Som Comércio de Áudio Ltda.",
    cnpj: "11.444.777/0001-61",
    stateRegistration: "0623079040081",
    address: {
      cep: "30130-010",
      street: "Avenida Afonso Pena",
      number: "1500",
      complement: "Loja 3",
      neighborhood: "Centro",
      city: "Belo Horizonte",
      state: "MG",
    },
    sacEmail: "sac@casadosom.example",
    sacPhone: "(31) 3222-1000",
    dpoName: "Joana Privacidade",
    dpoEmail: "dpo@casadosom.example",
  }),
  delivery: deliverySchema.parse({ deliveryDays: 12 }),
} satisfies Partial<StoreSettings>;

/**
 * The settings of a store that is not the demo's, as its owner would save them: a name with
 * accents and an ampersand (text to escape, a BR Code name to make ASCII), its own legal
 * identity with an alphanumeric CNPJ, contacts and delivery estimate.
 */
export function ownStoreSettings(): StoreSettings {
  const defaults = defaultSettings({
    ...loadEnv({}),
    SUPPORT_EMAIL: "ajuda@aurora.example",
    WHATSAPP_NUMBER: "5516988887777",
  });
  return {
    ...defaults,
    identity: { ...defaults.identity, name: "Empório Açaí & Cia" },
    legal: legalSchema.parse({
      companyName: "Aurora Comércio Eletrônico Ltda.",
      cnpj: "12.ABC.345/01DE-35",
      stateRegistration: "",
      address: {
        cep: "14015-000",
        street: "Rua Álvares Cabral",
        number: "500",
        complement: "Sala 3",
        neighborhood: "Centro",
        city: "Ribeirão Preto",
        state: "SP",
      },
      sacEmail: "sac@aurora.example",
      sacPhone: "(16) 3333-4444",
      dpoName: "Ana Encarregada",
      dpoEmail: "dpo@aurora.example",
    }),
    contacts: { ...defaults.contacts, supportEmail: "ajuda@aurora.example" },
    delivery: { deliveryDays: 12 },
  };
}
