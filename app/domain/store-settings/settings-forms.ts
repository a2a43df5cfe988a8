import { z } from "../../lib/zod";
import { formatCentsAsTyped, parseBRLToCents } from "../../lib/money";
import { FREIGHT_FORM_FIELDS, freightFormSchema } from "../shipping/freight-settings";
import {
  contactsSchema,
  deliverySchema,
  homeSchema,
  identitySchema,
  legalSchema,
  paymentSchema,
  policiesSchema,
  promisesSchema,
  remindersSchema,
  reviewsSchema,
  type StoreSettings,
} from "./settings-schema";

/**
 * The forms of 'Configurações da loja' whose fields are the section itself (the logo and the
 * banner are uploads): each form's fields read as its section's schema reads them, for the
 * browser's instant check and the server's, which has the last word.
 */

const productIdText = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,9}$/, "Informe o código (ID) numérico do produto")
  .transform(Number);

/** The featured products' slots, in order; an empty slot is no product. */
const homeFormSchema = homeSchema.extend({
  featuredProductIds: z.array(productIdText).pipe(homeSchema.shape.featuredProductIds),
});

/**
 * A number with up to two decimals, comma or dot, as hundredths: a percentage as basis points
 * ("7,5" → 750), an amount in reais as centavos ("5,00" → 500). Money's parser reads both, as
 * both are hundredths.
 */
const hundredthsText = (message: string) =>
  z.string().transform((text, context) => {
    const hundredths = parseBRLToCents(text.replace(/%$/, "").trim());
    if (hundredths !== null) return hundredths;
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  });
const wholeText = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number);

/** The payment section's fields as typed: percentages and reais, read as basis points and centavos. */
const paymentFormSchema = z
  .object({
    pixDiscountBasisPoints: hundredthsText("Informe o desconto em %, ex.: 5 ou 7,5"),
    maxInstallments: wholeText("Informe o número máximo de parcelas"),
    installmentsWithoutInterest: wholeText("Informe até quantas parcelas são sem juros"),
    minInstallmentCents: hundredthsText("Informe a parcela mínima em reais, ex.: 5,00"),
    monthlyInterestBasisPoints: hundredthsText("Informe os juros em % ao mês, ex.: 1,99"),
  })
  .pipe(paymentSchema);

/** The promises as typed: whole months and days, and a checkbox ("on" when ticked). */
const promisesFormSchema = z
  .object({
    warrantyMonths: wholeText("Informe a garantia em meses (0 para não anunciar)"),
    freeReturnDays: wholeText("Informe os dias de devolução grátis (0 para não anunciar)"),
    officialReseller: z.string().transform((checkbox) => checkbox === "on"),
  })
  .pipe(promisesSchema);

/** A payment section's values as the owner types them, to fill its form. */
export function paymentFormTexts(
  payment: StoreSettings["payment"],
): Record<keyof StoreSettings["payment"], string> {
  return {
    pixDiscountBasisPoints: formatCentsAsTyped(payment.pixDiscountBasisPoints),
    maxInstallments: String(payment.maxInstallments),
    installmentsWithoutInterest: String(payment.installmentsWithoutInterest),
    minInstallmentCents: formatCentsAsTyped(payment.minInstallmentCents),
    monthlyInterestBasisPoints: formatCentsAsTyped(payment.monthlyInterestBasisPoints),
  };
}

export const SETTINGS_FORMS = {
  identity: {
    schema: identitySchema,
    values: (form: FormData) => fields(form, ["name", "description", "primaryColor"]),
  },
  legal: {
    schema: legalSchema,
    values: (form: FormData) => ({
      ...fields(form, [
        "companyName",
        "cnpj",
        "stateRegistration",
        "sacEmail",
        "sacPhone",
        "dpoName",
        "dpoEmail",
      ]),
      address: fields(form, ["cep", "street", "number", "complement", "neighborhood", "city", "state"]),
    }),
  },
  contacts: {
    schema: contactsSchema,
    values: (form: FormData) => fields(form, Object.keys(contactsSchema.shape)),
  },
  home: {
    schema: homeFormSchema,
    values: (form: FormData) => ({
      ...fields(form, ["heroTitle", "heroSubtitle", "heroButton", "resellerText"]),
      featuredProductIds: form
        .getAll(FEATURED_PRODUCT_FIELD)
        .filter((entry): entry is string => typeof entry === "string" && entry.trim() !== ""),
    }),
  },
  policies: {
    schema: policiesSchema,
    values: (form: FormData) => fields(form, ["returns", "privacy", "terms"]),
  },
  delivery: {
    schema: deliverySchema,
    values: (form: FormData) => fields(form, ["deliveryDays"]),
  },
  payment: {
    schema: paymentFormSchema,
    values: (form: FormData) => fields(form, Object.keys(paymentSchema.shape)),
  },
  promises: {
    schema: promisesFormSchema,
    values: (form: FormData) => fields(form, Object.keys(promisesSchema.shape)),
  },
  freight: {
    schema: freightFormSchema,
    values: (form: FormData) => fields(form, FREIGHT_FORM_FIELDS),
  },
  reviews: {
    schema: z
      .object({
        approveFirst: z.string().transform((checkbox) => checkbox === "on"),
        requestDays: wholeText("Informe em quantos dias (0 para não pedir)"),
      })
      .pipe(reviewsSchema),
    values: (form: FormData) => fields(form, ["approveFirst", "requestDays"]),
  },
  reminders: {
    schema: z
      .object({
        pixAfterMinutes: wholeText("Informe os minutos depois do pedido (0 para não enviar)"),
        boletoDaysBefore: wholeText("Informe os dias antes do vencimento (0 para não enviar)"),
        cartFirstHours: wholeText(
          "Informe as horas depois da última mudança do carrinho (0 para não enviar)",
        ),
        cartSecondHours: wholeText(
          "Informe as horas depois da última mudança do carrinho (0 para não enviar)",
        ),
        cartCouponCode: z.string().nullish(),
      })
      .pipe(remindersSchema),
    values: (form: FormData) =>
      fields(form, [
        "pixAfterMinutes",
        "boletoDaysBefore",
        "cartFirstHours",
        "cartSecondHours",
        "cartCouponCode",
      ]),
  },
} as const;

export type SettingsForm = keyof typeof SETTINGS_FORMS;

/** The name of each featured product's slot, repeated in order. */
export const FEATURED_PRODUCT_FIELD = "featuredProductId";

/** A product the featured slots name or suggest. */
export interface ProductChoice {
  id: number;
  name: string;
}

/** A form's entries as text; a field missing from the post reads as empty (its schema says so). */
function fields(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.map((name) => {
      const entry = form.get(name);
      return [name, typeof entry === "string" ? entry : ""];
    }),
  );
}

/**
 * Each refusal at its field, named as the form names it: an address's fields and the featured
 * products' slots are nested in the section but flat in the form.
 */
export function settingsFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path.findLast((key) => typeof key === "string") ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The texts a form posted, to draw it again with them after a refusal; a repeated field (the
 * featured products' slots) by its name and position, `featuredProductId.0` on.
 */
export function postedTexts(form: FormData): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const name of new Set(form.keys())) {
    const entries = form.getAll(name);
    entries.forEach((entry, index) => {
      if (typeof entry !== "string") return;
      texts[name === FEATURED_PRODUCT_FIELD ? `${name}.${index}` : name] = entry;
    });
  }
  return texts;
}
