import { eq } from "drizzle-orm";
import { productVariants } from "../../db/schema.server";

/**
 * A variant on sale: what the catalogue lists, the cart takes, and the sitemap and the shopping
 * feed publish. A product none of whose variants is on sale is in none of them.
 */
export const variantOnSale = eq(productVariants.active, true);
