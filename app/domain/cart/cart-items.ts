import type { ProductCard } from "../catalog/product-card";
import { lineName } from "../catalog/variants";

/** The cart's rules (spec section 4), pure, shared by the browser store and tests. */

export const MAX_QUANTITY_PER_ITEM = 100;
/** An order holds at most 50 products (spec section 9), so a cart does too. */
export const MAX_CART_LINES = 50;

/**
 * What the cart knows of a line's variant (decision 0030): its product as lists show it, with the
 * variant's own price and stock, and its label ('Cor: Preto · Armazenamento: 256 GB'; empty for the
 * default variant of a product without options). `id` is the product's; a line is one variant.
 */
export interface CartProduct extends ProductCard {
  variantId: number;
  variantLabel: string;
}

/** What names a cart line in a request: a product and its variant. */
export interface CartLineKey {
  id: number;
  variantId: number;
}

export interface CartItem extends CartProduct {
  quantity: number;
}

export type CartChange =
  | { kind: "added" }
  | { kind: "increased" }
  | { kind: "updated" }
  | { kind: "removed" }
  | { kind: "cleared" }
  | { kind: "limit"; max: number }
  | { kind: "full" }
  | { kind: "unavailable" };

/** The most of a variant one cart may hold: its stock, and never more than 100. */
export function maxQuantity(product: Pick<CartProduct, "stock">): number {
  return Math.max(0, Math.min(product.stock, MAX_QUANTITY_PER_ITEM));
}

/** Adding a variant not in the cart appends it with quantity 1; adding it again raises it by 1. */
export function addItem(items: CartItem[], product: CartProduct): [CartItem[], CartChange] {
  const existing = items.find((item) => item.variantId === product.variantId);
  const max = maxQuantity(product);
  if (max === 0) return [items, { kind: "unavailable" }];
  if (!existing) {
    if (items.length >= MAX_CART_LINES) return [items, { kind: "full" }];
    return [[...items, { ...product, quantity: 1 }], { kind: "added" }];
  }
  if (existing.quantity >= max) return [items, { kind: "limit", max }];
  return [
    items.map((item) =>
      item.variantId === product.variantId ? { ...product, quantity: item.quantity + 1 } : item,
    ),
    { kind: "increased" },
  ];
}

/**
 * Setting a variant's quantity to 0 or less removes its line; above the limit it stops at the
 * limit.
 */
export function setQuantity(
  items: CartItem[],
  variantId: number,
  quantity: number,
): [CartItem[], CartChange] {
  const existing = items.find((item) => item.variantId === variantId);
  if (!existing) return [items, { kind: "updated" }];
  const wanted = Math.floor(quantity);
  if (!(wanted > 0)) return removeItem(items, variantId); // 0, negatives, fractions below 1 and NaN
  const max = maxQuantity(existing);
  const quantityOf = (item: CartItem, next: number) =>
    item.variantId === variantId ? { ...item, quantity: next } : item;
  if (wanted > max) return [items.map((item) => quantityOf(item, max)), { kind: "limit", max }];
  return [items.map((item) => quantityOf(item, wanted)), { kind: "updated" }];
}

export function removeItem(items: CartItem[], variantId: number): [CartItem[], CartChange] {
  return [items.filter((item) => item.variantId !== variantId), { kind: "removed" }];
}

export function cartTotals(items: CartItem[]): { quantity: number; subtotalCents: number } {
  return items.reduce(
    (totals, item) => ({
      quantity: totals.quantity + item.quantity,
      subtotalCents: totals.subtotalCents + item.priceCents * item.quantity,
    }),
    { quantity: 0, subtotalCents: 0 },
  );
}

export interface CartRefresh {
  items: CartItem[];
  /** Names of lines dropped because the product no longer exists or is out of stock. */
  removed: string[];
  /** Lines whose price changed, with the old price. */
  repriced: { name: string; fromCents: number; toCents: number }[];
  /** Lines cut down to the stock now available. */
  reduced: { name: string; quantity: number }[];
}

/** Brings the cart in line with its variants as the server has them now. */
export function refreshItems(items: CartItem[], current: CartProduct[]): CartRefresh {
  const byVariant = new Map(current.map((product) => [product.variantId, product]));
  const result: CartRefresh = { items: [], removed: [], repriced: [], reduced: [] };
  for (const item of items) {
    const product = byVariant.get(item.variantId);
    const max = product ? maxQuantity(product) : 0;
    if (!product || max === 0) {
      result.removed.push(lineName(item));
      continue;
    }
    if (product.priceCents !== item.priceCents) {
      result.repriced.push({
        name: lineName(product),
        fromCents: item.priceCents,
        toCents: product.priceCents,
      });
    }
    const quantity = Math.min(item.quantity, max);
    if (quantity < item.quantity) result.reduced.push({ name: lineName(product), quantity });
    result.items.push({ ...product, quantity });
  }
  return result;
}

