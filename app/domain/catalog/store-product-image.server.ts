import { createHash } from "node:crypto";
import sharp from "sharp";
import { SMALL_PRODUCT_IMAGE_WIDTH, smallProductImageUrl } from "../../lib/product-images";
import type { FileStorage } from "../../storage/file-storage.server";

/**
 * Stores a product image (already an 800 px WebP) and its 400 px copy. The name carries a
 * content hash, so the URL changes whenever the picture does and can be cached forever.
 */
export async function storeProductImage(storage: FileStorage, name: string, webp: Buffer): Promise<string> {
  const hash = createHash("sha256").update(webp).digest("hex").slice(0, 10);
  const small = await sharp(webp).resize(SMALL_PRODUCT_IMAGE_WIDTH).webp({ quality: 75 }).toBuffer();
  const url = await storage.put(`products/${name}-${hash}.webp`, webp);
  await storage.put(smallProductImageUrl(`products/${name}-${hash}.webp`), small);
  return url;
}
