import { formatBRL } from "../../lib/money";
import type { PaymentMethod, TotalAdjustmentKind } from "../../lib/order-statuses";
import { formatPercent, pixTotals, type PricedLine } from "../payments/payment-prices";

/**
 * An order's total as lines (issue 50): its items at their list prices, then each adjustment with
 * its label and amount (the PIX discount, a coupon's discount, the freight), and the
 * total their sum. Isomorphic: the cart and the checkout show a basket's total this way before the
 * order exists, and every page, receipt and e-mail of a placed order shows the adjustments it
 * stored (`order_adjustments`).
 */

/** One line of a total below its items: a discount (a negative amount) or a charge. */
export interface TotalAdjustment {
  kind: TotalAdjustmentKind;
  label: string;
  amountCents: number;
}

/** An adjustment as a page, a receipt or an e-mail prints it: 'Desconto PIX (5%)', '−R$ 9,50'. */
export interface AdjustmentLine {
  label: string;
  amount: string;
}

/** The PIX discount of a total, as placing the order stores it; null when there is none. */
export function pixDiscountAdjustment(discountCents: number, basisPoints: number): TotalAdjustment | null {
  if (discountCents <= 0) return null;
  return {
    kind: "pix_discount",
    label: `Desconto PIX (${formatPercent(basisPoints)})`,
    amountCents: -discountCents,
  };
}

/** A coupon's line as the customer reads it: 'Cupom PIX10'. */
export function couponAdjustmentLabel(code: string): string {
  return `Cupom ${code}`;
}

/** The freight's line as the customer reads it: 'Frete (SEDEX)'. */
export function freightAdjustmentLabel(freight: { serviceName: string }): string {
  return `Frete (${freight.serviceName})`;
}

/** The freight of a total, as placing the order stores it; null when it ships free. */
export function freightAdjustment(
  freight: { serviceName: string; priceCents: number } | null,
): TotalAdjustment | null {
  if (!freight || freight.priceCents <= 0) return null;
  return { kind: "freight", label: freightAdjustmentLabel(freight), amountCents: freight.priceCents };
}

/**
 * What the customer paid of an order's freight: its line, less what a free-shipping coupon took
 * of it (the coupon's discount beyond its lines' shares, `couponOnLinesCents`). 0 when it shipped
 * free.
 */
export function freightPaidCents(
  adjustments: readonly TotalAdjustment[],
  couponOnLinesCents: number,
): number {
  const amountOf = (kind: TotalAdjustmentKind) =>
    adjustments.find((adjustment) => adjustment.kind === kind)?.amountCents ?? 0;
  return amountOf("freight") + amountOf("coupon") + couponOnLinesCents;
}

/** Adjustments as printed, in their order: a discount with its minus sign, a charge without. */
export function adjustmentLines(adjustments: readonly TotalAdjustment[]): AdjustmentLine[] {
  return adjustments.map(({ label, amountCents }) => ({
    label,
    amount: amountCents < 0 ? `−${formatBRL(-amountCents)}` : formatBRL(amountCents),
  }));
}

/** A basket's total before it is an order: its items, the adjustments of the payment method, the sum. */
export interface BasketTotal {
  itemsCents: number;
  adjustments: TotalAdjustment[];
  totalCents: number;
}

/** A coupon applied to a basket paid by one method (`applyCoupon`'s answer for it). */
export interface BasketCoupon {
  code: string;
  discountCents: number;
  /** Whether the PIX discount is still given with it. */
  pixDiscount: boolean;
}

/**
 * What the lines cost paid by `method` with the freight chosen (none: free) and the coupon
 * applied for that method, as placing the order will store it, in the order of decision 0039: by
 * PIX, the PIX discount of each unit price (payment-prices.ts) is one adjustment, by card none,
 * and none by PIX with a coupon that takes its place; then the coupon; then the freight. The PIX
 * discount is the items' alone.
 */
export function basketTotal(
  lines: readonly PricedLine[],
  method: PaymentMethod,
  pixDiscountBasisPoints: number,
  freight: { serviceName: string; priceCents: number } | null,
  coupon: BasketCoupon | null = null,
): BasketTotal {
  const pixDiscount = method === "pix" && (coupon?.pixDiscount ?? true);
  const { listCents, discountCents } = pixTotals(lines, pixDiscount ? pixDiscountBasisPoints : 0);
  const adjustments = [
    pixDiscountAdjustment(discountCents, pixDiscountBasisPoints),
    coupon && {
      kind: "coupon" as const,
      label: couponAdjustmentLabel(coupon.code),
      amountCents: -coupon.discountCents,
    },
    freightAdjustment(freight),
  ].filter((adjustment) => adjustment !== null);
  return { itemsCents: listCents, adjustments, totalCents: totalOf(listCents, adjustments) };
}

/** A total: its items' sum plus its adjustments. */
export function totalOf(itemsCents: number, adjustments: readonly TotalAdjustment[]): number {
  return adjustments.reduce((total, adjustment) => total + adjustment.amountCents, itemsCents);
}
