import { and, asc, eq } from "drizzle-orm";
import { photoOfProduct } from "../catalog/photo-owner.server";
import type { Database, Transaction } from "../../db/client.server";
import { productImages, products } from "../../db/schema.server";
import type { FileStorage } from "../../storage/file-storage.server";
import { photoOwnerColumns, photoOwnerLabel, photoOwnerOf, type PhotoOwner } from "../catalog/photo-owner";
import { listGallery, listVariants } from "./admin-product.server";
import { recordAdminWrite, type AdminActor } from "../audit/audit.server";
import { resolveProductImage, type ImageSource } from "./product-image-source.server";

export type GalleryOutcome = { ok: true } | { ok: false; message?: string; notFound?: boolean };

const NO_IMAGE = "Envie uma imagem ou informe a URL";

/**
 * Each gallery write first locks its product's row, so two admins editing one gallery take turns
 * and display_order stays 0, 1, 2… without gaps; false when the product is gone.
 */
async function lockProduct(tx: Transaction, productId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  return row !== undefined;
}

/** Writes display_order 0..n-1 in the given order, touching only rows whose place changed. */
async function renumber(tx: Transaction, images: { id: number; displayOrder: number }[]): Promise<void> {
  for (const [index, image] of images.entries()) {
    if (image.displayOrder !== index) {
      await tx.update(productImages).set({ displayOrder: index }).where(eq(productImages.id, image.id));
    }
  }
}

/** Adds an image (already stored) to the product's gallery at this place, audited. */
export async function insertGalleryImage(
  tx: Transaction,
  actor: AdminActor,
  productId: number,
  imageUrl: string,
  displayOrder: number,
): Promise<void> {
  const [added] = await tx.insert(productImages).values({ productId, imageUrl, displayOrder }).returning();
  await recordAdminWrite(tx, actor, {
    action: "product_image.add",
    targetType: "product_image",
    targetId: added!.id,
    before: null,
    after: { productId, imageUrl, displayOrder },
  });
}

/**
 * Removes one image of this product, audited; false when the product has no such image. The
 * places after it are left for the caller to renumber.
 */
export async function deleteGalleryImage(
  tx: Transaction,
  actor: AdminActor,
  productId: number,
  imageId: number,
): Promise<boolean> {
  const [removed] = await tx
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning();
  if (!removed) return false;
  await recordAdminWrite(tx, actor, {
    action: "product_image.remove",
    targetType: "product_image",
    targetId: imageId,
    before: { productId, imageUrl: removed.imageUrl, displayOrder: removed.displayOrder },
    after: null,
  });
  return true;
}

/** A new image at the end of the product's gallery, checked and stored like the main image. */
export async function addGalleryImage(
  db: Database,
  storage: FileStorage,
  actor: AdminActor,
  productId: number,
  source: ImageSource,
): Promise<GalleryOutcome> {
  const image = await resolveProductImage(storage, source);
  if (!image.ok) return { ok: false, message: image.message };
  if (image.url === null) return { ok: false, message: NO_IMAGE };
  const imageUrl = image.url;
  return db.transaction(async (tx): Promise<GalleryOutcome> => {
    if (!(await lockProduct(tx, productId))) return { ok: false, notFound: true };
    const gallery = await listGallery(tx, productId);
    await renumber(tx, gallery);
    await insertGalleryImage(tx, actor, productId, imageUrl, gallery.length);
    return { ok: true };
  });
}

/** Removes one image of this product (an id of another product's image is not found here). */
export async function removeGalleryImage(
  db: Database,
  actor: AdminActor,
  productId: number,
  imageId: number,
): Promise<GalleryOutcome> {
  return db.transaction(async (tx): Promise<GalleryOutcome> => {
    if (!(await lockProduct(tx, productId))) return { ok: false, notFound: true };
    if (!(await deleteGalleryImage(tx, actor, productId, imageId))) return { ok: false, notFound: true };
    await renumber(tx, await listGallery(tx, productId));
    return { ok: true };
  });
}

