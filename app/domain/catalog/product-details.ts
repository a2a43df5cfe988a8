/** A product as its page shows it: shared by server and browser. */
export interface ProductDetails {
  id: number;
  name: string;
  description: string;
  category: string;
  priceCents: number;
  stock: number;
  image: string;
  /** Gallery in display order; the main image alone when the product has no gallery. */
  images: string[];
}
