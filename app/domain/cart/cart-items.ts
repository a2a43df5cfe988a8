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
  if (!Array.isArray(value)) return null;
  const products = value.map(toCartProduct);
  return products.every((product) => product !== null) ? products : null;
}
