import { z } from "../../lib/zod";
import { typedText } from "../../lib/typed-text";
import { NCM_MESSAGE, ncmDigits, PRODUCT_ORIGINS } from "../catalog/fiscal";
import { GTIN_CHECK_DIGIT_MESSAGE, GTIN_LENGTHS, isValidGtin } from "../../lib/gtin";
import { parseBRLToCents } from "../../lib/money";
import {
  NO_PARCEL_SIZE,
  PARCEL_SIZE_FIELDS,
  PARCEL_SIZE_RULES,
  type ParcelSizeField,
} from "../shipping/parcel-size";
import { MAX_OPTION_VALUES, MAX_PRODUCT_OPTIONS, MAX_SPECS, type ProductOption } from "../catalog/variants";

/** The product form's rules, shared by the browser (instant feedback) and the server (the authority). */

export const PRODUCT_MAX_PRICE_CENTS = 100_000_000;
export const PRODUCT_DESCRIPTION_MAX = 5_000;

export const INVALID_IMAGE_URL = "URL da imagem inválida (use http:// ou https://)";

/** A path of the store's own, such as /placeholder.svg or /uploads/products/…: kept as it is. */
const OWN_PATH = /^\/(?![/\\])[\w\-./]+$/;

export function isOwnImagePath(value: string): boolean {
  return OWN_PATH.test(value) && !value.includes("..");
}

function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === "http:" || protocol === "https:") && hostname !== "";
}

/** An image address: empty (none given), a path of the store's own, or an http(s) URL to fetch. */
export const imageUrlField = z
  .string()
  .trim()
  .max(2_000, INVALID_IMAGE_URL)
  .refine((value) => value === "" || isOwnImagePath(value) || isWebUrl(value), INVALID_IMAGE_URL);

const priceField = z.string().transform((text, context) => {
  const trimmed = text.trim();
  const negative = trimmed.startsWith("-");
  const cents = parseBRLToCents(negative ? trimmed.slice(1) : trimmed);
  if (cents === null) {
    context.addIssue({ code: "custom", message: "Preço inválido" });
    return z.NEVER;
  }
  if (negative || cents <= 0) {
    context.addIssue({ code: "custom", message: "Preço deve ser maior que zero" });
    return z.NEVER;
  }
  if (cents > PRODUCT_MAX_PRICE_CENTS) {
    context.addIssue({ code: "custom", message: "Preço deve ser no máximo R$ 1.000.000,00" });
    return z.NEVER;
  }
  return cents;
});

export const STOCK_MESSAGE = "Estoque deve ser um número inteiro maior ou igual a zero";

const stockField = z
  .string()
  .trim()
  .transform((text) => (text === "" ? "0" : text))
  .refine((text) => /^\d{1,9}$/.test(text), STOCK_MESSAGE)
  .transform(Number);

/** An optional "de" price: empty is none. */
const compareAtField = z
  .string()
  .trim()
  .pipe(z.union([z.literal("").transform(() => null), priceField]));

/** A weight or a side as typed ('350'): empty is none (the product's, or the store's default). */
function parcelSizeField(field: ParcelSizeField) {
  const { max, message } = PARCEL_SIZE_RULES[field];
  return z
    .string()
    .trim()
    .refine(
      (text) => text === "" || (/^\d{1,6}$/.test(text) && Number(text) >= 1 && Number(text) <= max),
      message,
    )
    .transform((text) => (text === "" ? null : Number(text)))
    .default(null);
}

/** A parcel's four fields, each optional. */
const parcelSizeSchema = z
  .object({
    weightGrams: parcelSizeField("weightGrams"),
    heightCm: parcelSizeField("heightCm"),
    widthCm: parcelSizeField("widthCm"),
    lengthCm: parcelSizeField("lengthCm"),
  })
  .default(NO_PARCEL_SIZE);

export const SKU_MAX = 64;
export const BRAND_MAX = 80;
export const OPTION_NAME_MAX = 40;
export const OPTION_VALUE_MAX = 60;
export const SPEC_NAME_MAX = 80;
export const SPEC_VALUE_MAX = 300;

