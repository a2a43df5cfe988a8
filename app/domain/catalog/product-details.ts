/** A product as its page shows it: shared by server and browser. */
export interface ProductDetails {
  id: number;
  name: string;
  description: string;
  category: string;
  priceCents: number;
  stock: number;
  image: string;
  /** The cover first, then the gallery in display order (unless the gallery places the cover itself). */
  images: string[];
}
