/**
 * Product images the store keeps (WebP under /uploads/products/) come in two widths: the file
 * itself, 800 px, and a 400 px copy beside it. Images from elsewhere have just their own size.
 */
export const PRODUCT_IMAGE_WIDTH = 800;
export const SMALL_PRODUCT_IMAGE_WIDTH = 400;

const STORED_PRODUCT_IMAGE = /^\/uploads\/products\/[\w.-]+\.webp$/;

export function smallProductImageUrl(url: string): string {
  return url.replace(/\.webp$/, `.${SMALL_PRODUCT_IMAGE_WIDTH}w.webp`);
}

/** The 400 px copy of a stored product image; any other image as it is. */
export function productThumbnailUrl(url: string): string {
  return STORED_PRODUCT_IMAGE.test(url) ? smallProductImageUrl(url) : url;
}

/** The `srcset` of a product image, or undefined when only one size exists. */
export function productImageSrcSet(url: string): string | undefined {
  if (!STORED_PRODUCT_IMAGE.test(url)) return undefined;
  return `${smallProductImageUrl(url)} ${SMALL_PRODUCT_IMAGE_WIDTH}w, ${url} ${PRODUCT_IMAGE_WIDTH}w`;
}
