import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pixTotals } from "../payments/payment-prices";
import {
  applyCoupon,
  COUPON_MESSAGES,
  normalizeCouponCode,
  shares,
  type Coupon,
  type CouponBasket,
  type CouponLine,
} from "./coupons";

const NOW = new Date("2026-11-27T15:00:00Z");
const NO_SCOPE = { productIds: [], categories: [], brands: [] };

const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  code: "PIX10",
  kind: "percent",
  value: 1_000,
  active: true,
  startsAt: null,
  endsAt: null,
  minSubtotalCents: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  firstPurchaseOnly: false,
  pixOnly: false,
  only: NO_SCOPE,
  except: NO_SCOPE,
  onSaleItems: true,
  addsToPixDiscount: false,
  ...overrides,
});

const line = (overrides: Partial<CouponLine> = {}): CouponLine => ({
  productId: 1,
  category: "Notebooks",
  brand: "Aurora",
  unitPriceCents: 10_000,
  quantity: 1,
  onSale: false,
  ...overrides,
});

const basket = (lines: CouponLine[], overrides: Partial<CouponBasket> = {}): CouponBasket => ({
  lines,
  method: "pix",
  pixDiscountBasisPoints: 500,
  freightCents: 2_000,
  ...overrides,
});

const NEW_CUSTOMER = { purchases: 0, usesOfCoupon: 0 };

describe("a coupon's code", () => {
  it("is found typed with spaces or in lower case", () => {
    expect(normalizeCouponCode(" pix 10 ")).toBe("PIX10");
    expect(normalizeCouponCode("Frete-Gratis")).toBe("FRETE-GRATIS");
  });
});

describe("why a coupon gives no discount", () => {
  const cart = basket([line({ unitPriceCents: 20_000 })]);
  const refusal = (
    rules: Partial<Coupon>,
    customer = NEW_CUSTOMER,
    usesLeft: number | null = null,
    on = cart,
  ) => applyCoupon(coupon(rules), on, customer, usesLeft, NOW);

  it("names each rule the basket or the customer does not meet", () => {
    expect(applyCoupon(null, cart, NEW_CUSTOMER, null, NOW)).toEqual({
      ok: false,
      message: "Cupom inválido",
    });
    expect(refusal({ active: false })).toEqual({ ok: false, message: "Cupom inválido" });
    expect(refusal({ endsAt: NOW })).toEqual({ ok: false, message: "Cupom expirado" });
    expect(refusal({ startsAt: new Date("2026-11-28T03:00:00Z") })).toEqual({
      ok: false,
      message: "Este cupom vale a partir de 28/11/2026",
    });
    expect(refusal({ maxUses: 10 }, NEW_CUSTOMER, 0)).toEqual({
      ok: false,
      message: "Limite de uso atingido",
    });
    expect(refusal({ maxUsesPerCustomer: 1 }, { purchases: 1, usesOfCoupon: 1 })).toEqual({
      ok: false,
      message: "Limite de uso atingido",
    });
    expect(refusal({ firstPurchaseOnly: true }, { purchases: 1, usesOfCoupon: 0 })).toEqual({
      ok: false,
      message: "Válido apenas na primeira compra",
    });
    expect(refusal({ pixOnly: true }, NEW_CUSTOMER, null, { ...cart, method: "card" })).toEqual({
      ok: false,
      message: "Válido apenas para pagamento via PIX",
    });
    expect(refusal({ minSubtotalCents: 30_000 })).toEqual({
      ok: false,
      message: "Válido para compras a partir de R$\u00a0300,00",
    });
    expect(refusal({ only: { ...NO_SCOPE, categories: ["Monitores"] } })).toEqual({
      ok: false,
      message: COUPON_MESSAGES.noLines,
    });
    expect(refusal({ except: { ...NO_SCOPE, brands: ["Aurora"] } })).toEqual({
      ok: false,
      message: "Este cupom não se aplica aos produtos do carrinho",
    });
    expect(refusal({ onSaleItems: false }, NEW_CUSTOMER, null, basket([line({ onSale: true })]))).toEqual({
      ok: false,
      message: COUPON_MESSAGES.noLines,
    });
    expect(
      refusal({ kind: "free_shipping", value: 0 }, NEW_CUSTOMER, null, { ...cart, freightCents: 0 }),
    ).toEqual({
      ok: false,
      message: "Este cupom não dá desconto neste carrinho",
    });
  });

  it("is valid from its first instant up to, not at, its last", () => {
    expect(refusal({ startsAt: NOW, endsAt: new Date(NOW.getTime() + 1) }).ok).toBe(true);
    expect(refusal({ minSubtotalCents: 20_000 }).ok).toBe(true);
    expect(refusal({ maxUses: 10, maxUsesPerCustomer: 2 }, { purchases: 3, usesOfCoupon: 1 }, 1).ok).toBe(
      true,
    );
  });
});

