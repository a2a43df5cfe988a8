import { z } from "zod";
import { parseBRLToCents } from "../../lib/money";

/** The product form's rules, shared by the browser (instant feedback) and the server (the authority). */

export const PRODUCT_MAX_PRICE_CENTS = 100_000_000;
export const PRODUCT_DESCRIPTION_MAX = 5_000;
/** The most an uploaded or fetched product image may weigh. */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PLACEHOLDER_IMAGE = "/placeholder.svg";

export const INVALID_IMAGE_URL = "URL da imagem inválida (use http:// ou https://)";
export const INVALID_IMAGE_FILE = "Envie uma imagem JPEG, PNG, WebP ou GIF de até 5 MB";

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

const STOCK_MESSAGE = "Estoque deve ser um número inteiro maior ou igual a zero";

const stockField = z
  .string()
  .trim()
  .transform((text) => (text === "" ? "0" : text))
  .refine((text) => /^\d{1,9}$/.test(text), STOCK_MESSAGE)
  .transform(Number);

export const productFormSchema = z.object({
  name: z.string().trim().min(1, "Nome é obrigatório").max(200, "Nome deve ter no máximo 200 caracteres"),
  description: z
    .string()
    .trim()
    .max(PRODUCT_DESCRIPTION_MAX, `Descrição deve ter no máximo ${PRODUCT_DESCRIPTION_MAX} caracteres`)
    .default(""),
  price: priceField,
  category: z
    .string()
    .trim()
    .min(1, "Categoria é obrigatória")
    .max(100, "Categoria deve ter no máximo 100 caracteres"),
  stock: stockField.default(0),
  imageUrl: imageUrlField.default(""),
});

export type ProductFormInput = z.infer<typeof productFormSchema>;

/** A gallery image given by URL (a file goes beside it, checked by the server). */
export const galleryImageSchema = z.object({ imageUrl: imageUrlField.default("") });

/** Form fields arrive as strings, missing ones as undefined; a missing price or name is "". */
export function productFormValues(form: FormData): Record<string, unknown> {
  const value = (name: string) => {
    const entry = form.get(name);
    return typeof entry === "string" ? entry : undefined;
  };
  return {
    name: value("name") ?? "",
    description: value("description"),
    price: value("price") ?? "",
    category: value("category") ?? "",
    stock: value("stock"),
    imageUrl: value("imageUrl"),
  };
}
