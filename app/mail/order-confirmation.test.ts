import { describe, expect, it } from "vitest";
import { ownStoreSettings } from "../../tests/support/store-settings";
import { orderConfirmationMail } from "./order-confirmation";

const store = ownStoreSettings();

const input = {
  orderId: "3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f",
  customerName: "Maria Souza",
  items: [
    { name: "Notebook Ultra 14", quantity: 1, unitPriceCents: 459_990 },
    { name: "Mouse sem fio", quantity: 2, unitPriceCents: 8_950 },
  ],
  totalCents: 477_890,
  adjustments: [],
  paymentMethod: "PIX",
  // 15/01/2026 13:05 UTC is 10:05 in São Paulo.
  paidAt: new Date("2026-01-15T13:05:00Z"),
  store,
  deliveryDays: store.delivery.deliveryDays,
  arrivesBy: null,
  orderUrl: "https://loja.example/conta/pedidos/3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f",
};

describe("order confirmation e-mail", () => {
  it("names the order in the subject and comes from the store's name", () => {
    const mail = orderConfirmationMail(input);
    expect(mail.subject).toBe("Pagamento confirmado — pedido #3F2A9C1E");
    expect(mail.senderName).toBe("Empório Açaí & Cia");
  });

  it("states the delivery estimate of the offer: the owner's, or the freight's chosen", () => {
    const { text, html } = orderConfirmationMail(input);
    expect(text).toContain("Prazo de entrega: até 12 dias úteis");
    expect(html).toContain("Prazo de entrega: até 12 dias úteis");
    const oneDay = orderConfirmationMail({ ...input, deliveryDays: 1 });
    expect(oneDay.text).toContain("Prazo de entrega: até 1 dia útil");
    // With a freight, its last day too: 6 working days after Thursday 15/01/2026.
    const freight = orderConfirmationMail({
      ...input,
      deliveryDays: 6,
      arrivesBy: new Date("2026-01-24T02:59:59Z"),
    });
    expect(freight.text).toContain("Prazo de entrega: até 6 dias úteis (chega até 23/01/2026)");
    expect(freight.html).toContain("Prazo de entrega: até 6 dias úteis (chega até 23/01/2026)");
  });

  it("lists the items, the total, the payment and the link in pt-BR, in both parts", () => {
    const { text, html } = orderConfirmationMail(input);
    expect(text).toContain("Olá, Maria Souza!");
    expect(text).toContain("Recebemos o pagamento do seu pedido #3F2A9C1E.");
    expect(text).toContain("- Notebook Ultra 14: 1 x R$\u00a04.599,90 = R$\u00a04.599,90");
    expect(text).toContain("- Mouse sem fio: 2 x R$\u00a089,50 = R$\u00a0179,00");
    expect(text).toContain("Total: R$\u00a04.778,90");
    expect(text).toContain("Pago em: 15/01/2026 às 10:05");
    expect(text).toContain("Pagamento: PIX");
    expect(text).toContain(input.orderUrl);

    expect(html).toContain('lang="pt-BR"');
    expect(html).toContain("Recebemos o pagamento do seu pedido #3F2A9C1E.");
    expect(html).toContain("<td");
    expect(html).toContain("Mouse sem fio");
    expect(html).toContain("2 x R$\u00a089,50");
    expect(html).toContain("R$\u00a0179,00");
    expect(html).toContain("Total: R$\u00a04.778,90");
    expect(html).toContain("15/01/2026 às 10:05");
    expect(html).toContain("Pagamento: PIX");
    expect(html).toContain(`href="${input.orderUrl}"`);
  });

  it("shows the total's adjustments above it, in both parts, and no such line without them", () => {
    expect(orderConfirmationMail(input).text).not.toContain("Desconto PIX");
    const { text, html } = orderConfirmationMail({
      ...input,
      totalCents: 430_101,
      adjustments: [
        { label: "Desconto PIX (10%)", amount: "−R$\u00a0477,89" },
        { label: "<b>Frete</b>", amount: "R$\u00a00,00" },
      ],
    });
    expect(text).toContain(
      "Desconto PIX (10%): −R$\u00a0477,89\n<b>Frete</b>: R$\u00a00,00\nTotal: R$\u00a04.301,01",
    );
    expect(html).toContain("Desconto PIX (10%): −R$\u00a0477,89</p>");
    expect(html).toContain("&lt;b&gt;Frete&lt;/b&gt;: R$\u00a00,00</p>");
    expect(html).toContain("Total: R$\u00a04.301,01");
  });

  it("says how a card order was paid, in both parts", () => {
    const { text, html } = orderConfirmationMail({ ...input, paymentMethod: "Cartão de crédito em 10x" });
    expect(text).toContain("Pagamento: Cartão de crédito em 10x\n");
    expect(text).not.toContain("PIX");
    expect(html).toContain("Pagamento: Cartão de crédito em 10x</p>");
    expect(html).not.toContain("PIX");
    expect(orderConfirmationMail({ ...input, paymentMethod: "Boleto" }).text).toContain(
      "Pagamento: Boleto\n",
    );
  });

  it("escapes what the customer typed in the HTML and keeps it as typed in the text", () => {
    const customerName = "<script>alert(1)</script>";
    const { text, html } = orderConfirmationMail({
      ...input,
      customerName,
      items: [{ name: 'Cabo "HDMI" & <b>adaptador</b>', quantity: 1, unitPriceCents: 1_000 }],
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>adaptador");
    expect(html).toContain("Olá, &lt;script&gt;alert(1)&lt;/script&gt;!");
    expect(html).toContain("Cabo &quot;HDMI&quot; &amp; &lt;b&gt;adaptador&lt;/b&gt;");
    expect(text).toContain(`Olá, ${customerName}!`);
    expect(text).toContain('Cabo "HDMI" & <b>adaptador</b>');
  });

  it("ends with the support address of the settings and the seller's legal line", () => {
    const { text, html } = orderConfirmationMail(input);
    expect(
      text
        .trimEnd()
        .endsWith(
          "Dúvidas? Fale com a gente: ajuda@aurora.example\nAurora Comércio Eletrônico Ltda. · CNPJ 12.ABC.345/01DE-35",
        ),
    ).toBe(true);
    expect(html).toContain("Dúvidas? Fale com a gente: ");
    expect(html).toContain('href="mailto:ajuda@aurora.example"');
    expect(html).toContain("Aurora Comércio Eletrônico Ltda. · CNPJ 12.ABC.345/01DE-35");
  });

  it("writes a store name with markup as text in the HTML part", () => {
    const name = "Loja <script>alert(1)</script> & Cia";
    const { text, html } = orderConfirmationMail({
      ...input,
      store: { ...store, identity: { ...store.identity, name } },
    });
    expect(html).not.toContain("<script>");
    expect(html).toContain("Loja &lt;script&gt;alert(1)&lt;/script&gt; &amp; Cia");
    expect(text.startsWith(`${name}\n`)).toBe(true);
  });
});