/** Moves one image of this product a place up (earlier) or down (later) in its gallery. */
export async function moveGalleryImage(
  db: Database,
  actor: AdminActor,
  productId: number,
  imageId: number,
  direction: "up" | "down",
): Promise<GalleryOutcome> {
  return db.transaction(async (tx): Promise<GalleryOutcome> => {
    if (!(await lockProduct(tx, productId))) return { ok: false, notFound: true };
    const gallery = await listGallery(tx, productId);
    const from = gallery.findIndex((image) => image.id === imageId);
    if (from === -1) return { ok: false, notFound: true };
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= gallery.length) return { ok: true };
    const order = [...gallery];
    [order[from], order[to]] = [order[to]!, order[from]!];
    await renumber(tx, order);
    await recordAdminWrite(tx, actor, {
      action: "product_image.reorder",
      targetType: "product_image",
      targetId: imageId,
      before: { productId, order: gallery.map((image) => image.id) },
      after: { productId, order: order.map((image) => image.id) },
    });
    return { ok: true };
  });
}

export const UNKNOWN_PHOTO_OWNER = "Escolha uma opção ou variante deste produto";

/**
 * Shows one photo of this product with all its variants, with those of one option value (a
 * colour), or with one variant only: the product page leads with it when that variant is chosen,
 * and the cart line, the order and the feed take it as the variant's picture. Audited in the
 * owner's words ('Mostrada com: Todas as variantes → Cor: Preto').
 */
export async function showGalleryImageWith(
  db: Database,
  actor: AdminActor,
  productId: number,
  imageId: number,
  owner: PhotoOwner,
): Promise<GalleryOutcome> {
  return db.transaction(async (tx): Promise<GalleryOutcome> => {
    const [product] = await tx
      .select({ options: products.options })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!product) return { ok: false, notFound: true };
    const choices = { options: product.options, variants: await listVariants(tx, productId) };
    const shownWith = photoOwnerLabel(owner, choices);
    if (shownWith === null) return { ok: false, message: UNKNOWN_PHOTO_OWNER };
    const [image] = await tx
      .select(photoOwnerColumnsOfImage)
      .from(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)));
    if (!image) return { ok: false, notFound: true };
    const shownBefore = photoOwnerLabel(photoOwnerOf(image), choices);
    if (shownBefore === shownWith) return { ok: true };
    await tx.update(productImages).set(photoOwnerColumns(owner)).where(eq(productImages.id, imageId));
    await recordAdminWrite(tx, actor, {
      action: "product_image.update",
      targetType: "product_image",
      targetId: imageId,
      before: { productId, shownWith: shownBefore },
      after: { productId, shownWith },
    });
    return { ok: true };
  });
}

const photoOwnerColumnsOfImage = {
  variantId: productImages.variantId,
  optionIndex: productImages.optionIndex,
  optionValue: productImages.optionValue,
};

/**
 * Makes the product's own gallery (its variants' photos aside) these images, in this order: an
 * image it already has keeps its row, the others are removed and the new ones added, each write
 * audited as the panel's; a new order of the kept ones is one `product_image.reorder` record.
 * Nothing is written when the gallery already is this list. In the caller's transaction, with the
 * product's row locked (as `writeProduct` leaves it).
 */
export async function replaceProductGallery(
  tx: Transaction,
  actor: AdminActor,
  productId: number,
  urls: readonly string[],
): Promise<void> {
  const current = await tx
    .select({
      id: productImages.id,
      imageUrl: productImages.imageUrl,
      displayOrder: productImages.displayOrder,
    })
    .from(productImages)
    .where(and(eq(productImages.productId, productId), photoOfProduct))
    .orderBy(asc(productImages.displayOrder), asc(productImages.id));
  const unmatched = [...current];
  const wanted = urls.map((imageUrl) => {
    const index = unmatched.findIndex((image) => image.imageUrl === imageUrl);
    return { imageUrl, row: index === -1 ? null : unmatched.splice(index, 1)[0]! };
  });
  for (const image of unmatched) await deleteGalleryImage(tx, actor, productId, image.id);
  const keptBefore = current.filter((image) => !unmatched.includes(image)).map((image) => image.id);
  const keptAfter = wanted.flatMap(({ row }) => (row ? [row.id] : []));
  for (const [displayOrder, { imageUrl, row }] of wanted.entries()) {
    if (!row) await insertGalleryImage(tx, actor, productId, imageUrl, displayOrder);
    else if (row.displayOrder !== displayOrder) {
      await tx.update(productImages).set({ displayOrder }).where(eq(productImages.id, row.id));
    }
  }
  const moved = keptAfter.find((id, index) => keptBefore[index] !== id);
  if (moved !== undefined) {
    // As the panel's move: filed under the first image whose place changed.
    await recordAdminWrite(tx, actor, {
      action: "product_image.reorder",
      targetType: "product_image",
      targetId: moved,
      before: { productId, order: keptBefore },
      after: { productId, order: keptAfter },
    });
  }
}
