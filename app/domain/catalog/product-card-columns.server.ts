import { sql } from "drizzle-orm";
import { products, productVariants } from "../../db/schema.server";
import { MAX_QUANTITY_PER_ITEM } from "../cart/cart-items";

/**
 * A product's stock: the sum of its active variants' stock (decision 0030). The outer product is
 * qualified by hand: a one-table select names its columns unqualified, which inside this subquery
 * would name the variant's.
 */
export const productStock = sql<number>`(
  select coalesce(sum(${productVariants.stock}), 0) from ${productVariants}
  where ${productVariants.productId} = ${products}.${sql.identifier(products.id.name)} and ${productVariants.active})`;

/** Whether any active variant of the product is in stock: what lists offer. */
export const productInStock = sql<boolean>`${productStock} > 0`;

const cappedStock = (stock: unknown) =>
  sql<number>`least(${stock}, ${sql.raw(String(MAX_QUANTITY_PER_ITEM))})`.mapWith(Number);

/**
 * Stock as pages show it: exact up to what one cart may hold, and that much above it. A sale of a
 * product with plenty left changes nothing a page shows, so no cached page is dropped for it
 * (the trigger of migration 0020 announces only changes below this cap).
 */
export const shownStock = cappedStock(productStock).as("stock");

/** A variant's stock as the cart shows it: none while the variant is not for sale. */
export const shownVariantStock = cappedStock(
  sql`case when ${productVariants.active} then ${productVariants.stock} else 0 end`,
).as("stock");

/** The "de" price of the product's cheapest active variant: the card's "de/por". */
const cheapestCompareAt = sql<number | null>`(
  select ${productVariants.formerPriceCents} from ${productVariants}
  where ${productVariants.productId} = ${products}.${sql.identifier(products.id.name)} and ${productVariants.active}
  order by ${productVariants.salePriceCents}, ${productVariants.displayOrder}, ${productVariants.id} limit 1)`
  .mapWith(Number)
  .as("compare_at_cents");

/** The columns of a `ProductCard`, for every query that lists products. */
export const productCardColumns = {
  id: products.id,
  name: products.name,
  category: products.category,
  brand: products.brand,
  priceCents: products.priceCents,
  priceMaxCents: products.priceMaxCents,
  compareAtCents: cheapestCompareAt,
  image: products.image,
  hasOptions: sql<boolean>`jsonb_array_length(${products.options}) > 0`.as("has_options"),
  stock: shownStock,
};
