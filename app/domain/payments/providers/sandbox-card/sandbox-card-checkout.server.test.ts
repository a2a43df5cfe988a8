import { describe, expect, it } from "vitest";
import { installmentChoices } from "./sandbox-card-checkout.server";

describe("the sandbox checkout's instalments", () => {
  it("offers each count up to the checkout's most, priced by the store's terms", () => {
    const choices = installmentChoices(100_000, 12, {
      pixDiscountBasisPoints: 500,
      maxInstallments: 12,
      installmentsWithoutInterest: 6,
      minInstallmentCents: 500,
      monthlyInterestBasisPoints: 199,
    });
    const label = (count: number) => choices[count - 1]!.label.replace(/\u00a0/g, " ");
    expect(choices.map((choice) => choice.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(label(1)).toBe("1x de R$ 1.000,00 sem juros");
    // The instalments add up to the price: the first takes the centavos left over.
    expect(label(3)).toBe("3x de R$ 333,33 sem juros (a primeira de R$ 333,34)");
    expect(label(6)).toBe("6x de R$ 166,66 sem juros (a primeira de R$ 166,70)");
    // The product page's 'em até 12x de R$ 94,50 com juros de 1,99% a.m. (total R$ 1.134,00)'.
    expect(label(12)).toBe("12x de R$ 94,50 com juros de 1,99% a.m. (total R$ 1.134,00)");
  });

  it("offers only one payment on a checkout of one instalment", () => {
    const terms = {
      pixDiscountBasisPoints: 0,
      maxInstallments: 1,
      installmentsWithoutInterest: 1,
      minInstallmentCents: 500,
      monthlyInterestBasisPoints: 0,
    };
    expect(installmentChoices(1_990, 1, terms).map((choice) => choice.label.replace(/\u00a0/g, " "))).toEqual(
      ["1x de R$ 19,90 sem juros"],
    );
  });
});
