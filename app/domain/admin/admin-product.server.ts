import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { productImages, products, productVariants } from "../../db/schema.server";
import { parcelSizeColumns } from "../shipping/parcel-size.server";
import type { AdminVariant, GalleryImage } from "./admin-product";

/** A product as the edit view shows it, with its variants and gallery in display order; null when missing. */
export async function getAdminProduct(db: Database, productId: number) {
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      category: products.category,
      brand: products.brand,
      ncm: products.ncm,
      origin: products.origin,
      image: products.image,
      parcel: parcelSizeColumns(products),
      options: products.options,
      specs: products.specs,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  return {
    ...product,
    variants: await listVariants(db, productId),
    gallery: await listGallery(db, productId),
  };
}

/** The columns of an `AdminVariant`, for every query that reads a product's variants for the panel. */
export const adminVariantColumns = {
  id: productVariants.id,
  sku: productVariants.sku,
  optionValues: productVariants.optionValues,
  priceCents: productVariants.priceCents,
  compareAtCents: productVariants.compareAtCents,
  stock: productVariants.stock,
  active: productVariants.active,
  gtin: productVariants.gtin,
  ...parcelSizeColumns(productVariants),
};

export function listVariants(db: Pick<Database, "select">, productId: number): Promise<AdminVariant[]> {
  return db
    .select(adminVariantColumns)
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.displayOrder), asc(productVariants.id));
}

export function listGallery(db: Pick<Database, "select">, productId: number): Promise<GalleryImage[]> {
  return db
    .select({
      id: productImages.id,
      imageUrl: productImages.imageUrl,
      displayOrder: productImages.displayOrder,
      variantId: productImages.variantId,
      optionIndex: productImages.optionIndex,
      optionValue: productImages.optionValue,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.displayOrder), asc(productImages.id));
}
