import { sql, type SQL } from "drizzle-orm";

/**
 * `pixUnitPriceCents` (payment-prices.ts) in SQL, for the statement that prices an order: the
 * price less its discount rounded half up, `(price × rate + 5,000) / 10,000` in 64-bit integers
 * (a price up to 10^8 centavos times at most 5,000 basis points; the division truncates, and every
 * term is positive, so it floors), never below one centavo.
 */
export function pixUnitPriceSql(priceCents: SQL, discountBasisPoints: number): SQL {
  return sql`greatest(${priceCents} - (${priceCents} * ${discountBasisPoints}::bigint + 5000) / 10000, 1)`;
}
