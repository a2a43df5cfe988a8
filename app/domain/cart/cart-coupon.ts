import type { Outcome } from "../../lib/outcome";
import {
  applyCoupon,
  itemsDiscountForThreshold,
  type Coupon,
  type CouponCustomer,
  type CouponDiscount,
  type CouponLine,
} from "../promotions/coupons";
import type { CartItem } from "./cart-items";

/**
 * A cart's coupon as the server read it for the page (cart-coupon.server.ts): the code kept, its
 * coupon (null: none has the code), what its rules read of the customer, and the traits of the
 * cart's variants it reads. The page applies it (`couponOutcomes`) to the method and freight
 * chosen, as placing the order will.
 */
export interface CartCoupon {
  code: string;
  coupon: Coupon | null;
  customer: CouponCustomer;
  usesLeft: number | null;
  /** Each cart variant's product, category, brand and whether it is on promotion. */
  traits: Record<number, Omit<CouponLine, "unitPriceCents" | "quantity">>;
}

/** The coupon on the cart paid by card and by PIX: each the discount, or why none. */
export interface CouponOutcomes {
  card: Outcome<CouponDiscount>;
  pix: Outcome<CouponDiscount>;
}

/** The cart's coupon applied to its lines with the freight chosen, by card and by PIX. */
export function couponOutcomes(
  cartCoupon: CartCoupon,
  items: readonly Pick<CartItem, "variantId" | "priceCents" | "quantity">[],
  pixDiscountBasisPoints: number,
  freightCents: number,
  now: Date,
): CouponOutcomes {
  const lines = items.flatMap((item) => {
    const traits = cartCoupon.traits[item.variantId];
    return traits ? [{ ...traits, unitPriceCents: item.priceCents, quantity: item.quantity }] : [];
  });
  const on = (method: "card" | "pix") =>
    applyCoupon(
      cartCoupon.coupon,
      { lines, method, pixDiscountBasisPoints, freightCents },
      cartCoupon.customer,
      cartCoupon.usesLeft,
      now,
    );
  return { card: on("card"), pix: on("pix") };
}

/** What the cart's coupon takes off its items for the free-shipping threshold (0: no coupon). */
export function couponThresholdCents(
  cartCoupon: CartCoupon | null,
  items: readonly Pick<CartItem, "variantId" | "priceCents" | "quantity">[],
  pixDiscountBasisPoints: number,
): number {
  if (!cartCoupon) return 0;
  const { card, pix } = couponOutcomes(cartCoupon, items, pixDiscountBasisPoints, 0, new Date());
  return itemsDiscountForThreshold(card, pix);
}
