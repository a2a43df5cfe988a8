import { describe, expect, it } from "vitest";
import { ownStoreSettings } from "../../../tests/support/store-settings";
import { receiptFileName, receiptHtml, type ReceiptOrder } from "./receipt";

const OPTIONS = ownStoreSettings();
const ATTACK = `<img src=x onerror=alert(1)> "aspas"`;

function order(overrides: Partial<ReceiptOrder> = {}): ReceiptOrder {
  return {
    id: "3f2a9c1e-7b4d-4e8a-9f10-2b3c4d5e6f70",
    status: "pending",
    // 13:30 UTC is 10:30 in São Paulo.
    createdAt: new Date("2026-01-15T13:30:00Z"),
    paidAt: null,
    totalCents: 259_980,
    refundedCents: 0,
    adjustments: [],
    paymentMethod: "pix",
    cardPaymentType: null,
    cardInstallments: null,
    paymentStatus: "pending",
    pixStatus: "ACTIVE",
    paid: false,
    customerName: "Maria da Silva",
    customerEmail: "maria@example.com",
    customerPhone: "11987654321",
    customerTaxId: "52998224725",
    customerStateRegistration: null,
    shippingAddress: {
      cep: "01310100",
      street: "Avenida Paulista",
      number: "1000",
      complement: "Apto 12",
      neighborhood: "Bela Vista",
      city: "São Paulo",
      state: "SP",
    },
    items: [
      {
        id: 1,
        productId: 7,
        name: "Fone Bluetooth",
        variantLabel: "Cor: Preto",
        sku: "FONE-PRETO",
        image: "/x.webp",
        quantity: 2,
        unitPriceCents: 29_990,
      },
      {
        id: 2,
        productId: 8,
        name: "Monitor 27",
        variantLabel: "",
        sku: "VTR-8",
        image: "/y.webp",
        quantity: 1,
        unitPriceCents: 200_000,
      },
    ],
    refunds: [],
    ...overrides,
  };
}

const PAID = {
  paid: true,
  paymentStatus: "paid",
  pixStatus: "COMPLETED",
  paidAt: new Date("2026-01-15T13:42:00Z"),
} as const;

/** The colour the payment status is printed in. */
function statusColour(html: string): string | undefined {
  return /class="status" style="color:([^"]+)"/.exec(html)?.[1];
}

describe("receiptFileName", () => {
  it("names the file after the first 8 characters of the order id", () => {
    expect(receiptFileName("3f2a9c1e-7b4d-4e8a-9f10-2b3c4d5e6f70")).toBe("comprovante-pedido-3f2a9c1e.html");
  });
});

