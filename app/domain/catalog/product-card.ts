/** A product as lists show it (home, catalogue, cart, favourites): shared by server and browser. */
export interface ProductCard {
  id: number;
  name: string;
  category: string;
  brand: string | null;
  /** The lowest price of its active variants, and the highest: 'a partir de' when they differ. */
  priceCents: number;
  priceMaxCents: number;
  /** The "de" price of its cheapest variant, when that variant is on promotion. */
  compareAtCents: number | null;
  image: string;
  /** Sold in variants of its options: chosen on its page, not added from a list. */
  hasOptions: boolean;
  stock: number;
}
