import { defaultSettings } from "../../app/domain/store-settings/default-settings";
import { legalSchema, type StoreSettings } from "../../app/domain/store-settings/settings-schema";

/**
 * The settings of a store that is not the demo's, as its owner would save them: a name with
 * accents and an ampersand (text to escape, a BR Code name to make ASCII), its own legal
 * identity with an alphanumeric CNPJ, contacts and delivery estimate.
 */
export function ownStoreSettings(): StoreSettings {
  const defaults = defaultSettings({
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
