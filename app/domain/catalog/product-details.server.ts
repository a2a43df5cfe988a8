import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { productImages, products } from "../../db/schema.server";
import { shownStock } from "./product-card-columns.server";

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

/** One product with its gallery, or null when no product has this id. */
export async function getProductDetails(db: Database, id: number): Promise<ProductDetails | null> {
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      category: products.category,
      priceCents: products.priceCents,
      stock: shownStock,
      image: products.image,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!product) return null;
  const gallery = await db
    .select({ imageUrl: productImages.imageUrl })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.displayOrder), asc(productImages.id));
  return { ...product, images: gallery.length > 0 ? gallery.map((row) => row.imageUrl) : [product.image] };
}
