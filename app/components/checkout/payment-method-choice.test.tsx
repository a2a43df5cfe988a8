import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PaymentTerms } from "../../domain/payments/payment-prices";
import { PaymentMethodChoice } from "./payment-method-choice";

const terms: PaymentTerms = {
  pixDiscountBasisPoints: 500,
  maxInstallments: 12,
  installmentsWithoutInterest: 6,
  minInstallmentCents: 500,
  monthlyInterestBasisPoints: 199,
};

function render(pixDiscountBasisPoints: number) {
  const pixCents = pixDiscountBasisPoints ? 95_000 : 100_000;
  return renderToStaticMarkup(
    <PaymentMethodChoice
      value="pix"
      onChange={() => {}}
      listCents={100_000}
      pixCents={pixCents}
      terms={{ ...terms, pixDiscountBasisPoints }}
    />,
  );
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("'Forma de pagamento' in the confirmation dialog", () => {
  it("offers PIX at its discounted total and the card at the list total with the product pages' instalments", () => {
    expect(textOf(render(500))).toBe(
      "Forma de pagamento PIX R$ 950,00 à vista (5% de desconto) Cartão de crédito ou boleto R$ 1.000,00 " +
        "em até 6x de R$ 166,66 sem juros (a primeira de R$ 166,70) ou em até 12x de R$ 94,50 com juros de 1,99% a.m. (total R$ 1.134,00)",
    );
  });

  it("says no discount when the owner gives none", () => {
    expect(textOf(render(0))).toContain("PIX R$ 1.000,00 à vista Cartão");
  });

  it("is a group of two native radios named by their method and described by their price, PIX chosen", () => {
    const html = render(500);
    expect(html).toMatch(/^<fieldset[^>]*><legend[^>]*>Forma de pagamento<\/legend>/);
    const radios = [...html.matchAll(/<input type="radio"[^>]*>/g)].map(([tag]) => tag);
    expect(radios).toHaveLength(2);
    expect(radios[0]).toContain('value="pix"');
    expect(radios[0]).toContain("checked");
    expect(radios[1]).toContain('value="card"');
    expect(radios[1]).not.toContain("checked");
    for (const radio of radios) {
      const [, labelledBy] = /aria-labelledby="([^"]+)"/.exec(radio)!;
      const [, describedBy] = /aria-describedby="([^"]+)"/.exec(radio)!;
      expect(html).toContain(`id="${labelledBy}"`);
      expect(html).toContain(`id="${describedBy}"`);
    }
  });
});
