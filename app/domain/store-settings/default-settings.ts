import { DEFAULT_POLICIES } from "./default-policies";
import { DEFAULT_FREIGHT } from "../shipping/freight-settings";
import type { StoreSettings } from "./settings-schema";

/** The colour of `app.css`'s `brand-600`, the demo store's buttons. */
export const DEMO_PRIMARY_COLOR = "#244ecc";

/**
 * The environment variables that came before these settings, and the first-start defaults of the
 * payment section (app/config/env.server.ts).
 */
export interface SettingsVariables {
  SUPPORT_EMAIL: string;
  WHATSAPP_NUMBER: string;
  INSTAGRAM_URL?: string;
  MERCADO_LIVRE_URL?: string;
  AMAZON_URL?: string;
  SHOPEE_URL?: string;
  MAGALU_URL?: string;
  /** In basis points, as the variable's percentage is read. */
  PIX_DISCOUNT_PERCENT: number;
  MAX_INSTALLMENTS: number;
  INSTALLMENTS_WITHOUT_INTEREST: number;
  /** In centavos, as the variable's reais are read. */
  MIN_INSTALLMENT: number;
  /** In basis points, as the variable's percentage is read. */
  INSTALLMENT_INTEREST_PERCENT: number;
}

/**
 * What a section shows until the owner saves it: the demo store's identity, so a new install is
 * a complete store, and the contacts of the environment variables that came before these
 * settings (README: they are first-start defaults now).
 */
export function defaultSettings(env: SettingsVariables): StoreSettings {
  return {
    identity: {
      name: "Vitrine",
      description:
        "Smartphones, notebooks, áudio, monitores, periféricos e acessórios originais, com frete grátis e pagamento via PIX.",
      primaryColor: DEMO_PRIMARY_COLOR,
    },
    logo: { logoUrl: null, faviconUrl: null },
    legal: {
      companyName: "Vitrine Comércio de Tecnologia Ltda.",
      cnpj: "11222333000181",
      stateRegistration: null,
      address: {
        cep: "01310100",
        street: "Avenida Paulista",
        number: "1000",
        complement: null,
        neighborhood: "Bela Vista",
        city: "São Paulo",
        state: "SP",
      },
      sacEmail: env.SUPPORT_EMAIL,
      sacPhone: "1140000000",
      dpoName: "Encarregado de Proteção de Dados",
      dpoEmail: env.SUPPORT_EMAIL,
    },
    contacts: {
      whatsappNumber: env.WHATSAPP_NUMBER,
      supportEmail: env.SUPPORT_EMAIL,
      instagramUrl: env.INSTAGRAM_URL ?? null,
      facebookUrl: null,
      youtubeUrl: null,
      tiktokUrl: null,
      mercadoLivreUrl: env.MERCADO_LIVRE_URL ?? null,
      amazonUrl: env.AMAZON_URL ?? null,
      shopeeUrl: env.SHOPEE_URL ?? null,
      magaluUrl: env.MAGALU_URL ?? null,
    },
    home: {
      heroTitle: "Tecnologia original, entregue em todo o Brasil",
      heroSubtitle:
        "Smartphones, notebooks, áudio, monitores e acessórios com garantia, frete grátis e pagamento via PIX.",
      heroButton: "Explorar Produtos",
      resellerText: null,
      featuredProductIds: [],
    },
    banner: { bannerUrl: null },
    policies: DEFAULT_POLICIES,
    delivery: { deliveryDays: 7 },
    promises: { warrantyMonths: 12, freeReturnDays: 30, officialReseller: true },
    freight: DEFAULT_FREIGHT,
    reviews: { approveFirst: true, requestDays: 7 },
    reminders: {
      pixAfterMinutes: 10,
      boletoDaysBefore: 1,
      cartFirstHours: 1,
      cartSecondHours: 24,
      cartCouponCode: null,
    },
    payment: {
      pixDiscountBasisPoints: env.PIX_DISCOUNT_PERCENT,
      maxInstallments: env.MAX_INSTALLMENTS,
      installmentsWithoutInterest: Math.min(env.INSTALLMENTS_WITHOUT_INTEREST, env.MAX_INSTALLMENTS),
      minInstallmentCents: env.MIN_INSTALLMENT,
      monthlyInterestBasisPoints: env.INSTALLMENT_INTEREST_PERCENT,
    },
  };
}
