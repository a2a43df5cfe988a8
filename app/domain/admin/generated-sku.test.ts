import { describe, expect, it } from "vitest";
import { FALLBACK_SKU_PREFIX, generatedSku, skuPrefix } from "./generated-sku";
import { SKU_MAX } from "./product-form-schema";

describe("the prefix of a store's generated SKUs", () => {
  it.each([
    ["Vitrine", "VTR"],
    ["Loja do Zé", "LJD"],
    ["Ótica Íris", "OTC"],
    ["  açaí & cia  ", "ACC"],
    ["Ñandú Eletrônicos", "NND"],
    ["99 Tech", "TCH"],
  ])("is the first letter of '%s' and its next consonants: %s", (name, prefix) => {
    expect(skuPrefix(name)).toBe(prefix);
  });

  it("is completed by the name's vowels when it has too few consonants", () => {
    expect(skuPrefix("Oi Aí")).toBe("OIA");
    expect(skuPrefix("Ana")).toBe("ANA");
    expect(skuPrefix("Bia")).toBe("BIA");
  });

  it("is the letters of a name shorter than three", () => {
    expect(skuPrefix("Zé")).toBe("ZE");
    expect(skuPrefix("X")).toBe("X");
  });

  it("is the platform's own for a name with no letter", () => {
    expect(FALLBACK_SKU_PREFIX).toBe("VTR");
    expect(skuPrefix("123")).toBe("VTR");
    expect(skuPrefix("★ ★ ★")).toBe("VTR");
    expect(skuPrefix("")).toBe("VTR");
  });
});

describe("a generated SKU", () => {
  it("is the prefix and the product's id, then its option values without accents", () => {
    expect(generatedSku("LJD", 12, [])).toBe("LJD-12");
    expect(generatedSku("LJD", 12, ["Preto", "256 GB"])).toBe("LJD-12-PRETO-256-GB");
    expect(generatedSku("VTR", 7, ["Avião ç", " ", "--"])).toBe("VTR-7-AVIAO-C");
  });

  it("is cut to the longest SKU allowed", () => {
    expect(generatedSku("VTR", 1, ["x".repeat(100)])).toHaveLength(SKU_MAX);
  });
});
