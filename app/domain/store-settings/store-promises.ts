import { formatBRL } from "../../lib/money";
import type { StorefrontSettings, StoreSettings } from "./settings-schema";

type Promises = StoreSettings["promises"];

/** 'Garantia de 12 meses', or none when the owner promises no warranty of the store's own. */
export function warrantyPromise({ warrantyMonths }: Promises): string | null {
  if (warrantyMonths === 0) return null;
  return `Garantia de ${warrantyMonths} ${warrantyMonths === 1 ? "mês" : "meses"}`;
}

/** 'Devolução grátis em até 30 dias', or none when the owner promises only what the law gives. */
export function freeReturnPromise({ freeReturnDays }: Promises): string | null {
  return freeReturnDays === 0 ? null : `Devolução grátis em até ${freeReturnDays} dias`;
}

/**
 * 'Frete grátis' while freight is free to all of Brazil (the spec's store); 'Frete grátis acima de
 * R$ 299,00' when the owner gives it from a subtotal (and, in some regions only, says so); none
 * when the shopper pays every freight.
 */
export function freeShippingPromise({
  mode,
  freeOverCents,
  freeRegions,
}: StorefrontSettings["freight"]): string | null {
  if (mode === "free") return "Frete grátis";
  if (freeOverCents === null) return null;
  return `Frete grátis acima de ${formatBRL(freeOverCents)}${freeRegions.length === 0 ? "" : " para regiões selecionadas"}`;
}

/** The 'Revendedor Oficial' page's text when the owner writes none: with the store's name. */
export function standardResellerText(storeName: string): string {
  return `${storeName} é revendedora oficial das marcas que vende: procedência garantida, nota fiscal e garantia em todos os pedidos.`;
}
