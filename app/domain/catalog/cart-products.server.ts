import { asc, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products } from "../../db/schema.server";
import type { ProductCard } from "./product-card";
import { productCardColumns } from "./product-card-columns.server";

/** At most this many products per lookup: an order holds at most 50 items (spec section 9). */
export const CART_PRODUCTS_LIMIT = 50;

/** The largest value of the `integer` id column: a bigger id names no product. */
const MAX_PRODUCT_ID = 2_147_483_647;

/**
 * The current state of the products in a cart. Ids that cannot name a product are ignored;
 * an id with no product (deleted) is simply absent from the result, in id order.
 */
export async function getCartProducts(db: Database, ids: number[]): Promise<ProductCard[]> {
  const wanted = [...new Set(ids.filter(isProductId))].slice(0, CART_PRODUCTS_LIMIT);
  if (wanted.length === 0) return [];
  return db
    .select(productCardColumns)
    .from(products)
    .where(inArray(products.id, wanted))
    .orderBy(asc(products.id));
}

function isProductId(id: number): boolean {
  return Number.isInteger(id) && id > 0 && id <= MAX_PRODUCT_ID;
}
