import { randomUUID } from "node:crypto";
import type { Database } from "../../app/db/client.server";
import { productImages, products, productVariants } from "../../app/db/schema.server";
import type { ProductOption } from "../../app/domain/catalog/variants";

type NewProduct = typeof products.$inferInsert;
type NewVariant = Omit<typeof productVariants.$inferInsert, "productId" | "sku"> & {
  sku?: string;
  /** Photos of this variant, in display order. */
  images?: string[];
};

/**
 * A product sold in variants (or, without `options`, one default variant), inserted as the admin
 * saves it: the product, then its variants, whose trigger sets the product's price range.
 */
export async function createProductWithVariants(
  db: Database,
  {
    options = [],
    variants,
    ...overrides
  }: Partial<Omit<NewProduct, "options">> & { options?: ProductOption[]; variants: NewVariant[] },
) {
  const prices = variants.map((variant) => variant.priceCents);
  const [product] = await db
    .insert(products)
    .values({
      name: `Produto com variantes ${randomUUID().slice(0, 8)}`,
      description: "Descrição do produto de teste.",
      category: "Smartphones",
      priceCents: Math.min(...prices),
      priceMaxCents: Math.max(...prices),
      options,
      ...overrides,
    })
    .returning();
  const inserted = [];
  for (const [displayOrder, { images = [], ...variant }] of variants.entries()) {
    const [row] = await db
      .insert(productVariants)
      .values({
        sku: `SKU-${randomUUID().slice(0, 12)}`,
        displayOrder,
        ...variant,
        productId: product!.id,
      })
      .returning();
    if (images.length > 0) {
      await db.insert(productImages).values(
        images.map((imageUrl, order) => ({
          productId: product!.id,
          variantId: row!.id,
          imageUrl,
          displayOrder: order,
        })),
      );
    }
    inserted.push(row!);
  }
  return { product: product!, variants: inserted };
}