describe("receiptHtml", () => {
  it("is a self-contained pt-BR document that loads nothing", () => {
    const html = receiptHtml(order(), OPTIONS);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain("<style>");
    expect(html).not.toMatch(/<(script|link|iframe)\b|\bsrc=|url\(|@import/i);
  });

  it("shows the order, the customer, the address, the items and the total", () => {
    const html = receiptHtml(order(), OPTIONS);
    expect(html).toContain("Comprovante de Pedido");
    expect(html).toContain("#3F2A9C1E");
    expect(html).toContain("15/01/2026 às 10:30");
    expect(html).toContain("Maria da Silva");
    expect(html).toContain("maria@example.com");
    expect(html).toContain("(11) 98765-4321");
    expect(html).toContain("529.982.247-25");
    expect(html).toContain("Avenida Paulista, 1000 - Apto 12");
    expect(html).toContain("Bela Vista - São Paulo/SP");
    expect(html).toContain("CEP 01310-100");
    expect(html).toContain("Fone Bluetooth");
    expect(html).toContain(`<span class="variant">Cor: Preto</span>`);
    expect(html).toContain("R$\u00a0299,90");
    expect(html).toContain("R$\u00a0599,80");
    expect(html).toContain("Monitor 27");
    expect(html).toContain("Total: R$\u00a02.599,80");
  });

  it("shows the total's adjustments above it, escaped, and no such lines without them", () => {
    expect(receiptHtml(order(), OPTIONS)).not.toContain('class="adjustments"');
    const html = receiptHtml(
      order({
        totalCents: 246_981,
        adjustments: [
          { kind: "pix_discount", label: "Desconto PIX (5%)", amountCents: -12_999 },
          { kind: "pix_discount", label: ATTACK, amountCents: 1_500 },
        ],
      }),
      OPTIONS,
    );
    expect(html).toContain(
      '<div class="adjustments">\n<p>Desconto PIX (5%): −R$\u00a0129,99</p>\n' +
        "<p>&lt;img src=x onerror=alert(1)&gt; &quot;aspas&quot;: R$\u00a015,00</p>\n</div>\n" +
        '<p class="total">Total: R$\u00a02.469,81</p>',
    );
  });

  it("says a PIX order was paid by PIX", () => {
    expect(receiptHtml(order(PAID), OPTIONS)).toContain("Forma de pagamento:</span> PIX</p>");
  });

  it("says how a card order was paid, with its instalments, and mentions no PIX", () => {
    const card = {
      ...PAID,
      pixStatus: "ACTIVE",
      paymentMethod: "card",
      cardPaymentType: "credit_card",
      cardInstallments: 10,
    } as const;
    const html = receiptHtml(order(card), OPTIONS);
    expect(html).toContain("Forma de pagamento:</span> Cartão de crédito em 10x</p>");
    expect(html).toContain(">pago</span>");
    expect(html).not.toContain("PIX");
    const boleto = receiptHtml(order({ ...card, cardPaymentType: "ticket", cardInstallments: 1 }), OPTIONS);
    expect(boleto).toContain("Forma de pagamento:</span> Boleto</p>");
    // Not paid yet: the customer has not chosen between a card and a boleto at the provider.
    const unpaid = receiptHtml(order({ paymentMethod: "card" }), OPTIONS);
    expect(unpaid).toContain("Forma de pagamento:</span> Cartão de crédito ou boleto</p>");
    expect(unpaid).toContain(">pendente</span>");
  });

  it("formats a company's CNPJ, numeric or alphanumeric", () => {
    expect(receiptHtml(order({ customerTaxId: "11222333000181" }), OPTIONS)).toContain("11.222.333/0001-81");
    expect(receiptHtml(order({ customerTaxId: "12ABC34501DE35" }), OPTIONS)).toContain("12.ABC.345/01DE-35");
  });

  it("names a company's state registration, or that it is exempt, and none for a person", () => {
    const company = { customerTaxId: "11222333000181" };
    expect(receiptHtml(order({ ...company, customerStateRegistration: "110042490114" }), OPTIONS)).toContain(
      "Inscrição estadual:</span> 110042490114</p>",
    );
    expect(receiptHtml(order({ ...company, customerStateRegistration: "ISENTO" }), OPTIONS)).toContain(
      "Inscrição estadual:</span> Isento</p>",
    );
    // The store's own registration is the only one on a person's receipt.
    const person = receiptHtml(order(), OPTIONS);
    expect(person.split("Dados do cliente")[1]).not.toContain("Inscrição estadual");
  });

  it("says PIX and gives the support e-mail", () => {
    const html = receiptHtml(order(), OPTIONS);
    expect(html).toContain("Forma de pagamento:</span> PIX");
    expect(html).toContain('href="mailto:ajuda@aurora.example"');
  });

  it("names the store and the seller: razão social, CNPJ, address and SAC", () => {
    const html = receiptHtml(order(), OPTIONS);
    expect(html).toContain("<title>Comprovante de Pedido #3F2A9C1E | Empório Açaí &amp; Cia</title>");
    expect(html).toContain('<p class="store">Empório Açaí &amp; Cia</p>');
    expect(html).toContain("Razão social:</span> Aurora Comércio Eletrônico Ltda.");
    expect(html).toContain("CNPJ:</span> 12.ABC.345/01DE-35");
    expect(html).toContain(
      "Endereço:</span> Rua Álvares Cabral, 500 - Sala 3 - Centro, Ribeirão Preto/SP, CEP 14015-000",
    );
    expect(html).toContain("SAC:</span> sac@aurora.example · (16) 3333-4444");
    expect(html).not.toContain("Inscrição estadual");
    const withRegistration = {
      ...OPTIONS,
      legal: { ...OPTIONS.legal, stateRegistration: "123.456.789.110" },
    };
    expect(receiptHtml(order(), withRegistration)).toContain("Inscrição estadual:</span> 123.456.789.110");
  });

  it("marks a pending order pendente, in a colour other than a paid order's", () => {
    const pending = receiptHtml(order(), OPTIONS);
    const paid = receiptHtml(order(PAID), OPTIONS);
    expect(pending).toContain(">pendente</span>");
    expect(paid).toContain(">pago</span>");
    expect(statusColour(pending)).toBeDefined();
    expect(statusColour(paid)).toBeDefined();
    expect(statusColour(paid)).not.toBe(statusColour(pending));
  });

  it("says what was refunded and when, the order's state, and no longer 'pago' once all came back", () => {
    const refund = {
      amountCents: 59_980,
      status: "confirmed",
      createdAt: new Date("2026-01-16T12:00:00Z"),
      confirmedAt: new Date("2026-01-16T12:05:00Z"),
      includesFreight: false,
    } as const;
    const partly = receiptHtml(
      order({ ...PAID, status: "processing", refundedCents: 59_980, refunds: [refund] }),
      OPTIONS,
    );
    expect(partly).toContain("Situação:</span> em processamento</p>");
    expect(partly).toContain(">parcialmente reembolsado</span>");
    expect(partly).toContain("R$\u00a0599,80 reembolsados em 16/01/2026 às 09:05");

    const rest = {
      amountCents: 200_000,
      status: "pending",
      createdAt: new Date("2026-01-17T12:00:00Z"),
      includesFreight: true,
    } as const;
    const asked = receiptHtml(
      order({
        ...PAID,
        status: "cancelled",
        refundedCents: 59_980,
        refunds: [refund, { ...rest, confirmedAt: null }],
      }),
      OPTIONS,
    );
    // The first refund gave back items only; the rest gives back the freight too.
    expect(asked).toContain("R$\u00a0599,80 reembolsados em 16/01/2026 às 09:05<");
    expect(asked).toContain("R$\u00a02.000,00 em reembolso, pedido em 17/01/2026 às 09:00, frete incluído");
    expect(asked).toContain(">parcialmente reembolsado</span>");

    const all = receiptHtml(
      order({
        ...PAID,
        status: "cancelled",
        refundedCents: 259_980,
        refunds: [refund, { ...rest, status: "confirmed", confirmedAt: new Date("2026-01-17T12:01:00Z") }],
      }),
      OPTIONS,
    );
    expect(all).toContain("Situação:</span> cancelado</p>");
    expect(all).toContain(">reembolsado</span>");
    expect(all).not.toContain(">pago");
    expect(statusColour(all)).not.toBe(statusColour(receiptHtml(order(PAID), OPTIONS)));
  });

  it("gives the payment date only once paid", () => {
    expect(receiptHtml(order(PAID), OPTIONS)).toContain("Pago em:</span> 15/01/2026 às 10:42");
    expect(receiptHtml(order(), OPTIONS)).not.toContain("Pago em");
  });

  it("labels a failed payment falhou, not in the paid colour", () => {
    const failed = receiptHtml(order({ paymentStatus: "failed" }), OPTIONS);
    expect(failed).toContain(">falhou</span>");
    expect(statusColour(failed)).not.toBe(statusColour(receiptHtml(order(PAID), OPTIONS)));
  });

  it("escapes text people typed: names, products and the address stay text", () => {
    const html = receiptHtml(
      order({
        customerName: ATTACK,
        shippingAddress: { ...order().shippingAddress, street: ATTACK, complement: ATTACK },
        items: [
          {
            id: 1,
            productId: 1,
            name: ATTACK,
            variantLabel: ATTACK,
            sku: null,
            image: "",
            quantity: 1,
            unitPriceCents: 100,
          },
        ],
      }),
      {
        ...OPTIONS,
        identity: { ...OPTIONS.identity, name: ATTACK },
        legal: { ...OPTIONS.legal, companyName: ATTACK },
        contacts: { ...OPTIONS.contacts, supportEmail: `a"b@example.com` },
      },
    );
    expect(html).not.toContain("<img");
    expect(html).not.toContain('"aspas"');
    expect(html).not.toContain('a"b@');
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; &quot;aspas&quot;");
  });
});
