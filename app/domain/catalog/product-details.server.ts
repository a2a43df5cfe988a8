import { eq, sql } from "drizzle-orm";
import { type Database, preparedPerDatabase } from "../../db/client.server";
import { productImages, products, productVariants } from "../../db/schema.server";
import { isPhotoOfVariant, photoOwnerOf, type PhotoOwnerColumns } from "./photo-owner";
import { PLACEHOLDER_IMAGE } from "./product-card";
import { MAX_QUANTITY_PER_ITEM } from "../cart/cart-items";
import type { ProductDetails, VariantDetails } from "./product-details";

/** One product with its gallery and active variants, or null when no product has this id. */
export async function getProductDetails(db: Database, id: number): Promise<ProductDetails | null> {
  const [product] = await productDetailsQuery(db).execute({ id });
  if (!product) return null;
  const { gallery, variants, ...details } = product;
  const shared = gallery
    .filter((picture) => photoOwnerOf(picture).kind === "product")
    .map((picture) => picture.url);
  return {
    ...details,
    images: productPictures(product.image, shared),
    variants: variants.map((variant) => ({
      ...variant,
      images: gallery.filter((picture) => isPhotoOfVariant(picture, variant)).map((picture) => picture.url),
    })),
  };
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

// The outer product qualified by hand: a one-table select names its columns unqualified.
const outerProductId = sql`${products}.${sql.identifier(products.id.name)}`;

/**
 * The product, its gallery and its active variants in one statement: every product page asks for
 * all three. Stock is shown up to what one cart may hold (as `shownStock` does for cards).
 */
const productDetailsQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      category: products.category,
      brand: products.brand,
      priceCents: products.priceCents,
      image: products.image,
      options: products.options,
      specs: products.specs,
      gallery: sql<({ url: string } & PhotoOwnerColumns)[]>`coalesce((
        select json_agg(json_build_object('url', ${productImages.imageUrl}, 'variantId', ${productImages.variantId},
            'optionIndex', ${productImages.optionIndex}, 'optionValue', ${productImages.optionValue})
          order by ${productImages.displayOrder}, ${productImages.id})
        from ${productImages} where ${productImages.productId} = ${outerProductId}), '[]'::json)`,
      variants: sql<Omit<VariantDetails, "images">[]>`coalesce((
        select json_agg(json_build_object(
            'id', ${productVariants.id},
            'sku', ${productVariants.sku},
            'optionValues', ${productVariants.optionValues},
            'priceCents', ${productVariants.salePriceCents},
            'compareAtCents', ${productVariants.formerPriceCents},
            'stock', least(${productVariants.stock}, ${sql.raw(String(MAX_QUANTITY_PER_ITEM))}),
            'gtin', ${productVariants.gtin})
          order by ${productVariants.displayOrder}, ${productVariants.id})
        from ${productVariants}
        where ${productVariants.productId} = ${outerProductId} and ${productVariants.active}), '[]'::json)`,
    })
    .from(products)
    .where(eq(products.id, sql.placeholder("id")))
    .prepare("product_details"),
);
