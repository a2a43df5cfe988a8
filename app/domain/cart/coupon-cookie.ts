import { COUPON_CODE_PATTERN } from "../promotions/coupons";

/**
 * The coupon code a shopper applied in the cart or at checkout, kept for the browser's session so
 * the cart, the checkout and the order use it. Only the server reads it: the pages get the coupon
 * from their loaders.
 */
export const COUPON_COOKIE = "vitrine.cupom";

/** The cookie keeping a code (normalized), or clearing it. */
export function couponCookie(code: string | null): string {
  return code === null
    ? `${COUPON_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`
    : `${COUPON_COOKIE}=${code}; Path=/; HttpOnly; SameSite=Lax`;
}

/** The code kept in a `Cookie` header, if it is one a coupon may have. */
export function readCouponCode(cookies: string | null): string | null {
  const value = cookies
    ?.split(";")
    .map((cookie) => cookie.trim())
    .find((cookie) => cookie.startsWith(`${COUPON_COOKIE}=`))
    ?.slice(COUPON_COOKIE.length + 1);
  return value !== undefined && COUPON_CODE_PATTERN.test(value) ? value : null;
}
