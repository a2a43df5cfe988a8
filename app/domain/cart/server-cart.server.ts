import { and, asc, eq, gt, notInArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { cartItems, products, productVariants, users } from "../../db/schema.server";
import {
  CART_VARIANT_REFUSALS,
  cartProductColumns,
  findCartProduct,
  getCartProducts,
  toCartProduct,
} from "../catalog/cart-products.server";
import {
  addItem,
  mergeItems,
  refreshItems,
  removeItem,
  setQuantity,
  type CartItem,
  type CartRefresh,
  type ServerCartAnswer,
} from "./cart-items";
import type { CartRequest } from "./cart-request";

/**
 * A signed-in customer's cart, kept on the server (DESIGN point 6): every device of the customer
 * sees the same one. The rules are the browser cart's own (`cart-items.ts`), applied to the lines
 * as the database has them, with their variants' current names, prices and stock.
 */

/**
 * The customer's cart as it can be bought now: a line whose variant sold out (or is no longer for
 * sale) is dropped, and one
 * above the stock left is lowered; both corrections are kept and reported once.
 */
export async function readCart(db: Database, userId: string): Promise<ServerCartAnswer> {
  const lines = await cartLines(db, userId);
  // The lines carry their products as they are now: the cart is checked against itself.
  const { items, ...refresh } = refreshItems(lines, lines);
  if (corrected(refresh)) await fitCartToStock(db, userId);
  return { items, refresh };
}

const corrected = (refresh: Omit<CartRefresh, "items">) =>
  refresh.removed.length > 0 || refresh.reduced.length > 0;

/** A request naming no variant of the product it names, with the pt-BR reason: nothing changed. */
export interface CartRefused {
  error: string;
}

/**
 * Applies one request to the customer's cart, brought within its products' stock first (and
 * reported so); requests of one customer never interleave.
 */
export async function changeCart(
  db: Database,
  userId: string,
  request: CartRequest,
): Promise<ServerCartAnswer | CartRefused> {
  return db.transaction(async (tx) => {
    // The customer's row stands for the cart: a second request waits until this one commits.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    const stored = await cartLines(tx, userId);
    const { items: kept, ...refresh } = refreshItems(stored, stored);
    const answer = await applyCartRequest(tx, kept, request);
    if ("error" in answer) return answer;
    await saveCart(tx, userId, stored, answer.items);
    return corrected(refresh) ? { ...answer, refresh } : answer;
  });
}

/**
 * The cart after the request, by the browser cart's own rules, and what the request did: for a
 * customer's cart here, for a visitor's cookie in `visitor-cart.server.ts`.
 */
export async function applyCartRequest(
  tx: Database | Transaction,
  kept: CartItem[],
  request: CartRequest,
): Promise<ServerCartAnswer | CartRefused> {
  switch (request.intent) {
    case "add": {
      const found = await findCartProduct(tx, lineRef(request), { forSale: true });
      if ("refusal" in found) return { error: CART_VARIANT_REFUSALS[found.refusal] };
      const [items, change] = addItem(kept, found.product);
      return { items, change };
    }
    case "set": {
      // A line no longer for sale is already out of `kept`: only the variant's product is checked.
      const found = await findCartProduct(tx, lineRef(request), { forSale: false });
      if ("refusal" in found) return { error: CART_VARIANT_REFUSALS[found.refusal] };
      const [items, change] = setQuantity(kept, found.product.variantId, request.quantity);
      return { items, change };
    }
    case "remove": {
      const found = await findCartProduct(tx, lineRef(request), { forSale: false });
      if ("refusal" in found) return { error: CART_VARIANT_REFUSALS[found.refusal] };
      const [items, change] = removeItem(kept, found.product.variantId);
      return { items, change };
    }
    case "clear":
      return { items: [], change: { kind: "cleared" } };
    case "merge": {
      const incoming = await getCartProducts(tx, request.lines);
      const { items, ...merge } = mergeItems(kept, request.lines, incoming);
      return { items, merge };
    }
  }
}

const lineRef = (request: { productId: number; variantId?: number }) => ({
  id: request.productId,
  variantId: request.variantId,
});

/** The cart's lines with their variants as they are now, in the order they were added. */
async function cartLines(db: Database | Transaction, userId: string): Promise<CartItem[]> {
  const rows = await db
    .select({ ...cartProductColumns, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.variantId));
  return rows.map(({ quantity, ...product }) => ({ ...toCartProduct(product), quantity }));
}

/**
 * Drops the lines whose variant sold out (or is no longer for sale) and lowers those above the
 * stock, as the stock is when the statement runs: a request changing the cart meanwhile loses
 * nothing.
 */
async function fitCartToStock(db: Database, userId: string): Promise<void> {
  const stockOf = sql`(select case when ${productVariants.active} then ${productVariants.stock} else 0 end
    from ${productVariants} where ${productVariants.id} = ${cartItems.variantId})`;
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), sql`${stockOf} = 0`));
  await db
    .update(cartItems)
    .set({ quantity: stockOf })
    .where(and(eq(cartItems.userId, userId), gt(cartItems.quantity, stockOf)));
}

/** Writes the lines that changed: removed ones go, new and changed quantities are upserted. */
async function saveCart(
  tx: Transaction,
  userId: string,
  before: CartItem[],
  after: CartItem[],
): Promise<void> {
  const ids = after.map((item) => item.variantId);
  if (before.some((item) => !ids.includes(item.variantId))) {
    await tx
      .delete(cartItems)
      .where(
        ids.length > 0
          ? and(eq(cartItems.userId, userId), notInArray(cartItems.variantId, ids))
          : eq(cartItems.userId, userId),
      );
  }
  const quantityBefore = new Map(before.map((item) => [item.variantId, item.quantity]));
  const changed = after.filter((item) => quantityBefore.get(item.variantId) !== item.quantity);
  if (changed.length === 0) return;
  await tx
    .insert(cartItems)
    .values(
      changed.map((item) => ({
        userId,
        productId: item.id,
        variantId: item.variantId,
        quantity: item.quantity,
      })),
    )
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.variantId],
      set: { quantity: sql`excluded.quantity`, updatedAt: sql`now()` },
    });
}
