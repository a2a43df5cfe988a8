import { MAX_CART_LINES, MAX_QUANTITY_PER_ITEM, type CartLineRequest } from "./cart-items";

/**
 * A visitor's cart lines in a cookie, so the server can read the cart too (decision 0013): the
 * cart page is rendered with them and the cart's forms change them before the scripts run. Only
 * product and variant ids and quantities ('12.34:2'; '12:2', without the variant, as carts kept
 * before variants hold them: the product's default variant): names, prices and stock always come
 * from the database.
 */
export const VISITOR_CART_COOKIE = "vitrine.cart";

/** 50 lines of "2147483647.2147483647:100," at most; anything longer was not written by this store. */
const MAX_VALUE_LENGTH = MAX_CART_LINES * 26;
const KEEP_SECONDS = 60 * 60 * 24 * 90;

const MAX_ID = 2_147_483_647;
const LINE = /^(\d{1,10})(?:\.(\d{1,10}))?:(\d{1,3})$/;

/**
 * The lines a `Cookie` header (or `document.cookie`) holds; null when there is no cart cookie at
 * all, and no lines when it is empty or malformed (an edited cookie is dropped, never trusted).
 * Checked by hand rather than with zod: the browser's cart reads it on every page, where zod
 * would add its weight to every page's scripts and, trying `new Function`, a CSP violation.
 */
export function readVisitorCartLines(cookies: string | null): CartLineRequest[] | null {
  const value = cookies
    ?.split(";")
    .map((cookie) => cookie.trim())
    .find((cookie) => cookie.startsWith(`${VISITOR_CART_COOKIE}=`))
    ?.slice(VISITOR_CART_COOKIE.length + 1);
  if (value === undefined) return null;
  if (value === "" || value.length > MAX_VALUE_LENGTH) return [];
  const lines: CartLineRequest[] = [];
  for (const entry of value.split(",")) {
    const [, idText, variantText, quantityText] = LINE.exec(entry) ?? [];
    const id = Number(idText ?? 0);
    const variantId = variantText === undefined ? undefined : Number(variantText);
    const quantity = Number(quantityText ?? 0);
    const valid =
      isId(id) &&
      (variantId === undefined || isId(variantId)) &&
      quantity >= 1 &&
      quantity <= MAX_QUANTITY_PER_ITEM &&
      lines.length < MAX_CART_LINES &&
      !lines.some((line) => line.id === id && line.variantId === variantId);
    if (!valid) return [];
    lines.push(variantId === undefined ? { id, quantity } : { id, variantId, quantity });
  }
  return lines;
}

/**
 * The cookie holding these lines, as `Set-Cookie` and `document.cookie` take it. An empty cart
 * keeps an empty cookie: it says the cart was emptied, where no cookie at all lets a browser's
 * older stored cart stand.
 */
export function visitorCartCookie(lines: readonly CartLineRequest[]): string {
  const value = lines
    .map(
      ({ id, variantId, quantity }) => `${variantId === undefined ? id : `${id}.${variantId}`}:${quantity}`,
    )
    .join(",");
  return `${VISITOR_CART_COOKIE}=${value}; Path=/; Max-Age=${KEEP_SECONDS}; SameSite=Lax`;
}

const isId = (id: number) => id >= 1 && id <= MAX_ID;
