import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ProductImageFiles } from "../../domain/catalog/store-product-image.server";
import { smallProductImageUrl } from "../../lib/product-images";
import { findProjectFolder } from "../../lib/project-folder.server";
import { DEMO_CATALOG, type DemoProduct } from "./demo-catalog";

/**
 * The demo catalogue's pictures, drawn by `npm run seed:images` and committed: a first start only
 * copies them, instead of drawing them with sharp (about 40 s and 400 MB of memory kept by the
 * allocator afterwards; see docs/decisions/0022).
 */
export const DEMO_IMAGES_FOLDER = "app/startup/seed/images";

/** The views the seed stores for a product: the main image (0), then the gallery's others. */
export function demoImageViews(product: DemoProduct): number[] {
  return Array.from({ length: Math.max(product.galleryViews, 1) }, (_, view) => view);
}

export function demoImageName(product: DemoProduct, view: number): string {
  return `${product.slug}-${view}`;
}

/** Where a view's files lie in `folder`: the 800 px WebP and its 400 px copy. */
export function demoImagePaths(folder: string, product: DemoProduct, view: number) {
  const file = `${demoImageName(product, view)}.webp`;
  return { webp: path.join(folder, file), small: path.join(folder, smallProductImageUrl(file)) };
}

let folder: string | undefined;

/** Reads a committed view of a demo product. */
export async function readDemoImage(product: DemoProduct, view: number): Promise<ProductImageFiles> {
  folder ??= findProjectFolder(
    import.meta.url,
    DEMO_IMAGES_FOLDER,
    path.basename(demoImagePaths("", DEMO_CATALOG[0]!, 0).webp),
  );
  const paths = demoImagePaths(folder, product, view);
  const [webp, small] = await Promise.all([readFile(paths.webp), readFile(paths.small)]);
  return { webp, small };
}
