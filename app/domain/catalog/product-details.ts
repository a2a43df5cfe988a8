import type { ProductOption, ProductSpec, VariantOffer } from "./variants";

/** A variant as the product page offers it: only active variants are offered. */
export interface VariantDetails extends VariantOffer {
  id: number;
  /** The variant's own photos and its option values' (a colour's), in display order: shown before the product's. */
  images: string[];
}

/** A product as its page shows it: shared by server and browser. */
export interface ProductDetails {
  id: number;
  name: string;
  description: string;
  category: string;
  brand: string | null;
  /** The lowest price of its active variants. */
  priceCents: number;
  image: string;
  /**
   * The product's own pictures: the cover first, then the gallery in display order (unless the
   * gallery places the cover itself); the variants' photos are in `variants`.
   */
  images: string[];
  options: ProductOption[];
  /** The 'Ficha técnica', in its order. */
  specs: ProductSpec[];
  /** Its active variants in display order; empty when none is on sale. */
  variants: VariantDetails[];
}

/** `?variant=` as a product page reads it: a variant id, or null for the page's default choice. */
export function variantParamOf(query: URLSearchParams): number | null {
  const value = query.get("variant");
  return value !== null && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647
    ? Number(value)
    : null;
}

/** A product page's path, naming the variant when there is one to name. */
export function productPath(productId: number, variantId?: number | null): string {
  return variantId ? `/product/${productId}?variant=${variantId}` : `/product/${productId}`;
}

/**
 * The variant a product page shows: the one its URL names, else the first in stock, else the
 * first; null when the product has no variant on sale.
 */
export function chosenVariant(
  variants: readonly VariantDetails[],
  requestedId: number | null,
): VariantDetails | null {
  return (
    variants.find((variant) => variant.id === requestedId) ??
    variants.find((variant) => variant.stock > 0) ??
    variants[0] ??
    null
  );
}

/** The pictures a product page shows for a variant: its own photos first, then the product's. */
export function variantPictures(product: ProductDetails, variant: VariantDetails | null): string[] {
  const own = variant?.images ?? [];
  return [...own, ...product.images.filter((image) => !own.includes(image))];
}

/** 'de R$ 1.999,00 por R$ 1.699,00' is 15% off: rounded to a whole percent, never 0 or 100. */
export function percentOff(priceCents: number, compareAtCents: number): number {
  const percent = Math.round((1 - priceCents / compareAtCents) * 100);
  return Math.min(99, Math.max(1, percent));
}
