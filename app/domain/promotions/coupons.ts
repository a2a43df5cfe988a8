import { formatDate } from "../../lib/dates";
import { formatBRL } from "../../lib/money";
import type { Outcome } from "../../lib/outcome";
import type { CouponKind, PaymentMethod } from "../../lib/order-statuses";
import { pixUnitPriceCents } from "../payments/payment-prices";

/**
 * Coupons (issue 53): what a code takes off, for whom and when, and the exact discount of a basket.
 * Isomorphic: the cart and the checkout show what placing the order will store, because both
 * compute it here.
 *
 * The order of a total's lines: the items at their list prices; the PIX discount of each unit
 * price (payment-prices.ts), unless a coupon that does not add to it is used; the coupon, on what
 * its eligible lines cost after that; then the freight, which only a free-shipping coupon takes
 * off. So a total is never below zero: a coupon takes at most what its lines cost.
 */

export const COUPON_KIND_LABELS: Record<CouponKind, string> = {
  percent: "Porcentagem",
  fixed: "Valor fixo",
  free_shipping: "Frete grátis",
};

/** What a coupon's products, categories and brands limit it to (empty: the whole catalogue). */
export interface CouponScope {
  productIds: number[];
  categories: string[];
  brands: string[];
}

/** A coupon as its rules read it. */
export interface Coupon {
  code: string;
  kind: CouponKind;
  /** A percentage in basis points (1000 = 10%), a fixed amount in centavos; 0 for free shipping. */
  value: number;
  active: boolean;
  /** Valid from and until these instants (the admin types São Paulo days); null: no bound. */
  startsAt: Date | null;
  endsAt: Date | null;
  /** The cart's subtotal at list prices it asks for; null: any. */
  minSubtotalCents: number | null;
  /** Uses in all, and per customer (by CPF or CNPJ); null: no limit. */
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  firstPurchaseOnly: boolean;
  pixOnly: boolean;
  /** The lines it takes off from: those in `only` (when it names any) and not in `except`. */
  only: CouponScope;
  except: CouponScope;
  /** Whether it takes off from items already on promotion ('de/por'). */
  onSaleItems: boolean;
  /** Whether the PIX discount is given too (by default the coupon takes its place). */
  addsToPixDiscount: boolean;
}

/** A cart line as a coupon reads it. */
export interface CouponLine {
  productId: number;
  category: string;
  brand: string | null;
  unitPriceCents: number;
  quantity: number;
  /** Shown as 'de/por': its variant has a former price above its price. */
  onSale: boolean;
}

/** What the store knows of the customer and their orders, by CPF or CNPJ. */
export interface CouponCustomer {
  /** Their orders that count as purchases (placed and not cancelled before payment). */
  purchases: number;
  /** Their uses of this coupon so far (released ones not counted). */
  usesOfCoupon: number;
}

/** A basket the coupon is tried on. */
export interface CouponBasket {
  lines: readonly CouponLine[];
  method: PaymentMethod;
  pixDiscountBasisPoints: number;
  /** The freight chosen (0: free, or none chosen yet). */
  freightCents: number;
}

export const COUPON_MESSAGES = {
  invalid: "Cupom inválido",
  expired: "Cupom expirado",
  notYet: (startsAt: Date) => `Este cupom vale a partir de ${formatDate(startsAt)}`,
  minSubtotal: (cents: number) => `Válido para compras a partir de ${formatBRL(cents)}`,
  usedUp: "Limite de uso atingido",
  firstPurchase: "Válido apenas na primeira compra",
  pixOnly: "Válido apenas para pagamento via PIX",
  noLines: "Este cupom não se aplica aos produtos do carrinho",
  nothingOff: "Este cupom não dá desconto neste carrinho",
  /** At checkout: the coupon the customer saw stopped applying, and why. */
  noLongerValid: (code: string, why: string) => `O cupom ${code} não vale mais: ${why}`,
  discountChanged: (code: string, cents: number) =>
    `O desconto do cupom ${code} agora é de ${formatBRL(cents)}: confira o total e confirme de novo`,
} as const;

/** A coupon's code as typed: spaces dropped and upper case, so ' pix10 ' finds 'PIX10'. */
export function normalizeCouponCode(typed: string): string {
  return typed.replace(/\s+/g, "").toUpperCase();
}

/** A code the admin may give a coupon: letters, digits, '-' and '_', 3 to 30 of them. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,30}$/;

/** What a coupon takes off a basket, line by line, and what the basket's adjustments then are. */
export interface CouponDiscount {
  /** The whole discount, in centavos (more than 0). */
  discountCents: number;
  /** Each line's share of it, in the basket's order (0 for a line it does not take off from). */
  lineShares: number[];
  /** The share of it that is the freight (a free-shipping coupon's). */
  freightCents: number;
  /** Whether the PIX discount is still given. */
  pixDiscount: boolean;
}

/** Whether the line is one the coupon takes off from. */
function eligible(coupon: Coupon, line: CouponLine): boolean {
  const named = (scope: CouponScope) =>
    scope.productIds.includes(line.productId) ||
    scope.categories.includes(line.category) ||
    (line.brand !== null && scope.brands.includes(line.brand));
  const { only } = coupon;
  const limited = only.productIds.length + only.categories.length + only.brands.length > 0;
  if (limited && !named(only)) return false;
  if (named(coupon.except)) return false;
  return coupon.onSaleItems || !line.onSale;
}

