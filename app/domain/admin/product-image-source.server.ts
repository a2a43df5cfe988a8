import { randomUUID } from "node:crypto";
import { storeProductImage } from "../catalog/store-product-image.server";
import { fetchFromPublicAddress } from "../images/public-fetch.server";
import { openImage, PHOTO_FORMATS } from "../images/open-image.server";
import {
  STORAGE_UNAVAILABLE,
  StorageUnavailableError,
  type FileStorage,
} from "../../storage/file-storage.server";
import { PRODUCT_IMAGE_WIDTH } from "../../lib/product-images";
import { INVALID_IMAGE_FILE, PRODUCT_IMAGE_MAX_BYTES } from "../images/image-upload";
import { INVALID_IMAGE_URL, isOwnImagePath } from "./product-form-schema";
import type { Outcome } from "../../lib/outcome";

/** What the admin gave as an image: a file (wins when both are given), an address, or neither. */
export interface ImageSource {
  file?: File | null;
  url?: string;
}

export type ImageOutcome = Outcome<{ url: string | null }>;

const FETCH_TIMEOUT_MS = 10_000;
const UNREACHABLE_IMAGE = "Não foi possível baixar a imagem dessa URL";

/**
 * The image to keep for a product, as a path of the store's own: an upload or an image fetched
 * from an http(s) URL is checked by content and stored like the demo catalogue's (800 px WebP
 * and its 400 px copy); a path of the store's own is kept as it is; null when none was given.
 * The store serves images only from itself (its CSP's img-src), so a remote URL is never kept.
 * Runs before the write's transaction: a refused image changes nothing.
 */
export async function resolveProductImage(storage: FileStorage, source: ImageSource): Promise<ImageOutcome> {
  if (source.file && source.file.size > 0) {
    if (source.file.size > PRODUCT_IMAGE_MAX_BYTES) return { ok: false, message: INVALID_IMAGE_FILE };
    return storeImage(storage, Buffer.from(await source.file.arrayBuffer()), INVALID_IMAGE_FILE);
  }
  const url = source.url?.trim() ?? "";
  if (url === "") return { ok: true, url: null };
  if (isOwnImagePath(url)) return { ok: true, url };
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return { ok: false, message: INVALID_IMAGE_URL };
  const bytes = await download(url);
  if (!bytes) return { ok: false, message: UNREACHABLE_IMAGE };
  return storeImage(storage, bytes, "A URL não aponta para uma imagem JPEG, PNG, WebP ou GIF");
}

async function storeImage(storage: FileStorage, bytes: Buffer, refusal: string): Promise<ImageOutcome> {
  const image = await openImage(bytes, PHOTO_FORMATS);
  if (!image) return { ok: false, message: refusal };
  let webp: Buffer;
  try {
    webp = await image
      .resize(PRODUCT_IMAGE_WIDTH, PRODUCT_IMAGE_WIDTH, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return { ok: false, message: refusal };
  }
  try {
    return { ok: true, url: await storeProductImage(storage, `admin-${randomUUID().slice(0, 8)}`, webp) };
  } catch (error) {
    if (error instanceof StorageUnavailableError) return { ok: false, message: STORAGE_UNAVAILABLE };
    throw error;
  }
}

/**
 * The body at `url`, at most 5 MB and within 10 s (redirects included); null on any failure. Only
 * public addresses are fetched: the request comes from the store's server, which can reach
 * loopback, the private network and the cloud's metadata service that the admin cannot.
 */
async function download(url: string): Promise<Buffer | null> {
  try {
    const response = await fetchFromPublicAddress(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { Accept: "image/*" },
    });
    if (!response?.ok || !response.body) return null;
    if (Number(response.headers.get("content-length") ?? 0) > PRODUCT_IMAGE_MAX_BYTES) {
      await response.body.cancel();
      return null;
    }
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks);
      size += value.length;
      if (size > PRODUCT_IMAGE_MAX_BYTES) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
}
