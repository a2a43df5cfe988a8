import { z } from "../../lib/zod";
import { typedText } from "../../lib/typed-text";
import { emailField, phoneField } from "../accounts/account-schemas";
import { addressSchema } from "../accounts/address-schema";
import { compactTaxId, isValidCnpj, onlyDigits } from "../../lib/tax-id";
import { freightSchema, type FreightSettings } from "../shipping/freight-settings";
import { COUPON_CODE_PATTERN, normalizeCouponCode } from "../promotions/coupons";
import { contrastWithWhite, WHITE_TEXT_MIN_CONTRAST } from "./brand-colour";

/**
 * The owner's settings, one schema per section of 'Configurações da loja': shared by the browser
 * (instant feedback), the server's save (the authority) and the read (a stored section that no
 * longer parses falls back to its defaults, so the storefront never breaks on it).
 */

const text = (max: number, message: string) =>
  typedText().trim().min(1, message).max(max, "Texto muito longo");
/**
 * An optional field's input: the form's text (empty when left blank), or the null a saved section
 * stores for it. Read back, a saved section parses again to itself; without this, a section with
 * one empty optional field failed its read and showed its defaults.
 */
const noneAsEmpty = z
  .string()
  .nullish()
  .transform((value) => value ?? "");
const optionalText = (max: number) =>
  noneAsEmpty.pipe(
    typedText()
      .trim()
      .max(max, "Texto muito longo")
      .transform((value) => value || null),
  );

/** The store's page elsewhere: empty (none), or an https address shoppers can follow. */
const optionalLink = noneAsEmpty.pipe(
  z
    .string()
    .trim()
    .max(500, "URL muito longa")
    .transform((value) => value || null)
    .pipe(z.url({ protocol: /^https$/, error: "Informe uma URL https:// válida" }).nullable()),
);

/** An image the store serves itself (an upload's `/uploads/…` path), or none. */
const storedImage = z
  .string()
  .regex(/^\/uploads\/[\w\-./]+$/)
  .nullable();

export const identitySchema = z.object({
  name: text(60, "Informe o nome da loja"),
  description: text(160, "Informe uma descrição curta"),
  primaryColor: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, "Informe uma cor no formato #RRGGBB")
    .refine(
      (hex) => contrastWithWhite(hex) >= WHITE_TEXT_MIN_CONTRAST,
      "Cor muito clara: o texto branco dos botões fica ilegível (contraste mínimo 4,5:1)",
    ),
});

/** The uploaded logo and the icons made from it; not a form field (see store-logo.server.ts). */
export const logoSchema = z.object({ logoUrl: storedImage, faviconUrl: storedImage });

export const legalSchema = z.object({
  companyName: text(150, "Informe a razão social"),
  cnpj: z.string().refine(isValidCnpj, "CNPJ inválido").transform(compactTaxId),
  stateRegistration: optionalText(20),
  address: addressSchema.omit({ isDefault: true }).extend({ complement: optionalText(120) }),
  sacEmail: emailField,
  sacPhone: phoneField,
  dpoName: text(100, "Informe o nome do encarregado de dados"),
  dpoEmail: emailField,
});

export const contactsSchema = z.object({
  whatsappNumber: z
    .string()
    .transform(onlyDigits)
    .refine(
      (digits) => digits.length === 12 || digits.length === 13,
      "WhatsApp inválido: informe DDI, DDD e número, ex.: +55 11 99999-9999",
    ),
  supportEmail: emailField,
  instagramUrl: optionalLink,
  facebookUrl: optionalLink,
  youtubeUrl: optionalLink,
  tiktokUrl: optionalLink,
  mercadoLivreUrl: optionalLink,
  amazonUrl: optionalLink,
  shopeeUrl: optionalLink,
  magaluUrl: optionalLink,
});

/** The spec's six featured products at most, in the owner's order; none chosen: the newest. */
export const FEATURED_PRODUCTS_MAX = 6;

export const homeSchema = z.object({
  heroTitle: text(120, "Informe o título"),
  heroSubtitle: text(300, "Informe o subtítulo"),
  heroButton: text(40, "Informe o texto do botão"),
  /** None: the standard sentence with the store's name (store-promises.ts), so a new name shows at once. */
  resellerText: optionalText(500),
  featuredProductIds: z
    .array(z.number().int().positive())
    .max(FEATURED_PRODUCTS_MAX, `Escolha no máximo ${FEATURED_PRODUCTS_MAX} produtos`)
    .refine((ids) => new Set(ids).size === ids.length, "Um produto aparece duas vezes"),
});

/** The home page's banner image; not a form field (an upload). */
export const bannerSchema = z.object({ bannerUrl: storedImage });

export const POLICY_MAX_CHARS = 30_000;
const policyText = text(POLICY_MAX_CHARS, "Escreva o texto da política");

export const policiesSchema = z.object({
  returns: policyText,
  privacy: policyText,
  terms: policyText,
});

export const deliverySchema = z.object({
  /** 'Prazo de entrega', in working days, shown on product pages, at checkout and in the order e-mail. */
  deliveryDays: z.coerce
    .number({ error: "Informe o prazo em dias" })
    .int("Informe um número inteiro de dias")
    .min(1, "O prazo deve ser de 1 a 90 dias")
    .max(90, "O prazo deve ser de 1 a 90 dias"),
});

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * 'Pagamento': the PIX discount and the card instalments (issue 28; payment-prices.ts computes
 * with them). Rates are basis points (500 = 5%) and amounts centavos, so they stay integers.
 */
