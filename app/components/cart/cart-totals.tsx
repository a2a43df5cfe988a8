import { useRouteLoaderData } from "react-router";
import { couponOutcomes, type CartCoupon } from "../../domain/cart/cart-coupon";
import type { CouponDiscount } from "../../domain/promotions/coupons";
import type { CartItem } from "../../domain/cart/cart-items";
import { basketTotal, couponAdjustmentLabel } from "../../domain/orders/order-total";
import { formatBRL } from "../../lib/money";
import { PaymentOffers, type RootPaymentData } from "../product/payment-offers";

/**
 * Subtotal, coupon, freight and total, as the cart and the checkout show them, then the PIX total
 * and the instalments. With a coupon, the total is the card's (the coupon as a card takes it; a
 * coupon only for PIX shows its discount 'no PIX'), and the PIX total is the one placing the
 * order charges: the coupon in the PIX discount's place unless it adds to it (decision 0039).
 */
export function CartTotals({
  subtotalLabel,
  subtotalCents,
  freightCents,
  lines,
  coupon = null,
}: {
  subtotalLabel: string;
  subtotalCents: number;
  /** 0 when it ships free; null while no CEP gave it. */
  freightCents: number | null;
  lines: readonly Pick<CartItem, "variantId" | "priceCents" | "quantity">[];
  coupon?: CartCoupon | null;
}) {
  const root = useRouteLoaderData<RootPaymentData>("root");
  const pixDiscountBasisPoints = root?.store.payment.pixDiscountBasisPoints ?? 0;
  const priced = lines.map((line) => ({ unitPriceCents: line.priceCents, quantity: line.quantity }));
  const shown = coupon && shownCoupon(coupon, lines, pixDiscountBasisPoints, freightCents);
  const cardCents = subtotalCents - (shown?.card?.discountCents ?? 0) + (freightCents ?? 0);
  return (
    <>
      <dl aria-live="polite" className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{subtotalLabel}</dt>
          <dd className="font-medium tabular-nums">{formatBRL(subtotalCents)}</dd>
        </div>
        {shown?.line && (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{couponAdjustmentLabel(shown.code)}</dt>
            <dd className="font-medium text-emerald-700 tabular-nums">{shown.line}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Frete</dt>
          {freightCents === null ? (
            <dd className="text-slate-500">Calcule pelo CEP</dd>
          ) : freightCents === 0 ? (
            <dd className="font-medium text-emerald-700">Grátis</dd>
          ) : (
            <dd className="font-medium tabular-nums">{formatBRL(freightCents)}</dd>
          )}
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatBRL(cardCents)}</dd>
        </div>
      </dl>
      {shown?.why && (
        <p role="status" className="mt-2 text-sm text-amber-700">
          {couponAdjustmentLabel(shown.code)}: {shown.why}
        </p>
      )}
      <PaymentOffers
        className="mt-2 text-right"
        lines={priced}
        // As without a coupon, the items' own: the coupon's discount of them, not of the freight.
        totals={
          shown && {
            listCents: subtotalCents - itemsPart(shown.card),
            pixCents: basketTotal(
              priced,
              "pix",
              pixDiscountBasisPoints,
              null,
              shown.pix && { ...shown.pix, code: shown.code, discountCents: itemsPart(shown.pix) },
            ).totalCents,
          }
        }
      />
    </>
  );
}

/** What a coupon's discount takes off the items (a free-shipping coupon's takes the freight). */
const itemsPart = (discount: CouponDiscount | null) =>
  discount ? discount.discountCents - discount.freightCents : 0;

/** The coupon as the totals show it: its discount by card and by PIX, and its line's amount. */
function shownCoupon(
  coupon: CartCoupon,
  lines: readonly Pick<CartItem, "variantId" | "priceCents" | "quantity">[],
  pixDiscountBasisPoints: number,
  freightCents: number | null,
) {
  const outcomes = couponOutcomes(coupon, lines, pixDiscountBasisPoints, freightCents ?? 0, new Date());
  const card = outcomes.card.ok ? outcomes.card : null;
  const pix = outcomes.pix.ok ? outcomes.pix : null;
  const freeShippingToCome = coupon.coupon?.kind === "free_shipping" && freightCents === null;
  const line = card
    ? `−${formatBRL(card.discountCents)}`
    : pix
      ? `−${formatBRL(pix.discountCents)} no PIX`
      : freeShippingToCome
        ? "Frete grátis"
        : null;
  // Neither method takes anything off: why, as PIX would say it (a coupon only for PIX says its
  // own reason by card).
  const why = line === null && !outcomes.pix.ok ? outcomes.pix.message : null;
  return { code: coupon.code, card, pix, line, why };
}
