import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidCnpj, isValidCpf, onlyDigits } from "./tax-id";

/** Reference check digits, written independently of the implementation under test. */
function referenceDigit(digits: number[], firstWeight: number, wrapAt?: number): number {
  let weight = firstWeight;
  let sum = 0;
  for (const digit of digits) {
    sum += digit * weight;
    weight -= 1;
    if (wrapAt !== undefined && weight < 2) weight = wrapAt;
  }
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

function cpfFrom(base: number[]): string {
  const first = referenceDigit(base, 10);
  const second = referenceDigit([...base, first], 11);
  return [...base, first, second].join("");
}

function cnpjFrom(base: number[]): string {
  const first = referenceDigit(base, 5, 9);
  const second = referenceDigit([...base, first], 6, 9);
  return [...base, first, second].join("");
}

const notAllSame = (digits: number[]) => new Set(digits).size > 1;
const cpfBase = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }).filter(notAllSame);
const cnpjBase = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 })
  .filter(notAllSame);

/** Changes one digit of a number to a different digit. */
const withOneDigitChanged = (value: string, position: number, delta: number) =>
  value.slice(0, position) + String((Number(value[position]) + delta) % 10) + value.slice(position + 1);

describe("CPF", () => {
  it.each(["529.982.247-25", "52998224725", "111.444.777-35"])("accepts %s", (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ["all the same digit", "111.111.111-11"],
    ["zeros", "00000000000"],
    ["a wrong second check digit", "529.982.247-24"],
    ["a wrong first check digit", "529.982.247-15"],
    ["too few digits", "5299822472"],
    ["too many digits", "529982247251"],
    ["letters", "529.982.247-2a"],
    ["nothing", ""],
  ])("refuses %s", (_case, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it("accepts every base with its check digits, masked or not", () => {
    fc.assert(
      fc.property(cpfBase, (base) => {
        const cpf = cpfFrom(base);
        expect(isValidCpf(cpf)).toBe(true);
        expect(isValidCpf(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`)).toBe(
          true,
        );
      }),
    );
  });

  it("agrees with the reference on any CPF with one digit changed", () => {
    fc.assert(
      fc.property(
        cpfBase,
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (base, position, delta) => {
          const changed = withOneDigitChanged(cpfFrom(base), position, delta);
          const digits = [...changed].map(Number);
          expect(isValidCpf(changed)).toBe(notAllSame(digits) && cpfFrom(digits.slice(0, 9)) === changed);
        },
      ),
    );
  });

  it("refuses a CPF whose check digits were changed", () => {
    fc.assert(
      fc.property(
        cpfBase,
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (base, position, delta) => {
          expect(isValidCpf(withOneDigitChanged(cpfFrom(base), position, delta))).toBe(false);
        },
      ),
    );
  });
});

describe("CNPJ", () => {
  it.each(["11.222.333/0001-81", "11222333000181", "04.252.011/0001-10"])("accepts %s", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    ["all the same digit", "11.111.111/1111-11"],
    ["a wrong check digit", "11.222.333/0001-82"],
    ["too few digits", "1122233300018"],
    ["a CPF", "52998224725"],
    ["letters", "11.222.333/0001-8b"],
  ])("refuses %s", (_case, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  it("accepts every base with its check digits", () => {
    fc.assert(
      fc.property(cnpjBase, (base) => {
        expect(isValidCnpj(cnpjFrom(base))).toBe(true);
      }),
    );
  });

  it("agrees with the reference on any CNPJ with one digit changed", () => {
    fc.assert(
      fc.property(
        cnpjBase,
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 1, max: 9 }),
        (base, position, delta) => {
          const changed = withOneDigitChanged(cnpjFrom(base), position, delta);
          const digits = [...changed].map(Number);
          expect(isValidCnpj(changed)).toBe(notAllSame(digits) && cnpjFrom(digits.slice(0, 12)) === changed);
        },
      ),
    );
  });

  it("refuses a CNPJ whose check digits were changed", () => {
    fc.assert(
      fc.property(
        cnpjBase,
        fc.integer({ min: 12, max: 13 }),
        fc.integer({ min: 1, max: 9 }),
        (base, position, delta) => {
          expect(isValidCnpj(withOneDigitChanged(cnpjFrom(base), position, delta))).toBe(false);
        },
      ),
    );
  });
});

describe("onlyDigits", () => {
  it("keeps the digits in order", () => {
    expect(onlyDigits("(11) 98765-4321")).toBe("11987654321");
  });
});
