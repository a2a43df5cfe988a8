import { describe, expect, it } from "vitest";
import { chosenVariant, percentOff, type VariantDetails } from "./product-details";
import { optionChoices } from "./variant-choice";

const options = [
  { name: "Cor", values: ["Preto", "Azul", "Verde"] },
  { name: "Armazenamento", values: ["128 GB", "256 GB"] },
];
let ids = 0;
const variant = (optionValues: string[], stock: number): VariantDetails => ({
  id: ++ids,
  sku: `SKU-${ids}`,
  optionValues,
  priceCents: 100_000,
  compareAtCents: null,
  stock,
  gtin: null,
  images: [],
});
const pretoSmall = variant(["Preto", "128 GB"], 0);
const pretoLarge = variant(["Preto", "256 GB"], 3);
const azulSmall = variant(["Azul", "128 GB"], 4);
const verdeLarge = variant(["Verde", "256 GB"], 0);
const variants = [pretoSmall, pretoLarge, azulSmall, verdeLarge];

describe("the variant a product page shows", () => {
  it("is the one the address names, else the first in stock, else the first", () => {
    expect(chosenVariant(variants, pretoSmall.id)).toBe(pretoSmall);
    expect(chosenVariant(variants, null)).toBe(pretoLarge);
    expect(chosenVariant(variants, 999)).toBe(pretoLarge);
    expect(chosenVariant([pretoSmall, verdeLarge], null)).toBe(pretoSmall);
    expect(chosenVariant([], null)).toBeNull();
  });
});

describe("the option buttons", () => {
  it("lead to the combination with the other chosen values, or to one of the value in stock; sold out only when none is", () => {
    const [colours, sizes] = optionChoices(options, variants, pretoLarge);
    expect(colours!.values).toEqual([
      { value: "Preto", selected: true, state: "available", variantId: pretoLarge.id },
      // Azul 256 GB is not sold: Azul is in stock in 128 GB, and leads there.
      { value: "Azul", selected: false, state: "available", variantId: azulSmall.id },
      { value: "Verde", selected: false, state: "sold-out", variantId: verdeLarge.id },
    ]);
    expect(sizes!.values).toEqual([
      // Preto 128 GB is sold out, Azul 128 GB is not: the size is available, in Azul.
      { value: "128 GB", selected: false, state: "available", variantId: azulSmall.id },
      { value: "256 GB", selected: true, state: "available", variantId: pretoLarge.id },
    ]);
  });

  it("mark a value sold out only when every variant with it is, and lead a sold-out choice to one in stock", () => {
    const [, sizes] = optionChoices(options, [pretoSmall, pretoLarge, verdeLarge], verdeLarge);
    expect(sizes!.values).toEqual([
      { value: "128 GB", selected: false, state: "sold-out", variantId: pretoSmall.id },
      { value: "256 GB", selected: true, state: "available", variantId: pretoLarge.id },
    ]);
  });

  it("give a value no variant on sale has no variant to lead to", () => {
    const [colours] = optionChoices(options, [pretoLarge, azulSmall], pretoLarge);
    expect(colours!.values[2]).toEqual({
      value: "Verde",
      selected: false,
      state: "unavailable",
      variantId: null,
    });
  });

  it("prefer, among the nearest, a variant in stock, then the one sharing more chosen values", () => {
    const threeOptions = [
      { name: "Cor", values: ["Preto", "Azul"] },
      { name: "Tamanho", values: ["P", "M"] },
      { name: "Voltagem", values: ["110 V", "220 V"] },
    ];
    const chosen = variant(["Preto", "M", "220 V"], 1);
    const farInStock = variant(["Azul", "P", "110 V"], 2);
    const farSoldOut = variant(["Azul", "P", "110 V"], 0);
    const nearSoldOut = variant(["Azul", "M", "110 V"], 0);
    const nearest = (candidates: VariantDetails[]) =>
      optionChoices(threeOptions, [chosen, ...candidates], chosen)[0]!.values[1];
    expect(nearest([nearSoldOut, farInStock])).toMatchObject({
      state: "available",
      variantId: farInStock.id,
    });
    expect(nearest([farSoldOut, nearSoldOut])).toMatchObject({
      state: "sold-out",
      variantId: nearSoldOut.id,
    });
  });
});

describe("the percentage off", () => {
  it("rounds to a whole percent", () => {
    expect(percentOff(169_900, 199_900)).toBe(15);
    expect(percentOff(99_999, 100_000)).toBe(1);
    expect(percentOff(1, 100_000)).toBe(99);
  });
});
