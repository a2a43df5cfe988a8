import { describe, expect, it } from "vitest";
import { checkoutRequestSchema, invalidCheckoutMessage } from "./checkout-schema";

const valid = {
  products: [{ id: 1, name: "Mouse", category: "Acessórios", price: 99.9, image: "/m.webp", quantity: 2 }],
  customer: {
    name: "Maria José D'Ávila",
    email: "maria@example.com",
    phone: "11987654321",
    taxId: "52998224725",
  },
  addressId: "3b241101-e2bb-4255-8caf-4136c566a962",
};

function messages(taxpayer: "PF" | "PJ", request: unknown): string {
  const result = checkoutRequestSchema(taxpayer).safeParse(request);
  return result.success ? "ok" : invalidCheckoutMessage(result.error);
}

describe("the create-payment request", () => {
  it("accepts a person's request with accents and apostrophes in the name", () => {
    expect(messages("PF", valid)).toBe("ok");
  });

  it("joins every message after 'Dados inválidos: '", () => {
    const request = { ...valid, customer: { ...valid.customer, name: "Al", phone: "1" }, addressId: "x" };
    expect(messages("PF", request)).toBe(
      "Dados inválidos: Nome deve ter no mínimo 3 caracteres, Telefone inválido (deve ter 10 ou 11 dígitos), ID de endereço inválido",
    );
  });

  it("keeps the spec's limits: 1 to 50 lines, quantities up to 100, prices up to 1,000,000", () => {
    const line = valid.products[0]!;
    expect(messages("PF", { ...valid, products: [] })).toBe("Dados inválidos: Carrinho vazio");
    const lines = Array.from({ length: 51 }, (_, index) => ({ ...line, id: index + 1 }));
    expect(messages("PF", { ...valid, products: lines })).toBe(
      "Dados inválidos: Máximo de 50 itens por pedido",
    );
    expect(messages("PF", { ...valid, products: [{ ...line, quantity: 101 }] })).toBe(
      "Dados inválidos: Quantidade máxima por item é 100",
    );
    expect(messages("PF", { ...valid, products: [{ ...line, price: 1_000_000.01 }] })).toBe(
      "Dados inválidos: Preço inválido",
    );
    expect(messages("PF", { ...valid, products: [line, line] })).toBe(
      "Dados inválidos: Produto repetido no pedido",
    );
  });

  it("asks a person for a CPF and a company for a CNPJ, check digits included", () => {
    expect(messages("PF", { ...valid, customer: { ...valid.customer, taxId: "5299822472" } })).toBe(
      "Dados inválidos: CPF inválido (deve ter 11 dígitos)",
    );
    expect(messages("PF", { ...valid, customer: { ...valid.customer, taxId: "52998224724" } })).toBe(
      "Dados inválidos: CPF inválido",
    );
    const company = { ...valid.customer, name: "Loja 3 Irmãos Ltda.", taxId: "11222333000181" };
    expect(messages("PJ", { ...valid, customer: company })).toBe("ok");
    expect(messages("PJ", { ...valid, customer: { ...company, taxId: "11222333000180" } })).toBe(
      "Dados inválidos: CNPJ inválido",
    );
    expect(messages("PJ", valid)).toBe("Dados inválidos: CNPJ inválido (deve ter 14 caracteres)");
  });

  it("takes an alphanumeric CNPJ in the stored form, upper-cased, and refuses a bad one with 'CNPJ inválido'", () => {
    const company = { ...valid.customer, name: "Loja 3 Irmãos Ltda.", taxId: "12abc34501de35" };
    const parsed = checkoutRequestSchema("PJ").safeParse({ ...valid, customer: company });
    expect(parsed.data?.customer.taxId).toBe("12ABC34501DE35");
    for (const taxId of [
      "12ABC34501DE36",
      "12ABC34501DEA5",
      "12ABC34501DE3B",
      "12ÁBC34501DE35",
      "12ABC3450_DE35",
    ]) {
      expect(messages("PJ", { ...valid, customer: { ...company, taxId } }), taxId).toBe(
        "Dados inválidos: CNPJ inválido",
      );
    }
    // A person's CPF stays digits only.
    expect(messages("PF", { ...valid, customer: { ...valid.customer, taxId: "12ABC34501D" } })).toBe(
      "Dados inválidos: CPF inválido (deve ter 11 dígitos)",
    );
  });

  it("refuses digits in a person's name, and wrong types with the field's own message", () => {
    expect(messages("PF", { ...valid, customer: { ...valid.customer, name: "Maria 2" } })).toBe(
      "Dados inválidos: Nome deve conter apenas letras",
    );
    expect(messages("PF", { ...valid, customer: { ...valid.customer, email: 42 } })).toBe(
      "Dados inválidos: E-mail inválido",
    );
    expect(messages("PF", null)).toBe("Dados inválidos: Dados do pedido inválidos");
  });
});
