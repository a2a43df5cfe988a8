import { eq, sql } from "drizzle-orm";
import { type Database, preparedPerDatabase } from "../../db/client.server";
import { productImages, products } from "../../db/schema.server";
import { shownStock } from "./product-card-columns.server";
import type { ProductDetails } from "./product-details";

/** One product with its gallery, or null when no product has this id. */
export async function getProductDetails(db: Database, id: number): Promise<ProductDetails | null> {
  const [product] = await productDetailsQuery(db).execute({ id });
  if (!product) return null;
  const { gallery, ...details } = product;
  return { ...details, images: gallery.length > 0 ? gallery : [product.image] };
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
