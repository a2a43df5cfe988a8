/** The most an uploaded or fetched image (a product's, the store's logo) may weigh. */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const INVALID_IMAGE_FILE = "Envie uma imagem JPEG, PNG, WebP ou GIF de até 5 MB";
