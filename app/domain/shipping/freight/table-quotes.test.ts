import { describe, expect, it } from "vitest";
import type { FreightTableRow } from "./freight-quote";
import { tableQuotes } from "./table-quotes";

function row(overrides: Partial<FreightTableRow> = {}): FreightTableRow {
  return {
    serviceName: "Econômica",
    region: { kind: "uf", ufs: ["SP"] },
    minGrams: 0,
    maxGrams: 30_000,
    priceCents: 1990,
    daysMin: 3,
    daysMax: 6,
    ...overrides,
  };
}

const PAULISTA = "01310-100";

describe("tableQuotes", () => {
  it("quotes a row of the CEP's state, named by a stable code, as the store's table", () => {
    expect(tableQuotes([row()], PAULISTA, 500)).toEqual([
      {
        serviceCode: "tabela:economica",
        serviceName: "Econômica",
        carrier: "Tabela da loja",
        priceCents: 1990,
        daysMin: 3,
        daysMax: 6,
      },
    ]);
  });

  it("quotes a row whose CEP range holds the CEP, both ends included", () => {
    const range = row({ region: { kind: "cep", fromCep: "01000-000", toCep: "01310100" } });

    expect(tableQuotes([range], "01310100", 500)).toHaveLength(1);
    expect(tableQuotes([range], "01000000", 500)).toHaveLength(1);
    expect(tableQuotes([range], "01310101", 500)).toEqual([]);
  });

  it("leaves out rows of other states and rows whose weight band misses the weight", () => {
    const rows = [
      row({ serviceName: "Rio", region: { kind: "uf", ufs: ["RJ"] } }),
      row({ serviceName: "Leve", minGrams: 0, maxGrams: 1000 }),
      row({ serviceName: "Pesada", minGrams: 1001, maxGrams: 10_000 }),
    ];

    expect(tableQuotes(rows, PAULISTA, 1000).map((quote) => quote.serviceName)).toEqual(["Leve"]);
    expect(tableQuotes(rows, PAULISTA, 1001).map((quote) => quote.serviceName)).toEqual(["Pesada"]);
    expect(tableQuotes(rows, PAULISTA, 10_001)).toEqual([]);
  });

  it("gives one quote per service: the first matching row of the table", () => {
    const rows = [
      row({ priceCents: 1500 }),
      row({ priceCents: 2500, region: { kind: "uf", ufs: ["SP", "RJ"] } }),
      row({ serviceName: "Expressa", priceCents: 3900 }),
    ];

    expect(tableQuotes(rows, PAULISTA, 500).map((quote) => [quote.serviceName, quote.priceCents])).toEqual([
      ["Econômica", 1500],
      ["Expressa", 3900],
    ]);
  });

  it("prefers a CEP-range row to a state row of the same service, wherever it is in the table", () => {
    const rows = [
      row({ priceCents: 2500 }),
      row({ priceCents: 990, region: { kind: "cep", fromCep: "01000000", toCep: "05999999" } }),
      row({ priceCents: 500, region: { kind: "cep", fromCep: "01300000", toCep: "01399999" } }),
    ];

    expect(tableQuotes(rows, PAULISTA, 500).map((quote) => quote.priceCents)).toEqual([990]);
    expect(tableQuotes(rows, "13010000", 500).map((quote) => quote.priceCents)).toEqual([2500]);
  });

  it("quotes nothing for an invalid CEP", () => {
    expect(tableQuotes([row()], "0131", 500)).toEqual([]);
  });
});
