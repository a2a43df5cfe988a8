import {
  parseStoredCart,
  refreshItems,
  type CartItem,
  type CartProduct,
  type CartRefresh,
} from "../../domain/cart/cart-items";

/**
 * The visitor's cart in localStorage: it survives reloads, and every open tab follows changes
 * made in another (the `storage` event). An external store for `useSyncExternalStore`.
 */
const STORAGE_KEY = "vitrine:cart:v1";
const EMPTY: CartItem[] = [];

let snapshot: CartItem[] | null = null;
const listeners = new Set<() => void>();

function read(): CartItem[] {
  try {
    return parseStoredCart(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return EMPTY; // storage disabled: the cart lives for this page only
  }
}

export const browserCart = {
  getSnapshot(): CartItem[] {
    snapshot ??= read();
    return snapshot;
  },
  getServerSnapshot(): CartItem[] {
    return EMPTY;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEY && event.key !== null) return;
      snapshot = read();
      listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
  set(items: CartItem[]): void {
    snapshot = items;
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(items));
    } catch {
      // storage full or disabled: keep the in-memory cart
    }
    for (const listener of listeners) listener();
  },
  /** Empties the cart and answers what it held: the lines handed to a customer's cart at sign-in. */
  take(): CartItem[] {
    const items = read();
    browserCart.set([]);
    return items;
  },
  /** Brings the lines in line with the store's current products; answers what changed. */
  refresh(current: CartProduct[]): CartRefresh {
    const result = refreshItems(browserCart.getSnapshot(), current);
    browserCart.set(result.items);
    return result;
  },
};
