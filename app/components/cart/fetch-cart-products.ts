import { parseCartProducts, type CartLineRequest, type CartProduct } from "../../domain/cart/cart-items";

/** The variants these lines name, as the store has them now. */
export async function fetchCartProducts(
  lines: Omit<CartLineRequest, "quantity">[],
  signal: AbortSignal,
): Promise<CartProduct[]> {
  // An id no product can have (edited storage) is not asked for: its line is then dropped as gone.
  const valid = (id: number | undefined) => id === undefined || (Number.isSafeInteger(id) && id > 0);
  const asked = lines.filter((line) => valid(line.id) && valid(line.variantId));
  if (asked.length === 0) return [];
  const ids = asked.map(({ id, variantId }) => (variantId === undefined ? `${id}` : `${id}.${variantId}`));
  const response = await fetch(`/api/cart-products?ids=${ids.join(",")}`, { signal });
  if (!response.ok) throw new Error(`/api/cart-products respondeu ${response.status}`);
  const products = parseCartProducts(await response.json());
  if (!products) throw new Error("/api/cart-products respondeu com dados inválidos");
  return products;
}
