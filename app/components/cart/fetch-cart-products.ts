import { parseCartProducts, type CartProduct } from "../../domain/cart/cart-items";

/** The products of these ids as the store has them now. */
export async function fetchCartProducts(ids: number[], signal: AbortSignal): Promise<CartProduct[]> {
  // An id no product can have (edited storage) is not asked for: its line is then dropped as gone.
  const productIds = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (productIds.length === 0) return [];
  const response = await fetch(`/api/cart-products?ids=${productIds.join(",")}`, { signal });
  if (!response.ok) throw new Error(`/api/cart-products respondeu ${response.status}`);
  const products = parseCartProducts(await response.json());
  if (!products) throw new Error("/api/cart-products respondeu com dados inválidos");
  return products;
}
