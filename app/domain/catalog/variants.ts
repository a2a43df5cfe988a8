/**
 * A product's options and variants (decision 0030). A product has up to three options (Cor,
 * Armazenamento, Voltagem), each with its values, and one variant per combination it sells; a
 * product without options has a single default variant. What is sold, stocked and priced is a
 * variant; the product holds the name, texts, photos, brand and specs they share.
 */

/** Up to three options per product, as Nuvemshop and Shopify allow. */
export const MAX_PRODUCT_OPTIONS = 3;
/** Values per option: 3 options of 10 values are 1,000 combinations, more than any grid shows. */
export const MAX_OPTION_VALUES = 10;
export const MAX_SPECS = 40;

/** An option and the values it offers, in the order the product page shows them. */
export interface ProductOption {
  name: string;
  values: string[];
}

/** One row of the 'Ficha técnica': 'Tela' → '6,7" OLED'. */
export interface ProductSpec {
  name: string;
  value: string;
}

/** What a variant sells: the fields the admin's grid, the product page and the feed share. */
export interface VariantOffer {
  sku: string;
  /** One value per option, in the product's options' order; [] for a product without options. */
  optionValues: string[];
  priceCents: number;
  /** The "de" price of a promotion, above the price; null without one. */
  compareAtCents: number | null;
  stock: number;
  gtin: string | null;
}

/**
 * The label of a variant, as the cart, orders and receipts show it: 'Cor: Preto · Armazenamento:
 * 256 GB'; empty for a product without options (its default variant).
 */
export function variantLabel(options: readonly ProductOption[], optionValues: readonly string[]): string {
  return options
    .map((option, index) => (optionValues[index] ? `${option.name}: ${optionValues[index]}` : null))
    .filter((part): part is string => part !== null)
    .join(" · ");
}

/**
 * A line's name where one text must hold both (notices, e-mails, receipts): the product's, and its
 * variant's label when it has one: 'Smartphone Lume (Cor: Preto · Armazenamento: 256 GB)'.
 */
export function lineName({ name, variantLabel }: { name: string; variantLabel: string }): string {
  return variantLabel === "" ? name : `${name} (${variantLabel})`;
}
