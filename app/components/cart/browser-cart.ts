import {
  mergeItems,
  parseStoredCart,
  refreshItems,
  type CartItem,
  type CartLineRequest,
  type CartProduct,
  type CartRefresh,
} from "../../domain/cart/cart-items";
import { readVisitorCartLines, visitorCartCookie } from "../../domain/cart/visitor-cart-lines";

/**
 * The visitor's cart in this browser. Its lines (product and quantity) are in the cart cookie,
 * which the server reads and changes too, before the scripts run (decision 0013); localStorage
 * keeps the products as this browser last saw them, for the header's badge and the price notices.
 * Every open tab follows changes made in another (the `storage` event). An external store for
 * `useSyncExternalStore`.
 */
const STORAGE_KEY = "vitrine:cart:v1";
const EMPTY: CartItem[] = [];

let snapshot: CartItem[] | null = null;
const listeners = new Set<() => void>();

function readStored(): CartItem[] {
  try {
    return parseStoredCart(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return EMPTY; // storage disabled: the cart lives for this page only
  }
}

/**
 * The cookie's lines, with the variants this browser has seen; a cart from before the cookie stands
 * as stored. A line without its variant (kept before variants) is not seen until the server names
 * its variant.
 */
function read(): CartItem[] {
  const stored = readStored();
  const lines = readVisitorCartLines(document.cookie);
  if (lines === null) return emptyAsOnServer(stored);
  const seen = new Map(stored.map((item) => [item.variantId, item]));
  return emptyAsOnServer(
    lines.flatMap(({ id, variantId, quantity }) => {
      const item = variantId === undefined ? undefined : seen.get(variantId);
      return item?.id === id ? [{ ...item, quantity }] : [];
    }),
  );
}

/**
 * An empty cart as the very one the server rendered with: once a page has hydrated, React renders
 * again, at once and in one task, everything that shows the cart's lines (the header's badge)
 * when the browser's snapshot is not the server's.
 */
const emptyAsOnServer = (items: CartItem[]) => (items.length === 0 ? EMPTY : items);

const seenIn = (items: readonly CartItem[], line: CartLineRequest) =>
  items.some((item) => item.id === line.id && item.variantId === line.variantId);

export const browserCart = {
  getSnapshot(): CartItem[] {
    snapshot ??= read();
    return snapshot;
  },
  getServerSnapshot(): CartItem[] {
    return EMPTY;
  },
  subscribe(listener: () => void): () => void {
    // Another tab may have written while this one was hydrating, before any listener heard it:
    // React compares the snapshot once subscribed and renders again when it moved.
    const current = read();
    if (JSON.stringify(current) !== JSON.stringify(snapshot)) snapshot = current;
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEY && event.key !== null) return;
      // Another tab wrote its whole cart: this tab's copy of the cookie may not have caught up yet
      // (Chromium brings a tab the cookie's changes later), so the stored lines are the cart.
      snapshot = event.key === null ? read() : emptyAsOnServer(parseStoredCart(event.newValue));
      listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
  set(items: CartItem[]): void {
    // Lines added before the scripts ran stay in the cookie until their variants are known.
    const unseen = browserCart.unseenLines().filter((line) => !seenIn(items, line));
    document.cookie = visitorCartCookie([...items, ...unseen]);
    snapshot = emptyAsOnServer(items);
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(items));
    } catch {
      // storage full or disabled: the cookie keeps the lines
    }
    for (const listener of listeners) listener();
  },
  /** The cookie's lines whose variants this browser has not seen: added before the scripts ran. */
  unseenLines(): CartLineRequest[] {
    if (typeof document === "undefined") return []; // rendered on the server: the page shows the server's cart
    const seen = browserCart.getSnapshot();
    return (readVisitorCartLines(document.cookie) ?? []).filter((line) => !seenIn(seen, line));
  },
  /** Takes in the unseen lines, now that their variants (`current`) are known. */
  adopt(current: CartProduct[]): void {
    const { items } = mergeItems(browserCart.getSnapshot(), browserCart.unseenLines(), current);
    document.cookie = visitorCartCookie(items); // a line whose product is gone leaves the cookie too
    browserCart.set(items);
  },
  /**
   * Empties the cart and answers what it held: the lines handed to a customer's cart at sign-in,
   * with the products this browser knows (`items`) and those it has not seen (`unseen`).
   */
  take(): { items: CartItem[]; unseen: CartLineRequest[] } {
    snapshot = read();
    const taken = { items: snapshot, unseen: browserCart.unseenLines() };
    // A signed-in customer's pages take an empty cart on every load: writing it again would cost a
    // cookie and a storage write, and a render of everything that reads the cart.
    if (taken.items.length === 0 && taken.unseen.length === 0) return taken;
    document.cookie = visitorCartCookie([]);
    browserCart.set([]);
    return taken;
  },
  /** Brings the lines in line with the store's current products; answers what changed. */
  refresh(current: CartProduct[]): CartRefresh {
    const result = refreshItems(browserCart.getSnapshot(), current);
    browserCart.set(result.items);
    return result;
  },
};