describe("the discount", () => {
  it("takes a percentage of the eligible lines only, after the PIX discount when it adds to it", () => {
    const lines = [
      line({ productId: 1, unitPriceCents: 10_000, quantity: 2 }),
      line({ productId: 2, category: "Cabos", unitPriceCents: 3_990 }),
    ];
    const notebooks = { only: { ...NO_SCOPE, categories: ["Notebooks"] } };
    expect(applyCoupon(coupon(notebooks), basket(lines), NEW_CUSTOMER, null, NOW)).toEqual({
      ok: true,
      discountCents: 2_000,
      lineShares: [2_000, 0],
      freightCents: 0,
      pixDiscount: false,
    });
    // By PIX at 5%: R$ 95,00 a unit, then 10% of R$ 190,00.
    expect(
      applyCoupon(coupon({ ...notebooks, addsToPixDiscount: true }), basket(lines), NEW_CUSTOMER, null, NOW),
    ).toMatchObject({ ok: true, discountCents: 1_900, lineShares: [1_900, 0], pixDiscount: true });
  });

  it("takes a fixed amount at most down to zero, and a free-shipping coupon takes the freight", () => {
    const cart = basket([line({ unitPriceCents: 4_990 })], { method: "card" });
    expect(applyCoupon(coupon({ kind: "fixed", value: 2_000 }), cart, NEW_CUSTOMER, null, NOW)).toMatchObject(
      {
        discountCents: 2_000,
        lineShares: [2_000],
      },
    );
    expect(applyCoupon(coupon({ kind: "fixed", value: 9_000 }), cart, NEW_CUSTOMER, null, NOW)).toMatchObject(
      {
        discountCents: 4_990,
        lineShares: [4_990],
      },
    );
    expect(applyCoupon(coupon({ kind: "free_shipping", value: 0 }), cart, NEW_CUSTOMER, null, NOW)).toEqual({
      ok: true,
      discountCents: 2_000,
      lineShares: [0],
      freightCents: 2_000,
      pixDiscount: false,
    });
  });

  it("is split over the lines so that the shares add up to it and none passes its line", () => {
    expect(shares([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(shares([10_000, 3_000], 1_300)).toEqual([1_000, 300]);
    expect(shares([0, 0], 0)).toEqual([0, 0]);
  });

  it("for any basket and coupon, adds up line by line and leaves a total of at least zero", () => {
    const anyLine = fc.record({
      productId: fc.integer({ min: 1, max: 5 }),
      category: fc.constantFrom("Notebooks", "Cabos"),
      brand: fc.constantFrom("Aurora", null),
      unitPriceCents: fc.integer({ min: 1, max: 100_000_000 }),
      quantity: fc.integer({ min: 1, max: 999 }),
      onSale: fc.boolean(),
    });
    const anyCoupon = fc.record({
      kind: fc.constantFrom("percent" as const, "fixed" as const),
      value: fc.integer({ min: 1, max: 10_000 }),
      addsToPixDiscount: fc.boolean(),
      onSaleItems: fc.boolean(),
      only: fc.constantFrom(
        NO_SCOPE,
        { ...NO_SCOPE, productIds: [1, 2] },
        { ...NO_SCOPE, brands: ["Aurora"] },
      ),
    });
    fc.assert(
      fc.property(
        fc.array(anyLine, { minLength: 1, maxLength: 8 }),
        anyCoupon,
        fc.constantFrom("pix" as const, "card" as const),
        fc.integer({ min: 0, max: 5_000 }),
        (lines, rules, method, pixDiscountBasisPoints) => {
          const cart = basket(lines, { method, pixDiscountBasisPoints });
          const applied = applyCoupon(coupon(rules), cart, NEW_CUSTOMER, null, NOW);
          if (!applied.ok) return;
          expect(applied.lineShares.reduce((sum, share) => sum + share, 0)).toBe(applied.discountCents);
          const pix = pixTotals(lines, applied.pixDiscount ? pixDiscountBasisPoints : 0);
          const costs = lines.map((entry) =>
            pixTotals([entry], applied.pixDiscount ? pixDiscountBasisPoints : 0),
          );
          applied.lineShares.forEach((share, index) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(costs[index]!.pixCents);
          });
          expect(pix.pixCents - applied.discountCents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
