import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { productImages, productVariants } from "../../db/schema.server";

/** A variant's columns as a query names them: the table's, or an alias's (`locked.id`). */
interface VariantColumns {
  id: SQLWrapper;
  productId: SQLWrapper;
  optionValues: SQLWrapper;
}

const VARIANT_TABLE: VariantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  optionValues: productVariants.optionValues,
};

/** The photo is the variant's own, or one of its option values' (photo-owner.ts, as SQL). */
export function photoOfVariant(variant: VariantColumns = VARIANT_TABLE): SQL {
  return sql`(${productImages.productId} = ${variant.productId} and (
    ${productImages.variantId} = ${variant.id}
    or ${variant.optionValues} ->> ${productImages.optionIndex}::int = ${productImages.optionValue}))`;
}

/** The photo is the whole product's: neither a variant's nor an option value's. */
export const photoOfProduct = sql`(${productImages.variantId} is null and ${productImages.optionIndex} is null)`;