/** A variant's fields as the form's grid or a CSV row gives them; an empty SKU is made from the product's id. */
const variantField = z.object({
  optionValues: z.array(typedText().trim()).default([]),
  sku: typedText()
    .trim()
    .max(SKU_MAX, `SKU deve ter no máximo ${SKU_MAX} caracteres`)
    .refine((sku) => !/\s/.test(sku), "SKU não pode ter espaços")
    .default(""),
  price: priceField,
  compareAt: compareAtField.default(null),
  stock: stockField.default(0),
  active: z.boolean().default(true),
  gtin: z
    .string()
    .trim()
    .refine((gtin) => gtin === "" || GTIN_LENGTHS.test(gtin), "GTIN deve ter 8, 12, 13 ou 14 dígitos")
    // Only once its length is right: one message at a time.
    .refine((gtin) => !GTIN_LENGTHS.test(gtin) || isValidGtin(gtin), GTIN_CHECK_DIGIT_MESSAGE)
    .transform((gtin) => gtin || null)
    .default(null),
  /** What differs from the product's parcel. */
  parcel: parcelSizeSchema,
});

const optionField = z.object({
  name: typedText()
    .trim()
    .min(1, "Informe o nome da opção")
    .max(OPTION_NAME_MAX, `Nome da opção deve ter no máximo ${OPTION_NAME_MAX} caracteres`),
  values: z
    .array(
      typedText()
        .trim()
        .min(1, "Valor de opção vazio")
        .max(OPTION_VALUE_MAX, `Valor de opção deve ter no máximo ${OPTION_VALUE_MAX} caracteres`),
    )
    .min(1, "Informe ao menos um valor para a opção")
    .max(MAX_OPTION_VALUES, `No máximo ${MAX_OPTION_VALUES} valores por opção`),
});

const specField = z.object({
  name: typedText()
    .trim()
    .min(1, "Ficha técnica: informe o nome")
    .max(SPEC_NAME_MAX, `Ficha técnica: nome com no máximo ${SPEC_NAME_MAX} caracteres`)
    // The CSV file writes specs as 'Nome: valor | Nome: valor'.
    .refine((name) => !/[:|]/.test(name), 'Ficha técnica: o nome não pode ter ":" nem "|"'),
  value: typedText()
    .trim()
    .min(1, "Ficha técnica: informe o valor")
    .max(SPEC_VALUE_MAX, `Ficha técnica: valor com no máximo ${SPEC_VALUE_MAX} caracteres`)
    .refine((value) => !value.includes("|"), 'Ficha técnica: o valor não pode ter "|"'),
});

/** A variant's option values as one text, to compare combinations. */
export function combinationKey(values: readonly string[]): string {
  return JSON.stringify(values);
}

/** Every combination of the options' values, in the options' order (the grid's rows). */
export function optionCombinations(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>(
    (combinations, option) =>
      combinations.flatMap((prefix) => option.values.map((value) => [...prefix, value])),
    [[]],
  );
}

/**
 * A whole product as the form or a CSV file gives it: texts, brand, specs, options and the
 * variants sold. Prices and stock come as typed ('1.999,90', '12'); the rules between fields
 * (a "de" price above the price, SKUs once, each variant a combination of the options) are here,
 * so the form and the import refuse the same things with the same messages.
 */
