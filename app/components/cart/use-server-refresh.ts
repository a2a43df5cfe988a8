import { useEffect, useEffectEvent, useRef, useState } from "react";
import { browserCart } from "./browser-cart";
import { useCart } from "./cart-context";
import { announceRefresh } from "./cart-notices";
import { fetchCartProducts } from "./fetch-cart-products";
import type { CartProduct } from "../../domain/cart/cart-items";

/** Prices the customer saw before the server corrected them, by variant id. */
export type PreviousPrices = ReadonlyMap<number, number>;

/**
 * A visitor's stored lines may be days old: once the page shows them, they are brought in line with the
 * store's products (gone, repriced, less stock) and every change is announced. A line added
 * later (another tab) triggers a new check; lines already checked do not.
 */
export function useServerRefresh(hydrated: boolean): PreviousPrices {
  const cart = useCart();
  const [previousPrices, setPreviousPrices] = useState<PreviousPrices>(new Map());
  const checkedIds = useRef(new Set<number>());
  const idsKey = cart.items.map((item) => `${item.id}.${item.variantId}`).join(",");

  const applyServerProducts = useEffectEvent((current: CartProduct[]) => {
    const storedPrices = new Map(cart.items.map((item) => [item.variantId, item.priceCents]));
    const refresh = browserCart.refresh(current);
    const corrected: [number, number][] = [];
    for (const item of refresh.items) {
      checkedIds.current.add(item.variantId);
      const storedPrice = storedPrices.get(item.variantId);
      if (storedPrice !== undefined && storedPrice !== item.priceCents) {
        corrected.push([item.variantId, storedPrice]);
      }
    }
    if (corrected.length > 0) setPreviousPrices((known) => new Map([...known, ...corrected]));
    announceRefresh(refresh);
  });

  useEffect(() => {
    // A signed-in customer's cart comes from the server with its products as they are now.
    if (!hydrated || cart.onServer || idsKey === "") return;
    const lines = idsKey.split(",").map((entry) => {
      const [id = 0, variantId = 0] = entry.split(".").map(Number);
      return { id, variantId };
    });
    if (lines.every((line) => checkedIds.current.has(line.variantId))) return;
    const controller = new AbortController();
    fetchCartProducts(lines, controller.signal).then(
      (current) => applyServerProducts(current),
      () => {
        // Offline or the server is busy: the stored lines stay; checkout prices from the database anyway.
      },
    );
    return () => controller.abort();
  }, [hydrated, cart.onServer, idsKey]);

  return previousPrices;
}
