import {
  createContext,
  useContext,
  type Context,
  useEffect,
  useEffectEvent,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { toast } from "../toasts";
import { browserCart } from "./browser-cart";
import { announceMerge, announceRefresh, notifyChange } from "./cart-notices";
import { CartRequestRefused, customerCart } from "./customer-cart";
import { fetchCartProducts } from "./fetch-cart-products";
import {
  addItem,
  cartTotals,
  removeItem,
  setQuantity,
  type CartChange,
  type CartItem,
  type CartLineKey,
  type CartProduct,
  type ServerCartAnswer,
} from "../../domain/cart/cart-items";
import type { CartRequest } from "../../domain/cart/cart-request";
import type { ProductCard } from "../../domain/catalog/product-card";

/**
 * What can be done to the cart. The same functions for a whole visit (they change only when the
 * customer signs in or out), so what only acts on the cart, such as every card's button or the
 * product page, does not render again when its lines change: after hydration, when a visitor's
 * stored lines replace the empty cart the cached page was rendered with, only what shows the
 * lines does.
 */
export interface CartActions {
  /** Adds a variant; a product card (no variant) adds the default variant of a product without options. */
  add(product: CartProduct | ProductCard): void;
  setQuantity(line: CartLineKey, quantity: number): void;
  remove(line: CartLineKey): void;
  clear(): void;
  /** Forgets the lines that became an order, without a toast. */
  empty(): void;
}

export interface Cart extends CartActions {
  items: CartItem[];
  /**
   * False until the signed-in customer's cart has come from the server (or with the page), or until
   * the products of a visitor's lines added before the scripts ran are known.
   */
  ready: boolean;
  /** The cart is the signed-in customer's, kept on the server: its products are always current. */
  onServer: boolean;
  totalQuantity: number;
  subtotalCents: number;
}

const CartContext = createContext<Cart | null>(null);
const CartActionsContext = createContext<CartActions | null>(null);
const NO_ITEMS: CartItem[] = [];

function applyInBrowser([items, change]: [CartItem[], CartChange]): void {
  browserCart.set(items);
  notifyChange(change);
}

function sendToServer(request: CartRequest): void {
  customerCart
    .send(request)
    .then(announce, (error: unknown) =>
      error instanceof CartRequestRefused ? toast.error(error.message) : cartUnreachable(),
    );
}

/**
 * A visitor's add: a variant is added at once; a product card's product, by its default variant,
 * once the store has named it.
 */
function addInBrowser(product: CartProduct | ProductCard): void {
  if ("variantId" in product) return applyInBrowser(addItem(browserCart.getSnapshot(), product));
  fetchCartProducts([{ id: product.id }], AbortSignal.timeout(ADD_TIMEOUT_MS)).then(([variant]) => {
    if (variant) applyInBrowser(addItem(browserCart.getSnapshot(), variant));
    else notifyChange({ kind: "unavailable" });
  }, cartUnreachable);
}

const ADD_TIMEOUT_MS = 10_000;

const variantOf = (product: CartProduct | ProductCard) =>
  "variantId" in product ? product.variantId : undefined;

/** What the server did to the customer's cart, and what it had to correct first. */
function announce({ change, refresh }: ServerCartAnswer): void {
  if (refresh) announceRefresh(refresh);
  if (change) notifyChange(change);
}

function cartUnreachable(): void {
  toast.error("Não foi possível atualizar o carrinho. Tente novamente.");
}

/** A visitor's cart changes in this browser. */
const visitorActions: CartActions = {
  add: addInBrowser,
  setQuantity: ({ variantId }, quantity) =>
    applyInBrowser(setQuantity(browserCart.getSnapshot(), variantId, quantity)),
  remove: ({ variantId }) => applyInBrowser(removeItem(browserCart.getSnapshot(), variantId)),
  clear: () => applyInBrowser([[], { kind: "cleared" }]),
  empty: () => browserCart.set([]),
};

/** A signed-in customer's cart changes on the server, which prices every line. */
const customerActions: CartActions = {
  add: (product) => sendToServer({ intent: "add", productId: product.id, variantId: variantOf(product) }),
  setQuantity: ({ id, variantId }, quantity) =>
    sendToServer({ intent: "set", productId: id, variantId, quantity }),
  remove: ({ id, variantId }) => sendToServer({ intent: "remove", productId: id, variantId }),
  clear: () => sendToServer({ intent: "clear" }),
  // The order took its lines off the server's cart in the statement that placed it.
  empty: () => void customerCart.load().catch(cartUnreachable),
};

/**
 * A visitor's cart lives in the browser; a signed-in customer's on the server (DESIGN point 6).
 * When a customer is seen signed in, the browser's lines are handed to the server's cart and
 * leave the browser, so signing out leaves an empty cart here and the customer's on the server.
 */
export function CartProvider({
  signedIn,
  pageCartItems,
  children,
}: {
  signedIn: boolean;
  /**
   * The signed-in customer's lines as the page's loader read them (the cart page does): shown from
   * the first render and taken as the cart, instead of being asked for again once the scripts run.
   */
  pageCartItems?: CartItem[];
  children: ReactNode;
}) {
  const visitorItems = useSyncExternalStore(
    browserCart.subscribe,
    browserCart.getSnapshot,
    browserCart.getServerSnapshot,
  );
  const customerItems = useSyncExternalStore(
    customerCart.subscribe,
    customerCart.getSnapshot,
    customerCart.getServerSnapshot,
  );

  // The page's lines count only when the customer is seen signed in: later pages' readings never
  // overwrite the cart's answers.
  const readPageCart = useEffectEvent(() => pageCartItems);
  useEffect(() => {
    if (!signedIn) {
      customerCart.forget();
      return;
    }
    const { items: handed, unseen } = browserCart.take();
    const names = new Map(handed.map((item) => [item.id, item.name]));
    const lines = [...handed.map(({ id, variantId, quantity }) => ({ id, variantId, quantity })), ...unseen];
    const arrived = (answer: ServerCartAnswer) => {
      announce(answer);
      if (answer.merge) announceMerge(answer.merge, names);
    };
    const pageCart = readPageCart();
    if (lines.length === 0 && pageCart) {
      customerCart.adopt(pageCart); // read by this page's loader a moment ago
      return;
    }
    const request = lines.length > 0 ? customerCart.send({ intent: "merge", lines }) : customerCart.load();
    request.then(arrived, () => {
      browserCart.set(handed); // not merged: the lines stay in the browser for the next try
      cartUnreachable();
    });
  }, [signedIn]);

  useEffect(() => {
    if (signedIn) return;
    // Lines added before the scripts ran are known by ids alone: their variants are asked for.
    const unseen = browserCart.unseenLines();
    if (unseen.length === 0) return;
    const controller = new AbortController();
    fetchCartProducts(unseen, controller.signal).then(browserCart.adopt, () => {
      // Offline: the lines stay in the cookie, and the cart page shows them as the server read them.
    });
    return () => controller.abort();
  }, [signedIn]);

  useEffect(() => {
    if (!signedIn) return;
    // Back on this tab, the cart may have changed on another device.
    const reload = () => {
      if (document.visibilityState === "visible") customerCart.load().then(announce, () => undefined);
    };
    document.addEventListener("visibilitychange", reload);
    return () => document.removeEventListener("visibilitychange", reload);
  }, [signedIn]);

  // Until the cart has answered, the page's own reading of it. Once the page's lines are adopted
  // they are the very same array, so nothing that reads the cart renders again.
  const shownCustomerItems = customerItems ?? pageCartItems ?? null;
  const actions = signedIn ? customerActions : visitorActions;
  const cart = useMemo<Cart>(() => {
    const items = (signedIn ? shownCustomerItems : visitorItems) ?? NO_ITEMS;
    const { quantity, subtotalCents } = cartTotals(items);
    return {
      items,
      totalQuantity: quantity,
      subtotalCents,
      ready: signedIn ? shownCustomerItems !== null : browserCart.unseenLines().length === 0,
      onServer: signedIn,
      ...actions,
    };
  }, [signedIn, shownCustomerItems, visitorItems, actions]);
  return (
    <CartActionsContext.Provider value={actions}>
      <CartContext.Provider value={cart}>{children}</CartContext.Provider>
    </CartActionsContext.Provider>
  );
}

/** The cart; using it outside its provider is a programming error (spec section 8). */
export function useCart(): Cart {
  return useProvided(CartContext, "useCart");
}

/** What can be done to the cart, for what does not show its lines. */
export function useCartActions(): CartActions {
  return useProvided(CartActionsContext, "useCartActions");
}

function useProvided<T>(context: Context<T | null>, hook: string): T {
  const value = useContext(context);
  if (!value) throw new Error(`${hook} deve ser usado dentro de CartProvider`);
  return value;
}
