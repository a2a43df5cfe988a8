import type { products, productVariants } from "../../db/schema.server";

/** The parcel's columns of a product or of a variant, for a query's select. */
export function parcelSizeColumns(table: typeof products | typeof productVariants) {
  return {
    weightGrams: table.weightGrams,
    heightCm: table.heightCm,
    widthCm: table.widthCm,
    lengthCm: table.lengthCm,
  };
}
