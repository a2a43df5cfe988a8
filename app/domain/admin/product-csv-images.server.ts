import { and, asc, inArray } from "drizzle-orm";
import { photoOfProduct } from "../catalog/photo-owner.server";
import type { Database } from "../../db/client.server";
import { productImages, products } from "../../db/schema.server";
import type { FileStorage } from "../../storage/file-storage.server";
import { PLACEHOLDER_IMAGE } from "../catalog/product-card";
import { isOwnImagePath } from "./product-form-schema";
import { resolveProductImage } from "./product-image-source.server";

/** A product's own pictures: its cover (the catalogue's) and its gallery, its variants' aside. */
export interface ProductPictures {
  cover: string;
  gallery: string[];
}

/** What the import needs of a product the file describes. */
interface ProductImagesToStore {
  handle: string;
  productId: number | null;
  /** The file's `imagens`, in order. */
  images: string[];
  line: number;
}

/**
 * An address of the store's own written with its origin ('https://loja.com/uploads/…'), as the
 * path the store keeps ('/uploads/…'); any other address as it is.
 */
export function ownImagePath(url: string, storeOrigin: string): string {
  if (!URL.canParse(url)) return url;
  const { origin, pathname, search, hash } = new URL(url);
  const own = origin === storeOrigin && search === "" && hash === "" && isOwnImagePath(pathname);
  return own ? pathname : url;
}

/**
 * The products' images as the store keeps them, by handle: an image the product already has (or a
 * path of the store's own) as it is, any other fetched and stored like the panel's. An existing
 * product whose `imagens` is empty is left out: its images stay. Each address is fetched once;
 * any refused, the messages of all of them.
 */
export async function storeCsvImages(
  storage: FileStorage,
  planned: ProductImagesToStore[],
  current: Map<number, ProductPictures>,
  storeOrigin: string,
): Promise<{ ok: true; byHandle: Map<string, string[]> } | { ok: false; errors: string[] }> {
  const byHandle = new Map<string, string[]>();
  const errors: string[] = [];
  for (const product of planned) {
    if (product.productId !== null && product.images.length === 0) continue;
    const pictures = product.productId === null ? null : current.get(product.productId)!;
    const kept = new Set(pictures ? [pictures.cover, ...pictures.gallery] : []);
    const stored: string[] = [];
    const seen = new Set<string>();
    for (const url of product.images.map((image) => ownImagePath(image, storeOrigin))) {
      if (seen.has(url)) continue;
      seen.add(url);
      const image = kept.has(url) ? { ok: true as const, url } : await resolveProductImage(storage, { url });
      if (!image.ok) errors.push(`Linha ${product.line}: ${image.message}: "${url}"`);
      else if (image.url && !stored.includes(image.url)) stored.push(image.url);
    }
    byHandle.set(product.handle, stored);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, byHandle };
}

/**
 * A product's pictures from the file's list: the first is the cover, the others the gallery in
 * their order. What the export writes of a product comes back as it was: a gallery that held the
 * cover keeps it where the admin put it, and the placeholder of a product without a cover stays
 * when the list is its gallery.
 */
export function picturesOfList(list: string[], current: ProductPictures | null): ProductPictures {
  const [cover = PLACEHOLDER_IMAGE, ...gallery] = list;
  if (!current) return { cover, gallery };
  if (current.cover === PLACEHOLDER_IMAGE && list.join("\n") === current.gallery.join("\n")) {
    return { cover: PLACEHOLDER_IMAGE, gallery: list };
  }
  const coverPlace = current.gallery.indexOf(cover);
  if (cover === current.cover && coverPlace !== -1) {
    gallery.splice(Math.min(coverPlace, gallery.length), 0, cover);
  }
  return { cover, gallery };
}

/** The list `imagens` writes of a product's pictures: the cover first (none for the placeholder). */
export function listOfPictures({ cover, gallery }: ProductPictures): string[] {
  if (cover === PLACEHOLDER_IMAGE) return gallery;
  const place = gallery.indexOf(cover);
  return [cover, ...gallery.filter((_, index) => index !== place)];
}

/** The cover and gallery of each of these products. */
export async function picturesOfProducts(db: Database, ids: number[]): Promise<Map<number, ProductPictures>> {
  const pictures = new Map<number, ProductPictures>();
  for (let start = 0; start < ids.length; start += 10_000) {
    const some = ids.slice(start, start + 10_000);
    const [covers, gallery] = await Promise.all([
      db.select({ id: products.id, image: products.image }).from(products).where(inArray(products.id, some)),
      db
        .select({ productId: productImages.productId, imageUrl: productImages.imageUrl })
        .from(productImages)
        .where(and(inArray(productImages.productId, some), photoOfProduct))
        .orderBy(asc(productImages.productId), asc(productImages.displayOrder), asc(productImages.id)),
    ]);
    for (const { id, image } of covers) pictures.set(id, { cover: image, gallery: [] });
    for (const { productId, imageUrl } of gallery) pictures.get(productId)?.gallery.push(imageUrl);
  }
  return pictures;
}