export const paymentSchema = z
  .object({
    pixDiscountBasisPoints: wholeNumber("O desconto no PIX deve ser de 0% a 50%", 0, 5_000),
    maxInstallments: wholeNumber("O máximo de parcelas deve ser de 1 a 24", 1, 24),
    installmentsWithoutInterest: wholeNumber("As parcelas sem juros devem ser de 1 a 24", 1, 24),
    minInstallmentCents: wholeNumber("A parcela mínima deve ser de R$ 0,00 a R$ 10.000,00", 0, 1_000_000),
    monthlyInterestBasisPoints: wholeNumber("Os juros devem ser de 0% a 10% ao mês", 0, 1_000),
  })
  .refine((terms) => terms.installmentsWithoutInterest <= terms.maxInstallments, {
    path: ["installmentsWithoutInterest"],
    message: "As parcelas sem juros não podem passar do máximo de parcelas",
  });

/**
 * What the store promises on its pages (home, product page, 'Revendedor Oficial'), each shown only
 * where the owner says it is true (store-promises.ts words them). Zero months or days: no such
 * promise. A free return shorter than the 7 days of withdrawal the law gives every online
 * purchase (CDC, art. 49) would promise less than the law.
 */
export const promisesSchema = z.object({
  warrantyMonths: wholeNumber("A garantia deve ser de 0 a 120 meses", 0, 120),
  freeReturnDays: wholeNumber("A devolução grátis deve ser de 0 a 365 dias", 0, 365).refine(
    (days) => days === 0 || days >= 7,
    "A devolução grátis deve ser de pelo menos 7 dias, o prazo de arrependimento do CDC (ou 0 para não anunciar)",
  ),
  officialReseller: z.boolean(),
});

/**
 * 'Avaliações' (issue 55): whether a review waits for the admin's approval before it shows, and how
 * many days after the delivery the customer is asked for one by e-mail (0: never).
 */
export const reviewsSchema = z.object({
  approveFirst: z.boolean(),
  requestDays: z
    .number({ error: "Informe em quantos dias (0 para não pedir)" })
    .int("Informe em quantos dias (0 para não pedir)")
    .min(0, "O pedido de avaliação deve ser de 0 a 60 dias depois da entrega")
    .max(60, "O pedido de avaliação deve ser de 0 a 60 dias depois da entrega"),
});

/**
 * 'Lembretes por e-mail' (issue 55): how long after an order is placed its unpaid PIX is recalled,
 * how many days before its due date an unpaid boleto is, and how many hours after its last change
 * a cart left with products gets its first and its second e-mail; 0 sends none.
 */
export const remindersSchema = z
  .object({
    pixAfterMinutes: wholeNumber(
      "O lembrete do PIX deve ser de 0 a 1.440 minutos (0 para não enviar)",
      0,
      1_440,
    ),
    boletoDaysBefore: wholeNumber(
      "O lembrete do boleto deve ser de 0 a 10 dias antes (0 para não enviar)",
      0,
      10,
    ),
    cartFirstHours: wholeNumber(
      "O 1º lembrete do carrinho deve ser de 0 a 168 horas (0 para não enviar)",
      0,
      168,
    ),
    cartSecondHours: wholeNumber(
      "O 2º lembrete do carrinho deve ser de 0 a 720 horas (0 para não enviar)",
      0,
      720,
    ),
    /** A coupon the second e-mail offers, which its link applies; null: none. */
    cartCouponCode: noneAsEmpty.pipe(
      z
        .string()
        .transform(normalizeCouponCode)
        .refine(
          (code) => code === "" || COUPON_CODE_PATTERN.test(code),
          "Informe o código de um cupom: de 3 a 30 letras, números, - ou _",
        )
        .transform((code) => code || null),
    ),
  })
  .refine(
    (reminders) =>
      reminders.cartSecondHours === 0 ||
      (reminders.cartFirstHours > 0 && reminders.cartSecondHours > reminders.cartFirstHours),
    {
      path: ["cartSecondHours"],
      message: "O 2º lembrete do carrinho vem depois do 1º: mais horas que ele (ou 0 para não enviar)",
    },
  );

export const SETTINGS_SECTIONS = {
  identity: identitySchema,
  logo: logoSchema,
  legal: legalSchema,
  contacts: contactsSchema,
  home: homeSchema,
  banner: bannerSchema,
  policies: policiesSchema,
  delivery: deliverySchema,
  payment: paymentSchema,
  promises: promisesSchema,
  freight: freightSchema,
  reviews: reviewsSchema,
  reminders: remindersSchema,
} as const;

export type SettingsSection = keyof typeof SETTINGS_SECTIONS;

/** Every setting of the store, each section either saved by the owner or its default. */
export type StoreSettings = { [K in SettingsSection]: z.output<(typeof SETTINGS_SECTIONS)[K]> };

/** What every page shows of the settings (top bar, footer, titles, theme): the root loader's. */
export type StorefrontSettings = Pick<
  StoreSettings,
  "identity" | "logo" | "legal" | "contacts" | "delivery" | "payment" | "promises"
> & {
  /** Whether freight is free, and from what subtotal: the texts that promise it (not the table). */
  freight: Pick<FreightSettings, "mode" | "freeOverCents" | "freeRegions">;
};
