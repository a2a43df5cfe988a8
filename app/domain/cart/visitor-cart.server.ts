import type { Database } from "../../db/client.server";
import { getCartProducts } from "../catalog/cart-products.server";
import { mergeItems, type CartItem, type CartLineRequest } from "./cart-items";
import type { CartRequest } from "./cart-request";
import { applyCartRequest, changeCart } from "./server-cart.server";

/**
 * A visitor's cart as the server reads it from the cart cookie (decision 0013): the lines with
 * their variants as they are now, by the cart's own rules (a variant gone, sold out or no longer
 * for sale is left out, a line is kept within its stock, 100 per item and 50 lines).
 */
export async function readVisitorCart(db: Database, lines: CartLineRequest[]): Promise<CartItem[]> {
  if (lines.length === 0) return [];
  return mergeItems([], lines, await getCartProducts(db, lines)).items;
}

/**
 * A visitor's cart after one change sent by the cart's forms before the scripts ran; a refused
 * change (a variant of another product...) leaves it as it was, with the reason.
 */
export async function changeVisitorCart(
  db: Database,
  lines: CartLineRequest[],
  request: CartRequest,
): Promise<{ items: CartItem[]; error?: string }> {
  const kept = await readVisitorCart(db, lines);
  const answer = await applyCartRequest(db, kept, request);
  return "error" in answer ? { items: kept, error: answer.error } : { items: answer.items };
}

/**
 * A sign-in posted before the scripts ran: the visitor's lines join the customer's cart by the
 * sign-in merge's rules (with scripts, the browser sends them itself and announces the result).
 */
export async function mergeVisitorCart(
  db: Database,
  userId: string,
  lines: CartLineRequest[],
): Promise<void> {
  if (lines.length > 0) await changeCart(db, userId, { intent: "merge", lines });
}
