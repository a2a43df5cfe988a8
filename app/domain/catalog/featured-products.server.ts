import { desc } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products } from "../../db/schema.server";

export const FEATURED_PRODUCTS_LIMIT = 6;

export interface ProductCard {
  id: number;
  name: string;
  category: string;
  priceCents: number;
  image: string;
  stock: number;
}

/** The home page's featured products: the newest ones, at most six. */
export function listFeaturedProducts(db: Database): Promise<ProductCard[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      priceCents: products.priceCents,
      image: products.image,
      stock: products.stock,
    })
    .from(products)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(FEATURED_PRODUCTS_LIMIT);
}