/**
 * A line as the browser sends it to be merged into the customer's cart, or keeps it in the cart
 * cookie: a product, its variant and how many. A line without a variant (kept by a browser before
 * variants) is the product's default variant.
 */
export interface CartLineRequest {
  id: number;
  variantId?: number;
  quantity: number;
}

/**
 * The variant a line names among the store's current ones: its own, when it belongs to the line's
 * product; without one, the product's default variant (a product without options has only that
 * one, and its label is empty).
 */
export function lineVariant(
  line: Omit<CartLineRequest, "quantity">,
  products: readonly CartProduct[],
): CartProduct | undefined {
  return products.find((product) =>
    line.variantId === undefined
      ? product.id === line.id && product.variantLabel === ""
      : product.variantId === line.variantId && product.id === line.id,
  );
}

export interface CartMerge {
  items: CartItem[];
  /** Lines kept with less than was asked, because of the stock or the limit of 100 per item. */
  lowered: { name: string; quantity: number }[];
  /** Ids of products left out because they (or the variant) no longer exist or are sold out. */
  unavailable: number[];
  /** How many products were left out because the cart already held 50 lines. */
  overflow: number;
}

/**
 * The browser's cart joins the customer's at sign-in (DESIGN point 6): quantities of a product in
 * both are added, every line stays within its stock and the limit of 100, and the cart within 50
 * lines. `products` holds the incoming lines' products as the store has them now.
 */
export function mergeItems(
  kept: CartItem[],
  incoming: CartLineRequest[],
  products: CartProduct[],
): CartMerge {
  const merge: CartMerge = { items: [...kept], lowered: [], unavailable: [], overflow: 0 };
  for (const line of incoming) {
    const product = lineVariant(line, products);
    const max = product ? maxQuantity(product) : 0;
    if (!product || max === 0) {
      merge.unavailable.push(line.id);
      continue;
    }
    const index = merge.items.findIndex((item) => item.variantId === product.variantId);
    if (index === -1 && merge.items.length >= MAX_CART_LINES) {
      merge.overflow += 1;
      continue;
    }
    const wanted = (merge.items[index]?.quantity ?? 0) + line.quantity;
    const quantity = Math.min(wanted, max);
    if (quantity < wanted) merge.lowered.push({ name: lineName(product), quantity });
    const item = { ...product, quantity };
    if (index === -1) merge.items.push(item);
    else merge.items[index] = item;
  }
  return merge;
}

/**
 * `/api/cart`'s answer: the signed-in customer's cart as it now is, and what the request did to it
 * (a change, a merge) or what reading it corrected (the products' stock).
 */
export interface ServerCartAnswer {
  items: CartItem[];
  change?: CartChange;
  merge?: Omit<CartMerge, "items">;
  refresh?: Omit<CartRefresh, "items">;
}

/** Reads a stored cart defensively: anything malformed is dropped, never trusted. */
export function parseStoredCart(raw: string | null): CartItem[] {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const items: CartItem[] = [];
  for (const entry of value) {
    const item = toCartItem(entry);
    if (item && !items.some((kept) => kept.variantId === item.variantId)) items.push(item);
  }
  return items.slice(0, MAX_CART_LINES);
}

const isPositiveInteger = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) > 0;

/** Only the known fields, with sane values; anything else makes the product unreadable. */
function toCartProduct(value: unknown): CartProduct | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, variantId, variantLabel, name, category, priceCents, image, stock } = value as Record<
    string,
    unknown
  >;
  if (
    !isPositiveInteger(id) ||
    !isPositiveInteger(variantId) ||
    typeof variantLabel !== "string" ||
    typeof name !== "string" ||
    typeof category !== "string" ||
    !isPositiveInteger(priceCents) ||
    typeof image !== "string" ||
    !Number.isInteger(stock) ||
    (stock as number) < 0
  ) {
    return null;
  }
  return { id, variantId, variantLabel, name, category, priceCents, image, stock: stock as number };
}

function toCartItem(value: unknown): CartItem | null {
  const product = toCartProduct(value);
  const quantity = (value as { quantity?: unknown } | null)?.quantity;
  if (!product || !isPositiveInteger(quantity) || quantity > MAX_QUANTITY_PER_ITEM) return null;
  return { ...product, quantity };
}

/** The server's answer about the cart's variants (`/api/cart-products`), or null when malformed. */
export function parseCartProducts(value: unknown): CartProduct[] | null {
  return everyEntry(value, toCartProduct);
}

/** The signed-in customer's cart as the server sent it (`/api/cart`), or null when malformed. */
export function parseCartItems(value: unknown): CartItem[] | null {
  return everyEntry(value, toCartItem);
}

function everyEntry<T>(value: unknown, read: (entry: unknown) => T | null): T[] | null {
  if (!Array.isArray(value)) return null;
  const entries = value.map(read);
  return entries.every((entry) => entry !== null) ? (entries as T[]) : null;
}
