import type { Database, Transaction } from "../../db/client.server";
import { productVariants } from "../../db/schema.server";

/** What a product without options sells: its one default variant's price and stock. */
export interface DefaultVariant {
  productId: number;
  priceCents: number;
  stock: number;
}

/**
 * Gives products without options their one default variant, with the SKU migration 0020 gave
 * every product it turned into one ('VTR-<product id>').
 */
export async function insertDefaultVariants(
  db: Database | Transaction,
  variants: readonly DefaultVariant[],
): Promise<void> {
  if (variants.length === 0) return;
  await db
    .insert(productVariants)
    .values(variants.map((variant) => ({ ...variant, sku: `VTR-${variant.productId}` })));
}
