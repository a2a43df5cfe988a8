import { compactCep, isValidCep } from "./freight/freight-quote";

/**
 * The CEP a shopper last asked freight for, remembered for the browser's session so the product
 * page, the cart and the freight page offer it again. Readable by the page's script (the product
 * page is the same for every visitor, so only the browser can fill it in); a CEP is not a secret.
 */
export const FREIGHT_CEP_COOKIE = "vitrine.cep";

export function freightCepCookie(cep: string): string {
  return `${FREIGHT_CEP_COOKIE}=${compactCep(cep)}; Path=/; SameSite=Lax`;
}

/** The remembered CEP in a `Cookie` header or `document.cookie`, if it is one. */
export function readFreightCep(cookies: string | null | undefined): string | null {
  const value = cookies
    ?.split(";")
    .map((cookie) => cookie.trim())
    .find((cookie) => cookie.startsWith(`${FREIGHT_CEP_COOKIE}=`))
    ?.slice(FREIGHT_CEP_COOKIE.length + 1);
  return value !== undefined && isValidCep(value) ? value : null;
}
