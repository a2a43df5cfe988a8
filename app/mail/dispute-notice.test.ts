import { describe, expect, it } from "vitest";
import { ownStoreSettings } from "../../tests/support/store-settings";
import { disputeNoticeMail } from "./dispute-notice";

const input = {
  orderId: "3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f",
  reason: "Contestação no cartão (chargeback) <urgente>",
  totalCents: 477_890,
  paymentMethod: "Cartão de crédito em 10x",
  store: ownStoreSettings(),
  orderUrl: "https://loja.example/admin/orders/3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f",
};

describe("dispute notice e-mail", () => {
  it("names the order, the reason, the total and the payment, says nothing was refunded and links to the panel", () => {
    const mail = disputeNoticeMail(input);
    expect(mail.subject).toBe("Pedido #3F2A9C1E em disputa");
    expect(mail.senderName).toBe("Empório Açaí & Cia");
    for (const line of [
      "Motivo: Contestação no cartão (chargeback) <urgente>",
      "Pagamento: Cartão de crédito em 10x",
      "Nada foi reembolsado pela loja.",
      `Ver o pedido: ${input.orderUrl}`,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toMatch(/Total: R\$\s4\.778,90/);
    expect(mail.html).toContain("Motivo: Contestação no cartão (chargeback) &lt;urgente&gt;");
    expect(mail.html).toContain(`href="${input.orderUrl}"`);
  });
});
