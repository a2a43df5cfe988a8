import { eq, sql } from "drizzle-orm";
import { type Database, preparedPerDatabase } from "../../db/client.server";
import { productImages, products } from "../../db/schema.server";
import { PLACEHOLDER_IMAGE } from "../admin/product-form-schema";
import { shownStock } from "./product-card-columns.server";
import type { ProductDetails } from "./product-details";

/** One product with its gallery, or null when no product has this id. */
export async function getProductDetails(db: Database, id: number): Promise<ProductDetails | null> {
  const [product] = await productDetailsQuery(db).execute({ id });
  if (!product) return null;
  const { gallery, ...details } = product;
  return { ...details, images: productPictures(product.image, gallery) };
}

/**
 * The cover (the catalogue's picture) leads, then the gallery in the admin's order. A gallery that
 * holds the cover itself, as the demo catalogue's do, places it where the admin put it; the
 * placeholder of a product without a cover gives way to its gallery.
 */
function productPictures(cover: string, gallery: string[]): string[] {
  if (gallery.includes(cover)) return gallery;
  if (gallery.length > 0 && cover === PLACEHOLDER_IMAGE) return gallery;
  return [cover, ...gallery];
}

/** The product and its gallery in one statement: every product page asks for both. */
const productDetailsQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      category: products.category,
      priceCents: products.priceCents,
      stock: shownStock,
      image: products.image,
      // The outer product qualified by hand: a one-table select names its columns unqualified.
      gallery: sql<string[]>`array(
        select ${productImages.imageUrl} from ${productImages}
        where ${productImages.productId} = ${products}.${sql.identifier(products.id.name)}
        order by ${productImages.displayOrder}, ${productImages.id})`,
    })
    .from(products)
    .where(eq(products.id, sql.placeholder("id")))
    .prepare("product_details"),
);
