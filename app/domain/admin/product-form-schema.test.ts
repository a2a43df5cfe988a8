import { describe, expect, it } from "vitest";
import { optionCombinations, splitOptionValues } from "./product-form-schema";

describe("an option's values typed in the form", () => {
  it("are split at commas, but not at a decimal comma", () => {
    expect(splitOptionValues("Preto, Branco,Azul")).toEqual(["Preto", "Branco", "Azul"]);
    expect(splitOptionValues("1,5 m, 2 m")).toEqual(["1,5 m", "2 m"]);
    expect(splitOptionValues('6,1", 6,7"')).toEqual(['6,1"', '6,7"']);
    expect(splitOptionValues(" , Preto, ,")).toEqual(["Preto"]);
  });
});

describe("the grid's combinations", () => {
  it("are every value of each option, in the options' order", () => {
    expect(
      optionCombinations([
        { name: "Cor", values: ["Preto", "Branco"] },
        { name: "Armazenamento", values: ["128 GB", "256 GB"] },
      ]),
    ).toEqual([
      ["Preto", "128 GB"],
      ["Preto", "256 GB"],
      ["Branco", "128 GB"],
      ["Branco", "256 GB"],
    ]);
    expect(optionCombinations([])).toEqual([[]]);
  });
});
