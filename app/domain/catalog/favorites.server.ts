import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { favorites, products } from "../../db/schema.server";
import type { ProductCard } from "./product-card";
import { productCardColumns } from "./product-card-columns.server";

/** A customer's favourite products, the latest favourited first (scoped to that customer). */
export function listFavoriteProducts(db: Database, userId: string): Promise<ProductCard[]> {
  return db
    .select(productCardColumns)
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(products.id));
}

export async function isFavorite(db: Database, userId: string, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
  return row !== undefined;
}

/** Fails only when no product has this id. */
export type AddFavoriteResult = { ok: true } | { ok: false };

/** Idempotent: favouriting a favourite again changes nothing. */
export async function addFavorite(
  db: Database,
  userId: string,
  productId: number,
): Promise<AddFavoriteResult> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) return { ok: false };
  await db.insert(favorites).values({ userId, productId }).onConflictDoNothing();
  return { ok: true };
}

/** Idempotent: only the customer's own favourite can be removed. */
export async function removeFavorite(db: Database, userId: string, productId: number): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
}
