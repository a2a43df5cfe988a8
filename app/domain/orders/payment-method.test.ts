import { describe, expect, it } from "vitest";
import { paymentMethodLabel, providerStatusLabel } from "./payment-method";

describe("how an order was paid", () => {
  it("names PIX, a card with its instalments, a boleto, and a card order not yet paid", () => {
    const card = { paymentMethod: "card" as const };
    expect(paymentMethodLabel({ paymentMethod: "pix", cardPaymentType: null, cardInstallments: null })).toBe(
      "PIX",
    );
    expect(paymentMethodLabel({ ...card, cardPaymentType: "credit_card", cardInstallments: 10 })).toBe(
      "Cartão de crédito em 10x",
    );
    expect(paymentMethodLabel({ ...card, cardPaymentType: "credit_card", cardInstallments: 1 })).toBe(
      "Cartão de crédito",
    );
    expect(paymentMethodLabel({ ...card, cardPaymentType: "ticket", cardInstallments: 1 })).toBe("Boleto");
    expect(paymentMethodLabel({ ...card, cardPaymentType: null, cardInstallments: null })).toBe(
      "Cartão de crédito ou boleto",
    );
  });

  it("says a payment's status at its provider in Portuguese, and one it does not know as it came", () => {
    expect(providerStatusLabel("card", "rejected")).toBe("Recusado");
    expect(providerStatusLabel("card", "pending")).toBe("Aguardando pagamento");
    expect(providerStatusLabel("pix", "COMPLETED")).toBe("Paga");
    expect(providerStatusLabel("pix", "EXPIRED")).toBe("Expirada");
    expect(providerStatusLabel("card", "novo_status")).toBe("novo_status");
  });
});
