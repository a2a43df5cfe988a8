/** A product as lists show it (home, catalogue, cart, favourites): shared by server and browser. */
export interface ProductCard {
  id: number;
  name: string;
  category: string;
  priceCents: number;
  image: string;
  stock: number;
}
