import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CEP_DIGITS,
  CNPJ_DIGITS,
  CPF_DIGITS,
  maskCep,
  maskCnpj,
  maskCpf,
  maskPhone,
  PHONE_MAX_DIGITS,
} from "./masks";
import { onlyDigits } from "./tax-id";

describe("maskCpf", () => {
  it.each([
    ["52998224725", "529.982.247-25"],
    ["529", "529"],
    ["5299", "529.9"],
    ["529982", "529.982"],
    ["5299822", "529.982.2"],
    ["5299822472", "529.982.247-2"],
    ["529982247251234", "529.982.247-25"],
    ["529.982.247-25", "529.982.247-25"],
    ["abc", ""],
  ])("%s → %s", (input, masked) => {
    expect(maskCpf(input)).toBe(masked);
  });
});

describe("maskCnpj", () => {
  it.each([
    ["11222333000181", "11.222.333/0001-81"],
    ["11", "11"],
    ["112", "11.2"],
    ["11222333", "11.222.333"],
    ["112223330", "11.222.333/0"],
    ["1122233300018", "11.222.333/0001-8"],
    ["11222333000181999", "11.222.333/0001-81"],
  ])("%s → %s", (input, masked) => {
    expect(maskCnpj(input)).toBe(masked);
  });
});

describe("maskPhone", () => {
  it.each([
    ["11987654321", "(11) 98765-4321"],
    ["1133334444", "(11) 3333-4444"],
    ["1", "(1"],
    ["11", "(11"],
    ["119", "(11) 9"],
    ["1199999", "(11) 9999-9"],
    ["119876543219", "(11) 98765-4321"],
    ["(11) 98765-4321", "(11) 98765-4321"],
  ])("%s → %s", (input, masked) => {
    expect(maskPhone(input)).toBe(masked);
  });
});

describe("maskCep", () => {
  it.each([
    ["01310100", "01310-100"],
    ["01310", "01310"],
    ["013101", "01310-1"],
    ["013101009", "01310-100"],
  ])("%s → %s", (input, masked) => {
    expect(maskCep(input)).toBe(masked);
  });
});

const masks = [
  { name: "CPF", mask: maskCpf, digits: CPF_DIGITS, maxLength: 14 },
  { name: "CNPJ", mask: maskCnpj, digits: CNPJ_DIGITS, maxLength: 18 },
  { name: "phone", mask: maskPhone, digits: PHONE_MAX_DIGITS, maxLength: 15 },
  { name: "CEP", mask: maskCep, digits: CEP_DIGITS, maxLength: 9 },
];

describe.each(masks)("$name mask, for any input", ({ mask, digits, maxLength }) => {
  it("keeps exactly the first digits typed, in order", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        expect(onlyDigits(mask(input))).toBe(onlyDigits(input).slice(0, digits));
      }),
    );
  });

  it("is idempotent and never longer than the full mask", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789.-/() x") }), (input) => {
        const masked = mask(input);
        expect(mask(masked)).toBe(masked);
        expect(masked.length).toBeLessThanOrEqual(maxLength);
      }),
    );
  });
});
