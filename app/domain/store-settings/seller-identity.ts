import { maskCep, maskCnpj } from "../../lib/masks";
import type { StoreSettings } from "./settings-schema";

type StoreAddress = StoreSettings["legal"]["address"];

/** "Avenida Paulista, 1000 - Sala 2 - Bela Vista": the address up to its city. */
export function streetLine(address: StoreAddress): string {
  return [`${address.street}, ${address.number}`, address.complement, address.neighborhood]
    .filter(Boolean)
    .join(" - ");
}

/** "Avenida Paulista, 1000 - Sala 2 - Bela Vista, São Paulo/SP, CEP 01310-100" */
export function storeAddressLine(address: StoreAddress): string {
  return `${streetLine(address)}, ${address.city}/${address.state}, CEP ${maskCep(address.cep)}`;
}

/**
 * Who sells, as Decreto 7.962/2013 art. 2 asks every page to say: nome empresarial, CNPJ and the
 * physical address, on one line.
 */
export function sellerIdentityLine(legal: StoreSettings["legal"]): string {
  return `${legal.companyName} · CNPJ ${maskCnpj(legal.cnpj)} · ${storeAddressLine(legal.address)}`;
}
