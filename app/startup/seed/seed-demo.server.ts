import { count } from "drizzle-orm";
import { storeProductImageFiles } from "../../domain/catalog/store-product-image.server";
import type { FileStorage } from "../../storage/file-storage.server";
import type { Database } from "../../db/client.server";
import { productImages, products, productVariants } from "../../db/schema.server";
import { DEMO_CATALOG, type DemoProduct, type DemoVariant } from "./demo-catalog";
import { demoImageName, demoImageViews, readDemoImage } from "./demo-images.server";

const STORE_CONCURRENCY = 4;

/**
 * Loads the demo catalogue into an empty store and returns how many products it added (0 when
 * the store already has products). Images (committed, see demo-images.server.ts) are stored first; the rows land in one
 * transaction, so an interrupted first start simply seeds again at the next.
 */
export async function seedDemoCatalog(db: Database, storage: FileStorage): Promise<number> {
  const [existing] = await db.select({ total: count() }).from(products);
  if (existing!.total > 0) return 0;

  const imagesByProduct = await mapWithConcurrency(DEMO_CATALOG, STORE_CONCURRENCY, (product) =>
    storeProductImages(product, storage),
  );
  await db.transaction(async (tx) => {
    for (const [index, product] of DEMO_CATALOG.entries()) {
      const [main, ...gallery] = imagesByProduct[index]!;
      const variants = demoVariants(product);
      const prices = variants.map((variant) => variant.priceCents);
      const [row] = await tx
        .insert(products)
        .values({
          name: product.name,
          description: product.description,
          priceCents: Math.min(...prices),
          priceMaxCents: Math.max(...prices),
          category: product.category,
          brand: product.brand,
          options: product.options ?? [],
          specs: product.specs ?? [],
          image: main!,
        })
        .returning({ id: products.id });
      await tx.insert(productVariants).values(
        variants.map((variant, displayOrder) => ({
          ...variant,
          sku: variant.sku ?? `VTR-${row!.id}`,
          productId: row!.id,
          displayOrder,
        })),
      );
      if (gallery.length > 0) {
        await tx.insert(productImages).values(
          [main!, ...gallery].map((imageUrl, displayOrder) => ({
            productId: row!.id,
            imageUrl,
            displayOrder,
          })),
        );
      }
    }
  });
  return DEMO_CATALOG.length;
}

/**
 * What a demo product sells: its variants, or one default variant at its price and stock (with
 * the SKU the migration gives default variants, 'VTR-<id>', once the product has an id).
 */
function demoVariants(product: DemoProduct): (Omit<DemoVariant, "sku"> & { sku?: string })[] {
  return product.variants ?? [{ optionValues: [], priceCents: product.priceCents, stock: product.stock }];
}

/** Main image first, then the gallery views. */
async function storeProductImages(product: DemoProduct, storage: FileStorage): Promise<string[]> {
  const urls: string[] = [];
  for (const view of demoImageViews(product)) {
    const name = demoImageName(product, view);
    urls.push(await storeProductImageFiles(storage, name, await readDemoImage(product, view)));
  }
  return urls;
}

async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  });
  await Promise.all(workers);
  return results;
}
