/** The picture of a product without one of its own (and of one whose picture no longer loads). */
export const PLACEHOLDER_IMAGE = "/placeholder.svg";

/** What every list of products shows of one (the cart's lines too): shared by server and browser. */
export interface ProductSummary {
  id: number;
  name: string;
  category: string;
  priceCents: number;
  image: string;
  stock: number;
}

/** A product as lists show it (home, catalogue, favourites): shared by server and browser. */
export interface ProductCard extends ProductSummary {
  brand: string | null;
  /** `priceCents` is the lowest price of its active variants, this the highest: 'a partir de'. */
  priceMaxCents: number;
  /** The "de" price of its cheapest variant, when that variant is on promotion. */
  compareAtCents: number | null;
  /** Sold in variants of its options: chosen on its page, not added from a list. */
  hasOptions: boolean;
}