/**
 * Why nobody can use the coupon now, whatever the basket: inactive, past its end, before its start,
 * or its total uses used up (`usesLeft`, null: no limit); null while it is open.
 */
export function couponClosedBecause(coupon: Coupon, usesLeft: number | null, now: Date): string | null {
  if (!coupon.active) return COUPON_MESSAGES.invalid;
  if (coupon.endsAt && now >= coupon.endsAt) return COUPON_MESSAGES.expired;
  if (coupon.startsAt && now < coupon.startsAt) return COUPON_MESSAGES.notYet(coupon.startsAt);
  if (usesLeft !== null && usesLeft <= 0) return COUPON_MESSAGES.usedUp;
  return null;
}

/**
 * The coupon on a basket: its discount, or exactly why it gives none (the messages of issue 53,
 * in the order a shopper fixes them). `usesLeft` is what its total limit still allows (null: no
 * limit); placing the order reserves the use in its own statement.
 */
export function applyCoupon(
  coupon: Coupon | null,
  basket: CouponBasket,
  customer: CouponCustomer,
  usesLeft: number | null,
  now: Date,
): Outcome<CouponDiscount> {
  if (!coupon) return refused(COUPON_MESSAGES.invalid);
  const closed = couponClosedBecause(coupon, usesLeft, now);
  if (closed) return refused(closed);
  if (reachedCustomerLimit(coupon, customer)) return refused(COUPON_MESSAGES.usedUp);
  if (coupon.firstPurchaseOnly && customer.purchases > 0) return refused(COUPON_MESSAGES.firstPurchase);
  if (coupon.pixOnly && basket.method !== "pix") return refused(COUPON_MESSAGES.pixOnly);
  const subtotalCents = basket.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  if (coupon.minSubtotalCents !== null && subtotalCents < coupon.minSubtotalCents) {
    return refused(COUPON_MESSAGES.minSubtotal(coupon.minSubtotalCents));
  }
  const taken = basket.lines.map((line) => eligible(coupon, line));
  if (coupon.kind !== "free_shipping" && !taken.includes(true)) return refused(COUPON_MESSAGES.noLines);

  const pixDiscount = basket.method === "pix" && coupon.addsToPixDiscount;
  if (coupon.kind === "free_shipping") {
    if (basket.freightCents <= 0) return refused(COUPON_MESSAGES.nothingOff);
    const lineShares = basket.lines.map(() => 0);
    return {
      ok: true,
      discountCents: basket.freightCents,
      lineShares,
      freightCents: basket.freightCents,
      pixDiscount,
    };
  }
  // What each line costs before the coupon: at its PIX price when the PIX discount stays.
  const costs = basket.lines.map(
    (line, index) =>
      (taken[index] ? 1 : 0) *
      line.quantity *
      (pixDiscount
        ? pixUnitPriceCents(line.unitPriceCents, basket.pixDiscountBasisPoints)
        : line.unitPriceCents),
  );
  const baseCents = costs.reduce((sum, cost) => sum + cost, 0);
  const discountCents = Math.min(
    baseCents,
    coupon.kind === "percent" ? percentOf(baseCents, coupon.value) : coupon.value,
  );
  if (discountCents <= 0) return refused(COUPON_MESSAGES.nothingOff);
  return { ok: true, discountCents, lineShares: shares(costs, discountCents), freightCents: 0, pixDiscount };
}

/**
 * What a coupon takes off a cart's items for the free-shipping threshold, which compares the
 * subtotal after the coupon: its discount of them by card (at list prices), or by PIX for a coupon
 * only for PIX; 0 when it takes nothing off them (a free-shipping coupon takes the freight).
 */
export function itemsDiscountForThreshold(
  byCard: Outcome<CouponDiscount>,
  byPix: Outcome<CouponDiscount>,
): number {
  const applied = byCard.ok ? byCard : byPix.ok ? byPix : null;
  return applied ? applied.discountCents - applied.freightCents : 0;
}

function reachedCustomerLimit(coupon: Coupon, customer: CouponCustomer): boolean {
  return coupon.maxUsesPerCustomer !== null && customer.usesOfCoupon >= coupon.maxUsesPerCustomer;
}

function refused(message: string) {
  return { ok: false, message } as const;
}

/**
 * `amount × rate / 10 000` rounded half up: a percentage of an amount, in BigInt, since a basket's
 * centavos times basis points may pass 2^53.
 */
function percentOf(amountCents: number, basisPoints: number): number {
  const scaled = BigInt(amountCents) * BigInt(basisPoints);
  return Number((scaled * 2n + 10_000n) / 20_000n);
}

/**
 * `total` split over the costs in proportion, in whole centavos that add up to it exactly: each
 * share rounded down, then the largest remainders take the centavos left over (the first line
 * first on a tie). `total` is at most the costs' sum, so no share passes its cost.
 */
export function shares(costs: readonly number[], total: number): number[] {
  const sum = BigInt(costs.reduce((acc, cost) => acc + cost, 0));
  if (sum === 0n) return costs.map(() => 0);
  const exact = costs.map((cost, index) => {
    const scaled = BigInt(cost) * BigInt(total);
    return { index, share: Number(scaled / sum), remainder: scaled % sum };
  });
  let left = total - exact.reduce((acc, { share }) => acc + share, 0);
  const result = exact.map(({ share }) => share);
  const byRemainder = [...exact].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of byRemainder) {
    if (left === 0) break;
    result[index]! += 1;
    left -= 1;
  }
  return result;
}
