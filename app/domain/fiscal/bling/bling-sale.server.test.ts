import { describe, expect, it } from "vitest";
import type { ReceiptOrder } from "../../orders/receipt";
import { blingContactOf, blingSalesOrderOf } from "./bling-sale.server";

const ORDER_ID = "3f2a9c1e-7b4d-4e8a-9f10-2b3c4d5e6f70";
const NO_FORMS = { pixPaymentFormId: null, cardPaymentFormId: null, boletoPaymentFormId: null };

function order(overrides: Partial<ReceiptOrder> = {}): ReceiptOrder {
  return {
    id: ORDER_ID,
    status: "processing",
    // 01:30 UTC on the 16th is still the 15th in São Paulo.
    createdAt: new Date("2026-01-16T01:20:00Z"),
    paidAt: new Date("2026-01-16T01:30:00Z"),
    totalCents: 244_990,
    refundedCents: 0,
    adjustments: [
      { kind: "pix_discount", label: "Desconto PIX (5%)", amountCents: -13_000 },
      { kind: "coupon", label: "Cupom BEMVINDO", amountCents: -5_000 },
      { kind: "freight", label: "Frete SEDEX", amountCents: 2_990 },
    ],
    paymentMethod: "pix",
    cardPaymentType: null,
    cardInstallments: null,
    paymentStatus: "paid",
    pixStatus: "COMPLETED",
    paid: true,
    customerName: "Compras Corporativas Ltda",
    customerEmail: "compras@example.com",
    customerPhone: "1133334444",
    customerTaxId: "11222333000181",
    customerStateRegistration: "110042490114",
    shippingAddress: {
      cep: "01310100",
      street: "Avenida Paulista",
      number: "1000",
      complement: null,
      neighborhood: "Bela Vista",
      city: "São Paulo",
      state: "SP",
    },
    items: [
      {
        id: 1,
        productId: 7,
        name: "Notebook",
        variantLabel: "Cor: Prata",
        sku: "NB-PRATA",
        image: "",
        quantity: 1,
        unitPriceCents: 250_000,
      },
      {
        id: 2,
        productId: 8,
        name: "Mouse",
        variantLabel: "",
        sku: null,
        image: "",
        quantity: 2,
        unitPriceCents: 5_000,
      },
    ],
    refunds: [],
    ...overrides,
  };
}

describe("blingContactOf", () => {
  it("makes a company with a state registration a contribuinte", () => {
    expect(blingContactOf(order())).toEqual({
      nome: "Compras Corporativas Ltda",
      numeroDocumento: "11222333000181",
      tipo: "J",
      email: "compras@example.com",
      telefone: "1133334444",
      ie: "110042490114",
      indicadorIe: 1,
      endereco: {
        endereco: "Avenida Paulista",
        numero: "1000",
        complemento: "",
        bairro: "Bela Vista",
        cep: "01310100",
        municipio: "São Paulo",
        uf: "SP",
      },
    });
  });

  it("makes an exempt company isento, one without a registration and a person não contribuintes", () => {
    expect(blingContactOf(order({ customerStateRegistration: "ISENTO" }))).toMatchObject({ indicadorIe: 2 });
    expect(blingContactOf(order({ customerStateRegistration: "ISENTO" }))).not.toHaveProperty("ie");
    expect(blingContactOf(order({ customerStateRegistration: null }))).toMatchObject({
      tipo: "J",
      indicadorIe: 9,
    });
    const person = blingContactOf(order({ customerTaxId: "52998224725", customerStateRegistration: null }));
    expect(person).toMatchObject({ tipo: "F", indicadorIe: 9 });
    expect(person).not.toHaveProperty("ie");
  });
});

describe("blingSalesOrderOf", () => {
  it.each([
    [{ paymentMethod: "pix" as const, cardPaymentType: null }, 11],
    [{ paymentMethod: "card" as const, cardPaymentType: "credit_card" }, 22],
    [{ paymentMethod: "card" as const, cardPaymentType: "ticket" }, 33],
  ])("pays the parcel with the owner's form of payment for %o", (paid, formId) => {
    const forms = { pixPaymentFormId: 11, cardPaymentFormId: 22, boletoPaymentFormId: 33 };

    expect(blingSalesOrderOf(order(paid), null, 1, forms).parcelas[0]).toMatchObject({
      formaPagamentoId: formId,
    });
  });

  it("sends the lines as bought, the freight and its carrier, the discounts whole and one parcel of the total", () => {
    const freight = { carrier: "Correios", serviceName: "SEDEX" } as Parameters<typeof blingSalesOrderOf>[1];

    const sale = blingSalesOrderOf(order(), freight, 1002, NO_FORMS);

    expect(sale).toEqual({
      numeroLoja: ORDER_ID,
      data: "2026-01-15",
      contatoId: 1002,
      itens: [
        { codigo: "NB-PRATA", descricao: "Notebook (Cor: Prata)", quantidade: 1, valorCents: 250_000 },
        { codigo: "produto-8", descricao: "Mouse", quantidade: 2, valorCents: 5_000 },
      ],
      freteCents: 2_990,
      transportador: "Correios",
      descontoCents: 18_000,
      parcelas: [{ dataVencimento: "2026-01-15", valorCents: 244_990, observacoes: "PIX" }],
      observacoes: "Pedido 3F2A9C1E da loja virtual",
    });
    // What Bling adds up is what the customer paid.
    const items = sale.itens.reduce((total, line) => total + line.valorCents * line.quantidade, 0);
    expect(items + sale.freteCents - sale.descontoCents).toBe(order().totalCents);
  });

  it("names a card payment with its instalments, and has no carrier when freight was free to all", () => {
    const sale = blingSalesOrderOf(
      order({ paymentMethod: "card", cardPaymentType: "credit_card", cardInstallments: 3 }),
      null,
      1,
      NO_FORMS,
    );

    expect(sale.parcelas[0]!.observacoes).toBe("Cartão de crédito em 3x");
    expect(sale.parcelas[0]).not.toHaveProperty("formaPagamentoId");
    expect(sale).not.toHaveProperty("transportador");
  });
});
