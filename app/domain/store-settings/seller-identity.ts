import { maskCep } from "../../lib/masks";
import type { StoreSettings } from "./settings-schema";

/** The seller's address on one line, as Decreto 7.962 art. 2 asks a store to show it. */
export function sellerAddressLine({ address }: Pick<StoreSettings["legal"], "address">): string {
  const { street, number, complement, neighborhood, city, state, cep } = address;
  const streetLine = [street, number, complement].filter(Boolean).join(", ");
  return `${streetLine} - ${neighborhood} - ${city}/${state} - CEP ${maskCep(cep)}`;
}
