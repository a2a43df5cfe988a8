import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatPercent,
  installmentPlan,
  installmentText,
  pixDiscountCents,
  pixTotals,
  pixUnitPriceCents,
  type PaymentTerms,
} from "./payment-prices";

const MAX_UNIT_PRICE = 100_000_000;
const price = fc.integer({ min: 0, max: MAX_UNIT_PRICE });
const discount = fc.integer({ min: 0, max: 5_000 });
const terms = fc
  .record({
    maxInstallments: fc.integer({ min: 1, max: 24 }),
    installmentsWithoutInterest: fc.integer({ min: 1, max: 24 }),
    minInstallmentCents: fc.integer({ min: 0, max: 100_000 }),
    monthlyInterestBasisPoints: fc.integer({ min: 0, max: 1_000 }),
  })
  .map((rules): PaymentTerms => ({
    ...rules,
    pixDiscountBasisPoints: 0,
    installmentsWithoutInterest: Math.min(rules.installmentsWithoutInterest, rules.maxInstallments),
  }));
const TWELVE_FREE: PaymentTerms = {
  pixDiscountBasisPoints: 0,
  maxInstallments: 12,
  installmentsWithoutInterest: 12,
  minInstallmentCents: 500,
  monthlyInterestBasisPoints: 0,
};

describe("the PIX price", () => {
  it.each([
    [1999, 500, 100, 1899],
    [1990, 500, 100, 1890],
    [1989, 500, 99, 1890],
    [999, 750, 75, 924],
    [MAX_UNIT_PRICE, 5_000, 50_000_000, 50_000_000],
    [1, 4_999, 0, 1],
    [1, 5_000, 0, 1],
    [3, 5_000, 2, 1],
  ])("%d centavos at %d basis points: %d off, %d to pay", (cents, rate, off, pix) => {
    expect(pixDiscountCents(cents, rate)).toBe(off);
    expect(pixUnitPriceCents(cents, rate)).toBe(pix);
  });

  it("rounds each unit, so the product page's price times the quantity is what is paid", () => {
    // 3 × R$ 19,90 at 5%: each unit R$ 18,90 (R$ 0,995 off, rounded up), the order R$ 56,70.
    expect(pixTotals([{ unitPriceCents: 1990, quantity: 3 }], 500)).toEqual({
      listCents: 5970,
      pixCents: 5670,
      discountCents: 300,
    });
  });

  it("is never negative nor above the price, and exact at 0%", () => {
    fc.assert(
      fc.property(price, discount, (cents, rate) => {
        const off = pixDiscountCents(cents, rate);
        expect(Number.isSafeInteger(off)).toBe(true);
        expect(off).toBeGreaterThanOrEqual(0);
        expect(off).toBeLessThanOrEqual(Math.max(cents - 1, 0));
        expect(pixUnitPriceCents(cents, 0)).toBe(cents);
      }),
    );
  });

  it("is the discount rounded half up, to the centavo, below the whole price", () => {
    fc.assert(
      fc.property(price, discount, (cents, rate) => {
        const exact = (BigInt(cents) * BigInt(rate) * 2n + 10_000n) / 20_000n;
        expect(pixDiscountCents(cents, rate)).toBe(Math.min(Number(exact), Math.max(cents - 1, 0)));
      }),
    );
  });

  it("of an order is the sum of its lines' unit PIX prices times their quantities", () => {
    const lines = fc.array(fc.record({ unitPriceCents: price, quantity: fc.integer({ min: 1, max: 100 }) }), {
      minLength: 1,
      maxLength: 50,
    });
    fc.assert(
      fc.property(lines, discount, (order, rate) => {
        const totals = pixTotals(order, rate);
        const expected = order.reduce(
          (sum, line) => sum + pixUnitPriceCents(line.unitPriceCents, rate) * line.quantity,
          0,
        );
        expect(totals.pixCents).toBe(expected);
        expect(totals.discountCents).toBe(totals.listCents - totals.pixCents);
        expect(totals.discountCents).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(totals.listCents)).toBe(true);
      }),
    );
  });
});

