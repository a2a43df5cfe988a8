import type { ProductCard } from "../catalog/product-card";

/** The cart's rules (spec section 4), pure, shared by the browser store and tests. */

export const MAX_QUANTITY_PER_ITEM = 100;
/** An order holds at most 50 products (spec section 9), so a cart does too. */
export const MAX_CART_LINES = 50;

/** What the cart knows of a product: enough to show a line and to price it for display. */
export type CartProduct = ProductCard;

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

/** The most of a product one cart may hold: its stock, and never more than 100. */
export function maxQuantity(product: Pick<CartProduct, "stock">): number {
  return Math.max(0, Math.min(product.stock, MAX_QUANTITY_PER_ITEM));
}

/** Adding a product not in the cart appends it with quantity 1; adding it again raises it by 1. */
export function addItem(items: CartItem[], product: CartProduct): [CartItem[], CartChange] {
  const existing = items.find((item) => item.id === product.id);
  const max = maxQuantity(product);
  if (max === 0) return [items, { kind: "unavailable" }];
  if (!existing) {
    if (items.length >= MAX_CART_LINES) return [items, { kind: "full" }];
    return [[...items, { ...product, quantity: 1 }], { kind: "added" }];
  }
  if (existing.quantity >= max) return [items, { kind: "limit", max }];
  return [
    items.map((item) => (item.id === product.id ? { ...product, quantity: item.quantity + 1 } : item)),
    { kind: "increased" },
  ];
}

/** Setting a quantity of 0 or less removes the line; above the limit it stops at the limit. */
export function setQuantity(items: CartItem[], id: number, quantity: number): [CartItem[], CartChange] {
  const existing = items.find((item) => item.id === id);
  if (!existing) return [items, { kind: "updated" }];
  const wanted = Math.floor(quantity);
  if (!(wanted > 0)) return removeItem(items, id); // 0, negatives, fractions below 1 and NaN
  const max = maxQuantity(existing);
  if (wanted > max) {
    const capped = items.map((item) => (item.id === id ? { ...item, quantity: max } : item));
    return [capped, { kind: "limit", max }];
  }
  return [items.map((item) => (item.id === id ? { ...item, quantity: wanted } : item)), { kind: "updated" }];
}

export function removeItem(items: CartItem[], id: number): [CartItem[], CartChange] {
  return [items.filter((item) => item.id !== id), { kind: "removed" }];
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

/** Brings the cart in line with the products as the server has them now. */
export function refreshItems(items: CartItem[], current: CartProduct[]): CartRefresh {
  const byId = new Map(current.map((product) => [product.id, product]));
  const result: CartRefresh = { items: [], removed: [], repriced: [], reduced: [] };
  for (const item of items) {
    const product = byId.get(item.id);
    const max = product ? maxQuantity(product) : 0;
    if (!product || max === 0) {
      result.removed.push(item.name);
      continue;
    }
    if (product.priceCents !== item.priceCents) {
      result.repriced.push({ name: product.name, fromCents: item.priceCents, toCents: product.priceCents });
    }
    const quantity = Math.min(item.quantity, max);
    if (quantity < item.quantity) result.reduced.push({ name: product.name, quantity });
    result.items.push({ ...product, quantity });
  }
  return result;
}

/** A line as the browser sends it to be merged into the customer's cart: a product and how many. */
export interface CartLineRequest {
  id: number;
  quantity: number;
}

export interface CartMerge {
  items: CartItem[];
  /** Lines kept with less than was asked, because of the stock or the limit of 100 per item. */
  lowered: { name: string; quantity: number }[];
  /** Ids of products left out because they no longer exist or are sold out. */
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
  const byId = new Map(products.map((product) => [product.id, product]));
  const merge: CartMerge = { items: [...kept], lowered: [], unavailable: [], overflow: 0 };
  for (const line of incoming) {
    const product = byId.get(line.id);
    const max = product ? maxQuantity(product) : 0;
    if (!product || max === 0) {
      merge.unavailable.push(line.id);
      continue;
    }
    const index = merge.items.findIndex((item) => item.id === line.id);
    if (index === -1 && merge.items.length >= MAX_CART_LINES) {
      merge.overflow += 1;
      continue;
    }
    const wanted = (merge.items[index]?.quantity ?? 0) + line.quantity;
    const quantity = Math.min(wanted, max);
    if (quantity < wanted) merge.lowered.push({ name: product.name, quantity });
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
    if (item && !items.some((kept) => kept.id === item.id)) items.push(item);
  }
  return items.slice(0, MAX_CART_LINES);
}

const isPositiveInteger = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) > 0;

/** Only the known fields, with sane values; anything else makes the product unreadable. */
function toCartProduct(value: unknown): CartProduct | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, name, category, priceCents, image, stock } = value as Record<string, unknown>;
  if (
    !isPositiveInteger(id) ||
    typeof name !== "string" ||
    typeof category !== "string" ||
    !isPositiveInteger(priceCents) ||
    typeof image !== "string" ||
    !Number.isInteger(stock) ||
    (stock as number) < 0
  ) {
    return null;
  }
  return { id, name, category, priceCents, image, stock: stock as number };
}

function toCartItem(value: unknown): CartItem | null {
  const product = toCartProduct(value);
  const quantity = (value as { quantity?: unknown } | null)?.quantity;
  if (!product || !isPositiveInteger(quantity) || quantity > MAX_QUANTITY_PER_ITEM) return null;
  return { ...product, quantity };
}

/** The server's answer about the cart's products (`/api/cart-products`), or null when malformed. */
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
