import type { Page } from "playwright-core";
import { parseStoredCart, type CartItem } from "../../app/domain/cart/cart-items";
import { demoProduct } from "./orders";

/** Where the page's script keeps a visitor's cart (app/components/cart/browser-cart.ts). */
const CART_STORAGE_KEY = "vitrine:cart:v1";

/** A cart line for a demo product, as the browser's cart keeps it. */
export function demoCartItem(name: string, overrides: Partial<CartItem> = {}): CartItem {
  const product = demoProduct(name);
  return {
    id: product.id,
    variantId: product.variantId,
    variantLabel: "",
    name: product.name,
    category: product.category,
    priceCents: product.priceCents,
    image: "/placeholder.svg",
    stock: product.stock,
    quantity: 1,
    ...overrides,
  };
}

/** Puts a cart in the browser's storage, as an earlier visit would have left it. */
export async function storeCart(page: Page, items: CartItem[]) {
  await page.goto("/robots.txt");
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
    key: CART_STORAGE_KEY,
    value: JSON.stringify(items),
  });
}

/** The cart the browser's storage holds now. */
export async function storedCart(page: Page): Promise<CartItem[]> {
  return parseStoredCart(await page.evaluate((key) => window.localStorage.getItem(key), CART_STORAGE_KEY));
}
