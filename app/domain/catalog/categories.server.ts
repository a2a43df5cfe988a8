import type { Database } from "../../db/client.server";
import { products } from "../../db/schema.server";

/** The catalogue's categories: the distinct categories of the products, in the database's order. */
export async function listCategories(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: products.category })
    .from(products)
    .orderBy(products.category);
  return rows.map((row) => row.category);
}