export const productInputSchema = z
  .object({
    name: typedText().trim().min(1, "Nome é obrigatório").max(200, "Nome deve ter no máximo 200 caracteres"),
    description: typedText()
      .trim()
      .max(PRODUCT_DESCRIPTION_MAX, `Descrição deve ter no máximo ${PRODUCT_DESCRIPTION_MAX} caracteres`)
      .default(""),
    category: typedText()
      .trim()
      .min(1, "Categoria é obrigatória")
      .max(100, "Categoria deve ter no máximo 100 caracteres"),
    brand: typedText()
      .trim()
      .max(BRAND_MAX, `Marca deve ter no máximo ${BRAND_MAX} caracteres`)
      .transform((brand) => brand || null)
      .default(null),
    // Left out (undefined) by a CSV file older than its fiscal columns: a product's stay as saved.
    ncm: typedText()
      .trim()
      .refine((typed) => typed === "" || ncmDigits(typed) !== null, NCM_MESSAGE)
      .transform((typed) => ncmDigits(typed))
      .optional(),
    origin: z
      .enum(["", ...PRODUCT_ORIGINS.map((_, code) => String(code))], {
        error: "Escolha a origem da mercadoria",
      })
      .transform((code) => (code === "" ? null : Number(code)))
      .optional(),
    imageUrl: imageUrlField.default(""),
    parcel: parcelSizeSchema,
    specs: z
      .array(specField)
      .max(MAX_SPECS, `Ficha técnica deve ter no máximo ${MAX_SPECS} linhas`)
      .default([]),
    options: z
      .array(optionField)
      .max(MAX_PRODUCT_OPTIONS, `No máximo ${MAX_PRODUCT_OPTIONS} opções por produto`)
      .default([]),
    variants: z.array(variantField).min(1, "Informe ao menos uma variante"),
  })
  .superRefine((product, context) => {
    const optionNames = new Set<string>();
    product.options.forEach((option, index) => {
      const name = option.name.toLocaleLowerCase("pt-BR");
      if (optionNames.has(name)) {
        context.addIssue({
          code: "custom",
          path: ["options", index, "name"],
          message: `Opção repetida: ${option.name}`,
        });
      }
      optionNames.add(name);
      const seen = new Set<string>();
      for (const value of option.values) {
        if (seen.has(value)) {
          context.addIssue({
            code: "custom",
            path: ["options", index, "values"],
            message: `Valor repetido na opção ${option.name}: ${value}`,
          });
        }
        seen.add(value);
      }
    });
    const combinations = new Set(optionCombinations(product.options).map(combinationKey));
    const skus = new Set<string>();
    const sold = new Set<string>();
    product.variants.forEach((variant, index) => {
      const key = combinationKey(variant.optionValues);
      if (!combinations.has(key)) {
        const label = variant.optionValues.join(" / ") || "sem opções";
        context.addIssue({
          code: "custom",
          path: ["variants", index, "optionValues"],
          message: `Combinação inexistente nas opções do produto: ${label}`,
        });
      } else if (sold.has(key)) {
        context.addIssue({
          code: "custom",
          path: ["variants", index, "optionValues"],
          message: `Combinação repetida: ${variant.optionValues.join(" / ")}`,
        });
      }
      sold.add(key);
      if (variant.sku !== "") {
        if (skus.has(variant.sku)) {
          context.addIssue({
            code: "custom",
            path: ["variants", index, "sku"],
            message: `SKU repetido: ${variant.sku}`,
          });
        }
        skus.add(variant.sku);
      }
      if (variant.compareAt !== null && variant.compareAt <= variant.price) {
        context.addIssue({
          code: "custom",
          path: ["variants", index, "compareAt"],
          message: 'Preço "de" deve ser maior que o preço',
        });
      }
    });
  });

export type ProductInput = z.infer<typeof productInputSchema>;
export type VariantInput = ProductInput["variants"][number];

/** The messages of a refused product, by field path: `name`, `variants.2.sku`, `options.0.values`. */
export function productInputErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join(".") : "form";
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A gallery image given by URL (a file goes beside it, checked by the server). */
export const galleryImageSchema = z.object({ imageUrl: imageUrlField.default("") });

/**
 * The form's comma-separated values of an option: 'Preto, Branco' → ['Preto', 'Branco']. A comma
 * between two digits is a decimal one and stays: '1,5 m, 2 m' → ['1,5 m', '2 m'].
 */
export function splitOptionValues(text: string): string[] {
  return text
    .split(/(?<!\d),|,(?!\d)/)
    .map((value) => value.trim())
    .filter((value) => value !== "");
}

/** The fields of a variant in the form: the top-level ones for a product without options. */
const VARIANT_FIELDS = ["sku", "price", "compareAt", "stock", "gtin"] as const;

function formText(form: FormData, name: string): string | undefined {
  const entry = form.get(name);
  return typeof entry === "string" ? entry : undefined;
}

/** The row numbers N of the form's `prefix.N.*` fields, in order. */
function formRows(form: FormData, prefix: string): number[] {
  const pattern = new RegExp(`^${prefix}\\.(\\d+)\\.`);
  const rows = new Set([...form.keys()].flatMap((key) => pattern.exec(key)?.[1] ?? []));
  return [...rows].map(Number).sort((a, b) => a - b);
}

