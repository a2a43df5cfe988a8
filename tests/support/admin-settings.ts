import { eq } from "drizzle-orm";
import type { SettingsActionData } from "../../app/components/admin/settings/settings-action-data";
import type { ServerContext } from "../../app/context.server";
import { adminAuditLog, storeSettings } from "../../app/db/schema.server";
import { action, loader } from "../../app/routes/admin/settings";
import { randomCnpj } from "./accounts";
import { TEST_ADDRESS } from "./factories";
import { TEST_BASE_URL } from "./test-context";

type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0];

/** Whose browser posts: an admin's, a customer's (their Cookie header). */
export interface SettingsClient {
  cookie: string;
}

export type SettingsFields = Record<string, string | string[] | File>;

/** A form post from the client's browser, multipart (the upload forms' encoding). */
export function settingsPost(client: SettingsClient, fields: SettingsFields): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const entry of Array.isArray(value) ? value : [value]) body.append(name, entry);
  }
  return new Request(`${TEST_BASE_URL}/admin/settings`, {
    method: "POST",
    headers: { cookie: client.cookie },
    body,
  });
}

/** The settings page's loader and action, driven with real Requests. */
export function settingsPage(context: ServerContext, client: SettingsClient) {
  return {
    view: () =>
      loader({
        request: new Request(`${TEST_BASE_URL}/admin/settings`, { headers: { cookie: client.cookie } }),
        context,
        params: {},
      } as Args<typeof loader>),
    post: async (fields: SettingsFields) =>
      (await action({
        request: settingsPost(client, fields),
        context,
        params: {},
      } as Args<typeof action>)) as SettingsActionData,
  };
}

/** Valid forms of each section, as the page posts them; override any field. */
export const settingsForms = {
  identity: (overrides: Record<string, string> = {}) => ({
    intent: "identity",
    name: "Loja da Ana",
    description: "Eletrônicos originais com entrega para todo o Brasil.",
    primaryColor: "#7a1f5c",
    ...overrides,
  }),
  legal: (overrides: Record<string, string> = {}) => ({
    intent: "legal",
    companyName: "Ana Eletrônicos Ltda.",
    cnpj: randomCnpj(),
    stateRegistration: "",
    ...TEST_ADDRESS,
    cep: "01310-100",
    complement: "Sala 4",
    sacEmail: "sac@loja-da-ana.com.br",
    sacPhone: "(11) 3333-4444",
    dpoName: "Ana Souza",
    dpoEmail: "privacidade@loja-da-ana.com.br",
    ...overrides,
  }),
  contacts: (overrides: Record<string, string> = {}) => ({
    intent: "contacts",
    whatsappNumber: "+55 11 98888-7777",
    supportEmail: "contato@loja-da-ana.com.br",
    instagramUrl: "https://www.instagram.com/lojadaana",
    facebookUrl: "",
    youtubeUrl: "",
    tiktokUrl: "",
    mercadoLivreUrl: "",
    amazonUrl: "",
    shopeeUrl: "",
    magaluUrl: "",
    ...overrides,
  }),
  home: (overrides: Record<string, string | string[]> = {}) => ({
    intent: "home",
    heroTitle: "Tudo para o seu setup",
    heroSubtitle: "Periféricos e acessórios com garantia.",
    heroButton: "Ver produtos",
    resellerText: "Somos revenda autorizada das marcas que vendemos.",
    featuredProductId: [] as string[],
    ...overrides,
  }),
  policies: (overrides: Record<string, string> = {}) => ({
    intent: "policies",
    returns: "Você pode devolver em 30 dias.",
    privacy: "Seus dados ficam conosco.",
    terms: "Ao comprar, você aceita estes termos.",
    ...overrides,
  }),
  payment: (overrides: Record<string, string> = {}) => ({
    intent: "payment",
    pixDiscountBasisPoints: "5",
    maxInstallments: "12",
    installmentsWithoutInterest: "10",
    minInstallmentCents: "5,00",
    monthlyInterestBasisPoints: "1,99",
    ...overrides,
  }),
  delivery: (overrides: Record<string, string> = {}) => ({
    intent: "delivery",
    deliveryDays: "5",
    ...overrides,
  }),
  /** The checkbox ticked ("on"); an unticked one is left out of the post, as a browser does. */
  promises: (overrides: Record<string, string> = {}) => ({
    intent: "promises",
    warrantyMonths: "24",
    freeReturnDays: "15",
    officialReseller: "on",
    ...overrides,
  }),
  /** By the owner's table: SP and RJ in two services, a CEP range of Minas Gerais cheaper. */
  freight: (overrides: Record<string, string> = {}) => ({
    intent: "freight",
    mode: "table",
    provider: "melhorenvio",
    originCep: "01310-100",
    services: "",
    handlingDays: "1",
    feeCents: "2,00",
    feeBasisPoints: "10",
    freeOverCents: "",
    freeRegions: "",
    freeService: "",
    weightGrams: "500",
    heightCm: "10",
    widthCm: "15",
    lengthCm: "20",
    table: [
      "Econômico; SP, RJ; 0-5000; 18,00; 3-5",
      "Expresso; SP, RJ; 0-5000; 38,00; 1-2",
      "Econômico; 30000-000 a 30999-999; 0-5000; 12,00; 4",
    ].join("\n"),
    ...overrides,
  }),
};

/** The sections as stored, exactly. */
export async function storedSections(context: ServerContext): Promise<Record<string, unknown>> {
  const [row] = await context.db.select({ sections: storeSettings.sections }).from(storeSettings);
  return row!.sections;
}

/** The audit records of settings saves, the newest first. */
export async function settingsAudit(context: ServerContext) {
  const rows = await context.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetType, "store_settings"));
  return rows.sort((a, b) => b.id - a.id);
}
