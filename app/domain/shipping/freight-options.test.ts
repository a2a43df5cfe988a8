import { describe, expect, it } from "vitest";
import { freightOptions, freightSummary } from "./freight-options";
import { DEFAULT_FREIGHT, type FreightSettings } from "./freight-settings";

const quote = (serviceName: string, priceCents: number, days: [number, number]) => ({
  serviceCode: `melhorenvio:${serviceName}`,
  serviceName,
  carrier: "Correios",
  priceCents,
  daysMin: days[0],
  daysMax: days[1],
});
const QUOTES = [quote("SEDEX", 4_000, [1, 2]), quote("PAC", 2_000, [5, 7]), quote(".Package", 1_800, [4, 6])];
const settings = (overrides: Partial<FreightSettings>): FreightSettings => ({
  ...DEFAULT_FREIGHT,
  mode: "quote",
  ...overrides,
});

describe("the options a shopper is offered", () => {
  it("keeps the provider's services the owner offers, whatever their case", () => {
    const offered = freightOptions(
      QUOTES,
      true,
      settings({ services: ["pac", "Sedex"] }),
      "01310100",
      10_000,
    );
    expect(offered.map((option) => option.serviceName)).toEqual(["PAC", "SEDEX"]);
  });

  it("gives free shipping on the service the owner names, from the threshold on", () => {
    const rule = settings({ freeOverCents: 10_000, freeService: "sedex" });
    expect(freightOptions(QUOTES, true, rule, "01310100", 10_000)[0]).toMatchObject({
      serviceName: "SEDEX",
      priceCents: 0,
      free: true,
    });
    expect(freightOptions(QUOTES, true, rule, "01310100", 9_999).every((option) => !option.free)).toBe(true);
  });

  it("gives none when the service named is not among the quotes", () => {
    const rule = settings({ freeOverCents: 1, freeService: "Loggi" });
    expect(freightOptions(QUOTES, true, rule, "01310100", 10_000).some((option) => option.free)).toBe(false);
  });
});

describe("an order's freight for the admin", () => {
  it("says when the owner's table priced it in the provider's place", () => {
    const freight = { ...quote("Econômico", 2_180, [4, 6]), carrier: "Tabela da loja" };
    expect(freightSummary({ ...freight, source: "table", providerFailed: true })).toBe(
      "Econômico (Tabela da loja) · R$\u00a021,80 · 4 a 6 dias úteis · pela tabela da loja: o provedor não respondeu",
    );
    expect(freightSummary({ ...quote("PAC", 0, [1, 1]), source: "provider", providerFailed: false })).toBe(
      "PAC (Correios) · Grátis · 1 dia útil",
    );
  });
});
