import { toast } from "../toasts";
import { formatBRL } from "../../lib/money";
import {
  MAX_QUANTITY_PER_ITEM,
  type CartChange,
  type CartMerge,
  type CartRefresh,
} from "../../domain/cart/cart-items";

/** The toast for each change: the spec's texts, plus ours for the stock limit. */
export function notifyChange(change: CartChange): void {
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
      return void toast.warning(FULL_CART);
  }
}

const FULL_CART = "Máximo de 50 itens por pedido";

/** Longer than the default: these change what the customer is about to buy. */
const NOTICE_MS = 8000;

const removedNotice = (name: string) =>
  toast.warning(`"${name}" não está mais disponível e foi removido do carrinho`, { duration: NOTICE_MS });

const loweredNotice = ({ name, quantity }: { name: string; quantity: number }) =>
  toast.warning(
    quantity === MAX_QUANTITY_PER_ITEM
      ? `A quantidade de "${name}" foi ajustada para ${quantity}, o máximo por item`
      : `A quantidade de "${name}" foi ajustada para ${quantity}, o máximo disponível em estoque`,
    { duration: NOTICE_MS },
  );

/** What changed when the cart was brought in line with the store's products. */
export function announceRefresh({ removed, repriced, reduced }: Omit<CartRefresh, "items">): void {
  removed.forEach(removedNotice);
  for (const { name, fromCents, toCents } of repriced) {
    toast.info(`O preço de "${name}" mudou de ${formatBRL(fromCents)} para ${formatBRL(toCents)}`, {
      duration: NOTICE_MS,
    });
  }
  reduced.forEach(loweredNotice);
}

/**
 * What the sign-in's merge could not keep as it was; `names` are the browser's own names of the
 * lines it sent (a product since deleted has no other).
 */
export function announceMerge(
  { lowered, unavailable, overflow }: Omit<CartMerge, "items">,
  names: ReadonlyMap<number, string>,
): void {
  for (const id of unavailable) removedNotice(names.get(id) ?? "Produto");
  lowered.forEach(loweredNotice);
  if (overflow > 0) toast.warning(FULL_CART, { duration: NOTICE_MS });
}
