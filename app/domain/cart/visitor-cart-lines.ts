import { z } from "zod";
import { MAX_CART_LINES, MAX_QUANTITY_PER_ITEM, type CartLineRequest } from "./cart-items";

/**
 * A visitor's cart lines in a cookie, so the server can read the cart too (decision 0013): the
 * cart page is rendered with them and the cart's forms change them before the scripts run. Only
 * product ids and quantities: names, prices and stock always come from the database.
 */
export const VISITOR_CART_COOKIE = "vitrine.cart";

/** 50 lines of "2147483647:100," at most; anything longer was not written by this store. */
const MAX_VALUE_LENGTH = MAX_CART_LINES * 15;
const KEEP_SECONDS = 60 * 60 * 24 * 90;

const linesSchema = z
  .array(
    z.object({
      id: z.number().int().min(1).max(2_147_483_647),
      quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_ITEM),
    }),
  )
  .max(MAX_CART_LINES)
  .refine((lines) => new Set(lines.map((line) => line.id)).size === lines.length);

/**
 * The lines a `Cookie` header (or `document.cookie`) holds; null when there is no cart cookie at
 * all, and no lines when it is empty or malformed (an edited cookie is dropped, never trusted).
 */
export function readVisitorCartLines(cookies: string | null): CartLineRequest[] | null {
  const value = cookies
    ?.split(";")
    .map((cookie) => cookie.trim())
    .find((cookie) => cookie.startsWith(`${VISITOR_CART_COOKIE}=`))
    ?.slice(VISITOR_CART_COOKIE.length + 1);
  if (value === undefined) return null;
  if (value === "" || value.length > MAX_VALUE_LENGTH) return [];
  const lines = linesSchema.safeParse(
    value.split(",").map((entry) => {
      const [, id, quantity] = /^(\d{1,10}):(\d{1,3})$/.exec(entry) ?? [];
      return { id: Number(id), quantity: Number(quantity) };
    }),
  );
  return lines.success ? lines.data : [];
}

/**
 * The cookie holding these lines, as `Set-Cookie` and `document.cookie` take it. An empty cart
 * keeps an empty cookie: it says the cart was emptied, where no cookie at all lets a browser's
 * older stored cart stand.
 */
export function visitorCartCookie(lines: readonly CartLineRequest[]): string {
  const value = lines.map(({ id, quantity }) => `${id}:${quantity}`).join(",");
  return `${VISITOR_CART_COOKIE}=${value}; Path=/; Max-Age=${KEEP_SECONDS}; SameSite=Lax`;
}