describe("instalments", () => {
  it("splits without interest as far as the minimum instalment allows, the first taking the centavos left over", () => {
    expect(installmentPlan(100_000, TWELVE_FREE)).toEqual({
      withoutInterest: {
        count: 12,
        installmentCents: 8333,
        firstInstallmentCents: 8337,
        totalCents: 100_000,
        monthlyInterestBasisPoints: 0,
      },
      withInterest: null,
    });
    // R$ 29,90: at least R$ 5,00 an instalment, so 5 of R$ 5,98.
    expect(installmentPlan(2990, TWELVE_FREE).withoutInterest).toMatchObject({
      count: 5,
      installmentCents: 598,
      firstInstallmentCents: 598,
    });
    // Below the minimum: one instalment, the price itself.
    expect(installmentPlan(300, TWELVE_FREE).withoutInterest).toMatchObject({
      count: 1,
      installmentCents: 300,
    });
  });

  it("beyond those without interest, follows the Price table with its total", () => {
    const withInterest = { ...TWELVE_FREE, installmentsWithoutInterest: 6, monthlyInterestBasisPoints: 199 };
    expect(installmentPlan(100_000, withInterest)).toEqual({
      withoutInterest: {
        count: 6,
        installmentCents: 16_666,
        firstInstallmentCents: 16_670,
        totalCents: 100_000,
        monthlyInterestBasisPoints: 0,
      },
      // R$ 1.000,00 at 1,99% a month in 12: PMT = R$ 94,5015… → R$ 94,50, R$ 1.134,00 in all.
      withInterest: {
        count: 12,
        installmentCents: 9450,
        firstInstallmentCents: 9450,
        totalCents: 113_400,
        monthlyInterestBasisPoints: 199,
      },
    });
    expect(
      installmentPlan(10_000, {
        ...withInterest,
        installmentsWithoutInterest: 1,
        maxInstallments: 2,
        monthlyInterestBasisPoints: 1_000,
      }).withInterest,
    ).toMatchObject({
      count: 2,
      installmentCents: 5762,
      totalCents: 11_524,
      monthlyInterestBasisPoints: 1_000,
    });
    // A tiny rate on a few centavos never makes the total less than the price.
    expect(
      installmentPlan(4, {
        ...withInterest,
        installmentsWithoutInterest: 1,
        maxInstallments: 3,
        minInstallmentCents: 0,
        monthlyInterestBasisPoints: 1,
      }).withInterest,
    ).toMatchObject({ count: 3, installmentCents: 2, totalCents: 6, monthlyInterestBasisPoints: 1 });
  });

  it("add up to the price without interest, for every price from R$ 0,01 to R$ 100.000,00 (Decreto 5.903)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), terms, (cents, rules) => {
        const offer = installmentPlan(cents, rules).withoutInterest;
        expect(offer.firstInstallmentCents + (offer.count - 1) * offer.installmentCents).toBe(cents);
        expect(offer.firstInstallmentCents - offer.installmentCents).toBeGreaterThanOrEqual(0);
        expect(offer.firstInstallmentCents - offer.installmentCents).toBeLessThan(offer.count);
      }),
      { numRuns: 2_000 },
    );
  });

  it("reads as the customer sees it: the first instalment named when it differs", () => {
    const twelve = (cents: number) => installmentText(installmentPlan(cents, TWELVE_FREE).withoutInterest);
    // R$ 2.699,90 in 12: not '12x de R$ 225,00', which totals R$ 2.700,00.
    expect(twelve(269_990)).toBe("12x de R$\u00a0224,99 sem juros (a primeira de R$\u00a0225,01)");
    expect(twelve(270_000)).toBe("12x de R$\u00a0225,00 sem juros");
    const withInterest = { ...TWELVE_FREE, installmentsWithoutInterest: 6, monthlyInterestBasisPoints: 199 };
    expect(installmentText(installmentPlan(100_000, withInterest).withInterest!)).toBe(
      "12x de R$\u00a094,50 com juros de 1,99% a.m. (total R$\u00a01.134,00)",
    );
  });

  it("keep every rule: count within the terms, instalment at least the minimum, totals that add up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000_000 }), terms, (cents, rules) => {
        const { withoutInterest, withInterest } = installmentPlan(cents, rules);
        for (const offer of [withoutInterest, withInterest ?? withoutInterest]) {
          expect(offer.count).toBeGreaterThanOrEqual(1);
          expect(offer.count).toBeLessThanOrEqual(rules.maxInstallments);
          if (offer.count > 1)
            expect(offer.installmentCents).toBeGreaterThanOrEqual(rules.minInstallmentCents);
        }
        const n = withoutInterest.count;
        expect(withoutInterest.totalCents).toBe(cents);
        if (rules.monthlyInterestBasisPoints > 0) {
          expect(n).toBeLessThanOrEqual(rules.installmentsWithoutInterest);
        }
        if (withInterest) {
          expect(withInterest.count).toBeGreaterThan(rules.installmentsWithoutInterest);
          expect(withInterest.totalCents).toBe(withInterest.count * withInterest.installmentCents);
          expect(withInterest.firstInstallmentCents).toBe(withInterest.installmentCents);
          expect(withInterest.totalCents).toBeGreaterThanOrEqual(cents);
        }
      }),
    );
  });
});

describe("formatPercent", () => {
  it.each([
    [500, "5%"],
    [750, "7,5%"],
    [199, "1,99%"],
    [5_000, "50%"],
  ])("%d basis points read %s", (basisPoints, text) => {
    expect(formatPercent(basisPoints)).toBe(text);
  });

  it("prints any rate as Intl's pt-BR format with up to two decimals does", () => {
    const percent = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (basisPoints) => {
        expect(formatPercent(basisPoints)).toBe(`${percent.format(basisPoints / 100)}%`);
      }),
    );
  });
});
