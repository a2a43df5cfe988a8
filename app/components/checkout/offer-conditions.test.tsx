import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { defaultSettings } from "../../domain/store-settings/default-settings";
import { OfferConditions } from "./offer-conditions";
import type { PaymentMethod } from "../../lib/order-statuses";

const settings = defaultSettings({
  SUPPORT_EMAIL: "contato@loja.example",
  WHATSAPP_NUMBER: "5511988887777",
  PIX_DISCOUNT_PERCENT: 0,
  MAX_INSTALLMENTS: 12,
  INSTALLMENTS_WITHOUT_INTEREST: 12,
  MIN_INSTALLMENT: 500,
  INSTALLMENT_INTEREST_PERCENT: 0,
});
const lines = [
  { priceCents: 1_990, quantity: 3 },
  { priceCents: 12_990, quantity: 1 },
];

function conditionsText(pixDiscountBasisPoints: number, paymentMethod?: PaymentMethod): string {
  const terms = { ...settings, payment: { ...settings.payment, pixDiscountBasisPoints } };
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <OfferConditions lines={lines} terms={terms} paymentMethod={paymentMethod} />
    </MemoryRouter>,
  );
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replace(/\u00a0/g, " ");
}

describe("the offer's conditions in the confirmation dialog", () => {
  it("state the list total, and no discount, when the owner gives none", () => {
    const text = conditionsText(0);
    expect(text).toContain("Total: R$ 189,60");
    expect(text).not.toContain("Desconto PIX");
  });

  it("state the PIX discount and the total the server will charge", () => {
    // 3 × R$ 18,90 + R$ 123,40: each unit's PIX price, as the order statement prices it.
    expect(conditionsText(500)).toContain("Desconto PIX (5%): −R$ 9,50 Total: R$ 180,10");
  });

  it("state the list total, and no PIX discount, when the customer pays by card", () => {
    const text = conditionsText(500, "card");
    expect(text).toContain("Total: R$ 189,60");
    expect(text).not.toContain("Desconto PIX");
  });
});
