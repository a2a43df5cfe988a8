import { describe, expect, it } from "vitest";
import { adjustmentLines, basketTotal, pixDiscountAdjustment, totalOf } from "./order-total";

const LINES = [
  { unitPriceCents: 1_990, quantity: 3 },
  { unitPriceCents: 12_990, quantity: 1 },
];

describe("a basket's total", () => {
  it("by PIX: the items at their list prices, the PIX discount as a line, the total their sum", () => {
    // R$ 19,90 less R$ 1,00 three times, R$ 129,90 less R$ 6,50.
    expect(basketTotal(LINES, "pix", 500, null)).toEqual({
      itemsCents: 18_960,
      adjustments: [{ kind: "pix_discount", label: "Desconto PIX (5%)", amountCents: -950 }],
      totalCents: 18_010,
    });
  });

  it("by card, or by PIX without a discount: the items alone", () => {
    expect(basketTotal(LINES, "card", 500, null)).toEqual({
      itemsCents: 18_960,
      adjustments: [],
      totalCents: 18_960,
    });
    expect(basketTotal(LINES, "pix", 0, null)).toEqual({
      itemsCents: 18_960,
      adjustments: [],
      totalCents: 18_960,
    });
  });
});

describe("a basket's freight", () => {
  it("is a line after the PIX discount, which is the items' alone", () => {
    expect(basketTotal(LINES, "pix", 500, { serviceName: "SEDEX", priceCents: 2_345 })).toEqual({
      itemsCents: 18_960,
      adjustments: [
        { kind: "pix_discount", label: "Desconto PIX (5%)", amountCents: -950 },
        { kind: "freight", label: "Frete (SEDEX)", amountCents: 2_345 },
      ],
      totalCents: 20_355,
    });
  });

  it("adds no line when it ships free", () => {
    expect(basketTotal(LINES, "card", 500, { serviceName: "PAC", priceCents: 0 }).adjustments).toEqual([]);
  });
});

describe("an order's total", () => {
  it("is its items' sum plus every adjustment, discounts and charges", () => {
    const discount = pixDiscountAdjustment(950, 500)!;
    expect(totalOf(18_960, [])).toBe(18_960);
    expect(totalOf(18_960, [discount, { ...discount, amountCents: 1_500 }])).toBe(19_510);
  });
});

describe("an adjustment as printed", () => {
  it("has its label and a minus sign on a discount, none on a charge", () => {
    expect(
      adjustmentLines([
        { kind: "pix_discount", label: "Desconto PIX (7,5%)", amountCents: -12_999 },
        { kind: "pix_discount", label: "Frete", amountCents: 1_500 },
      ]),
    ).toEqual([
      { label: "Desconto PIX (7,5%)", amount: "−R$\u00a0129,99" },
      { label: "Frete", amount: "R$\u00a015,00" },
    ]);
  });
});
