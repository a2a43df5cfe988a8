import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { productStock } from "../catalog/product-card-columns.server";
import { productImages, products } from "../../db/schema.server";
import type { GalleryImage } from "./admin-product";

/** A product as the edit view shows it, with its gallery in display order; null when missing. */
export async function getAdminProduct(db: Database, productId: number) {
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      priceCents: products.priceCents,
      category: products.category,
      image: products.image,
      stock: productStock.mapWith(Number),
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  return { ...product, gallery: await listGallery(db, productId) };
}

export function listGallery(db: Pick<Database, "select">, productId: number): Promise<GalleryImage[]> {
  return db
    .select({
      id: productImages.id,
      imageUrl: productImages.imageUrl,
      displayOrder: productImages.displayOrder,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.displayOrder), asc(productImages.id));
}
