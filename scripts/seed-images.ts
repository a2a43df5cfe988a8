// `npm run seed:images`: draws the demo catalogue's pictures (800 px WebP and the 400 px copy)
// into app/startup/seed/images/, committed with the code, so that a first start only copies them.
// Run it after changing the demo catalogue or its drawings (app/startup/seed/art/).
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { productImageFiles } from "../app/domain/catalog/store-product-image.server";
import { DEMO_CATALOG } from "../app/startup/seed/demo-catalog";
import { DEMO_IMAGES_FOLDER, demoImagePaths, demoImageViews } from "../app/startup/seed/demo-images.server";
import { renderProductArt } from "../app/startup/seed/product-art.server";

const folder = path.resolve(import.meta.dirname, "..", DEMO_IMAGES_FOLDER);
await rm(folder, { recursive: true, force: true });
await mkdir(folder, { recursive: true });
let files = 0;
let bytes = 0;
for (const product of DEMO_CATALOG) {
  for (const view of demoImageViews(product)) {
    const images = await productImageFiles(await renderProductArt(product, view));
    const paths = demoImagePaths(folder, product, view);
    await writeFile(paths.webp, images.webp);
    await writeFile(paths.small, images.small);
    files += 2;
    bytes += images.webp.length + images.small.length;
  }
}
console.log(`${files} imagens em ${DEMO_IMAGES_FOLDER} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
