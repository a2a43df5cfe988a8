import { createHash } from "node:crypto";
import { SMALL_PRODUCT_IMAGE_WIDTH, smallProductImageUrl } from "../../lib/product-images";
import type { FileStorage } from "../../storage/file-storage.server";
import { loadSharp } from "../images/sharp.server";

/** A product image (an 800 px WebP) in the two widths the store keeps. */
export interface ProductImageFiles {
  webp: Buffer;
  /** The 400 px copy. */
  small: Buffer;
}

/** Makes the 400 px copy of an 800 px WebP product image. */
export async function productImageFiles(webp: Buffer): Promise<ProductImageFiles> {
  const sharp = await loadSharp();
  const small = await sharp(webp).resize(SMALL_PRODUCT_IMAGE_WIDTH).webp({ quality: 75 }).toBuffer();
  return { webp, small };
}

/** Stores a product image (already an 800 px WebP) and its 400 px copy, made here. */
export async function storeProductImage(storage: FileStorage, name: string, webp: Buffer): Promise<string> {
  return storeProductImageFiles(storage, name, await productImageFiles(webp));
}

/**
 * Stores a product image in both widths. The name carries a content hash, so the URL changes
 * whenever the picture does and can be cached forever.
 */
export async function storeProductImageFiles(
  storage: FileStorage,
  name: string,
  files: ProductImageFiles,
): Promise<string> {
  const hash = createHash("sha256").update(files.webp).digest("hex").slice(0, 10);
  const url = await storage.put(`products/${name}-${hash}.webp`, files.webp);
  await storage.put(smallProductImageUrl(`products/${name}-${hash}.webp`), files.small);
  return url;
}
