import { useEffect, useEffectEvent, useRef, useState } from "react";
import { toast } from "../toasts";
import { formatBRL } from "../../lib/money";
import { useCart } from "./cart-context";
import { parseCartProducts, type CartProduct, type CartRefresh } from "../../domain/cart/cart-items";

/** Prices the customer saw before the server corrected them, by product id. */
export type PreviousPrices = ReadonlyMap<number, number>;

/**
 * The stored lines may be days old: once the page shows them, they are brought in line with the
 * store's products (gone, repriced, less stock) and every change is announced. A line added
 * later (another tab) triggers a new check; lines already checked do not.
 */
export function useServerRefresh(hydrated: boolean): PreviousPrices {
  const cart = useCart();
  const [previousPrices, setPreviousPrices] = useState<PreviousPrices>(new Map());
  const checkedIds = useRef(new Set<number>());
  const idsKey = cart.items.map((item) => item.id).join(",");

  const applyServerProducts = useEffectEvent((current: CartProduct[]) => {
    const storedPrices = new Map(cart.items.map((item) => [item.id, item.priceCents]));
    const refresh = cart.refresh(current);
    const corrected: [number, number][] = [];
    for (const item of refresh.items) {
      checkedIds.current.add(item.id);
      const storedPrice = storedPrices.get(item.id);
      if (storedPrice !== undefined && storedPrice !== item.priceCents) {
        corrected.push([item.id, storedPrice]);
      }
    }
    if (corrected.length > 0) setPreviousPrices((known) => new Map([...known, ...corrected]));
    announce(refresh);
  });

  useEffect(() => {
    if (!hydrated || idsKey === "") return;
    const ids = idsKey.split(",").map(Number);
    if (ids.every((id) => checkedIds.current.has(id))) return;
    const controller = new AbortController();
    fetchCartProducts(ids, controller.signal).then(
      (current) => applyServerProducts(current),
      () => {
        // Offline or the server is busy: the stored lines stay; checkout prices from the database anyway.
      },
    );
    return () => controller.abort();
  }, [hydrated, idsKey]);

  return previousPrices;
}

async function fetchCartProducts(ids: number[], signal: AbortSignal): Promise<CartProduct[]> {
  // An id no product can have (edited storage) is not asked for: its line is then dropped as gone.
  const productIds = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (productIds.length === 0) return [];
  const response = await fetch(`/api/cart-products?ids=${productIds.join(",")}`, { signal });
  if (!response.ok) throw new Error(`/api/cart-products respondeu ${response.status}`);
  const products = parseCartProducts(await response.json());
  if (!products) throw new Error("/api/cart-products respondeu com dados inválidos");
  return products;
}

/** Longer than the default: these change what the customer is about to buy. */
const REFRESH_NOTICE_MS = 8000;

function announce({ removed, repriced, reduced }: CartRefresh): void {
  for (const name of removed) {
    toast.warning(`"${name}" não está mais disponível e foi removido do carrinho`, {
      duration: REFRESH_NOTICE_MS,
    });
  }
  for (const { name, fromCents, toCents } of repriced) {
    toast.info(`O preço de "${name}" mudou de ${formatBRL(fromCents)} para ${formatBRL(toCents)}`, {
      duration: REFRESH_NOTICE_MS,
    });
  }
  for (const { name, quantity } of reduced) {
    toast.warning(`A quantidade de "${name}" foi ajustada para ${quantity}, o máximo disponível em estoque`, {
      duration: REFRESH_NOTICE_MS,
    });
  }
}