/** The grid's rows that are sold: a combination left without price and SKU is not. */
function soldVariantRows(form: FormData): number[] {
  const typed = (name: string) => (formText(form, name) ?? "").trim() !== "";
  return formRows(form, "variants").filter(
    (row) => typed(`variants.${row}.price`) || typed(`variants.${row}.sku`),
  );
}

/**
 * The product form's fields as `productInputSchema` reads them. Options are `options.N.name` and
 * `options.N.values` (comma-separated; empty rows are left out), specs `specs.N.name` and
 * `specs.N.value`. A product without options sells one variant, from the top-level `price`,
 * `compareAt`, `stock`, `sku` and `gtin`; with options, each sold row of the grid is
 * `variants.N.*`, its combination in `variants.N.optionValues` (JSON), `variants.N.active` a
 * checkbox.
 */
export function productFormValues(form: FormData): Record<string, unknown> {
  const value = (name: string) => formText(form, name);
  const options = formRows(form, "options")
    .map((index) => ({
      name: value(`options.${index}.name`) ?? "",
      values: splitOptionValues(value(`options.${index}.values`) ?? ""),
    }))
    .filter((option) => option.name.trim() !== "" || option.values.length > 0);
  const specs = formRows(form, "specs")
    .map((index) => ({
      name: value(`specs.${index}.name`) ?? "",
      value: value(`specs.${index}.value`) ?? "",
    }))
    .filter((spec) => spec.name.trim() !== "" || spec.value.trim() !== "");
  const parcelFieldsOf = (prefix: string) =>
    Object.fromEntries(PARCEL_SIZE_FIELDS.map((field) => [field, value(`${prefix}${field}`)]));
  const variantOf = (prefix: string) => ({
    ...Object.fromEntries(VARIANT_FIELDS.map((field) => [field, value(`${prefix}${field}`)])),
    price: value(`${prefix}price`) ?? "",
  });
  const variants =
    options.length === 0
      ? [{ ...variantOf(""), optionValues: [], active: true }]
      : soldVariantRows(form).map((index) => ({
          ...variantOf(`variants.${index}.`),
          parcel: parcelFieldsOf(`variants.${index}.`),
          optionValues: parseOptionValues(value(`variants.${index}.optionValues`)),
          active: value(`variants.${index}.active`) !== undefined,
        }));
  return {
    name: value("name") ?? "",
    description: value("description"),
    category: value("category") ?? "",
    brand: value("brand"),
    ncm: value("ncm"),
    origin: value("origin"),
    imageUrl: value("imageUrl"),
    parcel: parcelFieldsOf(""),
    specs,
    options,
    variants,
  };
}

function parseOptionValues(text: string | undefined): string[] {
  try {
    const values: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(values) ? values.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * The product form read and checked. A message shows at its field: at the top-level fields for a
 * product without options (`variants.0.price` → `price`), at the grid's row as posted otherwise.
 */
export function parseProductForm(
  form: FormData,
): { ok: true; input: ProductInput } | { ok: false; errors: Record<string, string> } {
  const input = productInputSchema.safeParse(productFormValues(form));
  if (input.success) return { ok: true, input: input.data };
  return { ok: false, errors: formErrorsFor(form, productInputErrors(input.error)) };
}

/**
 * Errors by input path placed at the form's fields (see `parseProductForm`); a parcel's fields sit
 * beside their product's or row's (`variants.2.parcel.weightGrams` → `variants.2.weightGrams`).
 */
export function formErrorsFor(form: FormData, errors: Record<string, string>): Record<string, string> {
  const hasOptions = (productFormValues(form).options as unknown[]).length > 0;
  const rows = soldVariantRows(form);
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => {
      const field = path.replace(/(^|\.)parcel\./, "$1");
      return [
        hasOptions
          ? field.replace(/^variants\.(\d+)\./, (_, index: string) => `variants.${rows[Number(index)]}.`)
          : field.replace(/^variants\.0\./, ""),
        message,
      ];
    }),
  );
}
