import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { toast } from "../toasts";
import { browserCart } from "./browser-cart";
import {
  addItem,
  cartTotals,
  refreshItems,
  removeItem,
  setQuantity,
  type CartChange,
  type CartItem,
  type CartProduct,
  type CartRefresh,
} from "../../domain/cart/cart-items";

export interface Cart {
  items: CartItem[];
  totalQuantity: number;
  subtotalCents: number;
  add(product: CartProduct): void;
  setQuantity(id: number, quantity: number): void;
  remove(id: number): void;
  clear(): void;
  /** Empties the cart without a toast: its items became an order. */
  empty(): void;
  /** Replaces the lines with the server's current products; returns what changed. */
  refresh(current: CartProduct[]): CartRefresh;
}

const CartContext = createContext<Cart | null>(null);

/** The toast for each change: the spec's texts, plus ours for the stock limit. */
function notify(change: CartChange): void {
  switch (change.kind) {
    case "added":
      return void toast.success("Produto adicionado ao carrinho");
    case "increased":
    case "updated":
      return void toast.success("Quantidade atualizada no carrinho");
    case "removed":
      return void toast.success("Produto removido do carrinho");
    case "cleared":
      return void toast.success("Carrinho limpo");
    case "limit":
      return void toast.warning(`Quantidade máxima disponível: ${change.max}`);
    case "unavailable":
      return void toast.warning("Produto esgotado");
    case "full":
      return void toast.warning("Máximo de 50 itens por pedido");
  }
}

function apply([items, change]: [CartItem[], CartChange]): void {
  browserCart.set(items);
  notify(change);
}

export function CartProvider({ children }: { children: ReactNode }) {
  const items = useSyncExternalStore(
    browserCart.subscribe,
    browserCart.getSnapshot,
    browserCart.getServerSnapshot,
  );
  const cart = useMemo<Cart>(() => {
    const { quantity, subtotalCents } = cartTotals(items);
    return {
      items,
      totalQuantity: quantity,
      subtotalCents,
      add: (product) => apply(addItem(browserCart.getSnapshot(), product)),
      setQuantity: (id, quantity) => apply(setQuantity(browserCart.getSnapshot(), id, quantity)),
      remove: (id) => apply(removeItem(browserCart.getSnapshot(), id)),
      clear: () => apply([[], { kind: "cleared" }]),
      empty: () => browserCart.set([]),
      refresh: (current) => {
        const result = refreshItems(browserCart.getSnapshot(), current);
        browserCart.set(result.items);
        return result;
      },
    };
  }, [items]);
  return <CartContext.Provider value={cart}>{children}</CartContext.Provider>;
}

/** The cart; using it outside its provider is a programming error (spec section 8). */
export function useCart(): Cart {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart deve ser usado dentro de CartProvider");
  return cart;
}
