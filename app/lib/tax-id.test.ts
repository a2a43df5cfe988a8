import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidCnpj, isValidCpf, onlyDigits } from "./tax-id";

/**
 * Reference check digit, written independently of the implementation under test: weights count
 * down from `firstWeight` (wrapping back to `wrapAt` after 2, for CNPJ) and the digit is the
 * remainder of ten times the sum, with 10 read as 0.
 */
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

const maskedCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
const CNPJ_GROUPS = /^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/;
const maskedCnpj = (cnpj: string) => cnpj.replace(CNPJ_GROUPS, "$1.$2.$3/$4-$5");

const digit = fc.integer({ min: 0, max: 9 });
const notAllSame = (digits: number[]) => new Set(digits).size > 1;
const cpfBase = fc.array(digit, { minLength: 9, maxLength: 9 }).filter(notAllSame);
const cnpjBase = fc.array(digit, { minLength: 12, maxLength: 12 }).filter(notAllSame);
const digitString = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength, maxLength });

/** Replaces the digit at `position` with a different one (`delta` is 1..9). */
function withOneDigitChanged(value: string, position: number, delta: number): string {
  const changed = (Number(value[position]) + delta) % 10;
  return value.slice(0, position) + String(changed) + value.slice(position + 1);
}
/** What to add, modulo 10, to a digit to get a different one. */
const anotherDigit = fc.integer({ min: 1, max: 9 });

/** Puts a letter somewhere in `value`, the way a typo or a pasted label would. */
const withALetter = (value: string, position: number, letter: string) =>
  value.slice(0, position) + letter + value.slice(position);
const letter = fc.constantFrom(..."aBxXoOlIçé");

describe("the reference check digits", () => {
  it("reproduce the published examples", () => {
    expect(cpfFrom([5, 2, 9, 9, 8, 2, 2, 4, 7])).toBe("52998224725");
    expect(cpfFrom([1, 1, 1, 4, 4, 4, 7, 7, 7])).toBe("11144477735");
    expect(cnpjFrom([1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0, 1])).toBe("11222333000181");
    expect(cnpjFrom([0, 4, 2, 5, 2, 0, 1, 1, 0, 0, 0, 1])).toBe("04252011000110");
  });
});

describe("isValidCpf", () => {
  it.each(["529.982.247-25", "52998224725", "111.444.777-35", "11144477735", " 529 982 247 25 "])(
    "accepts %j",
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(true);
    },
  );

  it.each([
    ["all ones", "111.111.111-11"],
    ["all zeros", "00000000000"],
    ["a wrong second check digit", "529.982.247-24"],
    ["a wrong first check digit", "529.982.247-15"],
    ["swapped check digits", "529.982.247-52"],
    ["too few digits", "5299822472"],
    ["too many digits", "529982247251"],
    ["a valid CPF with a digit added", "529.982.247-250"],
    ["a letter instead of a digit", "529.982.247-2a"],
    ["a letter besides the digits", "52998224725a"],
    ["a CNPJ separator", "529/982/247-25"],
    ["a valid CNPJ", "11222333000181"],
    ["nothing", ""],
    ["only separators", "...-"],
  ])("refuses %s (%j)", (_case, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it.each([..."0123456789"])("refuses %s repeated 11 times, masked or not", (d) => {
    expect(isValidCpf(d.repeat(11))).toBe(false);
    expect(isValidCpf(maskedCpf(d.repeat(11)))).toBe(false);
  });

  it("accepts any base with its check digits, masked or not", () => {
    fc.assert(
      fc.property(cpfBase, (base) => {
        const cpf = cpfFrom(base);
        expect(isValidCpf(cpf)).toBe(true);
        expect(isValidCpf(maskedCpf(cpf))).toBe(true);
      }),
    );
  });

  it("refuses a valid CPF whose check digit was changed", () => {
    fc.assert(
      fc.property(cpfBase, fc.constantFrom(9, 10), anotherDigit, (base, at, by) => {
        expect(isValidCpf(withOneDigitChanged(cpfFrom(base), at, by))).toBe(false);
      }),
    );
  });

  it("agrees with the reference on a valid CPF with any one digit changed", () => {
    fc.assert(
      fc.property(cpfBase, fc.integer({ min: 0, max: 10 }), anotherDigit, (base, at, by) => {
        const changed = withOneDigitChanged(cpfFrom(base), at, by);
        const digits = [...changed].map(Number);
        const expected = notAllSame(digits) && cpfFrom(digits.slice(0, 9)) === changed;
        expect(isValidCpf(changed)).toBe(expected);
      }),
    );
  });

  it("agrees with the reference on any 11 digits", () => {
    fc.assert(
      fc.property(digitString(11, 11), (digits) => {
        const numbers = [...digits].map(Number);
        const expected = notAllSame(numbers) && cpfFrom(numbers.slice(0, 9)) === digits;
        expect(isValidCpf(digits)).toBe(expected);
      }),
    );
  });

  it("refuses any number of digits other than 11", () => {
    fc.assert(
      fc.property(
        digitString(0, 30).filter((digits) => digits.length !== 11),
        (digits) => {
          expect(isValidCpf(digits)).toBe(false);
        },
      ),
    );
  });

  it("refuses a valid CPF with a letter anywhere", () => {
    fc.assert(
      fc.property(cpfBase, fc.integer({ min: 0, max: 14 }), letter, (base, at, typo) => {
        expect(isValidCpf(withALetter(maskedCpf(cpfFrom(base)), at, typo))).toBe(false);
      }),
    );
  });
});

describe("isValidCnpj", () => {
  it.each([
    "11.222.333/0001-81",
    "11222333000181",
    "04.252.011/0001-10",
    "04252011000110",
    " 11 222 333 0001 81 ",
  ])("accepts %j", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    ["all ones", "11.111.111/1111-11"],
    ["all zeros", "00000000000000"],
    ["a wrong second check digit", "11.222.333/0001-82"],
    ["a wrong first check digit", "11.222.333/0001-71"],
    ["swapped check digits", "11.222.333/0001-18"],
    ["too few digits", "1122233300018"],
    ["too many digits", "112223330001810"],
    ["a valid CPF", "52998224725"],
    ["a letter instead of a digit", "11.222.333/0001-8b"],
    ["a letter besides the digits", "11222333000181x"],
    ["nothing", ""],
    ["only separators", "../-"],
  ])("refuses %s (%j)", (_case, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  it.each([..."0123456789"])("refuses %s repeated 14 times, masked or not", (d) => {
    expect(isValidCnpj(d.repeat(14))).toBe(false);
    expect(isValidCnpj(maskedCnpj(d.repeat(14)))).toBe(false);
  });

  it("accepts any base with its check digits, masked or not", () => {
    fc.assert(
      fc.property(cnpjBase, (base) => {
        const cnpj = cnpjFrom(base);
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(maskedCnpj(cnpj))).toBe(true);
      }),
    );
  });

  it("refuses a valid CNPJ whose check digit was changed", () => {
    fc.assert(
      fc.property(cnpjBase, fc.constantFrom(12, 13), anotherDigit, (base, at, by) => {
        expect(isValidCnpj(withOneDigitChanged(cnpjFrom(base), at, by))).toBe(false);
      }),
    );
  });

  it("agrees with the reference on a valid CNPJ with any one digit changed", () => {
    fc.assert(
      fc.property(cnpjBase, fc.integer({ min: 0, max: 13 }), anotherDigit, (base, at, by) => {
        const changed = withOneDigitChanged(cnpjFrom(base), at, by);
        const digits = [...changed].map(Number);
        const expected = notAllSame(digits) && cnpjFrom(digits.slice(0, 12)) === changed;
        expect(isValidCnpj(changed)).toBe(expected);
      }),
    );
  });

  it("agrees with the reference on any 14 digits", () => {
    fc.assert(
      fc.property(digitString(14, 14), (digits) => {
        const numbers = [...digits].map(Number);
        const expected = notAllSame(numbers) && cnpjFrom(numbers.slice(0, 12)) === digits;
        expect(isValidCnpj(digits)).toBe(expected);
      }),
    );
  });

  it("refuses any number of digits other than 14", () => {
    fc.assert(
      fc.property(
        digitString(0, 30).filter((digits) => digits.length !== 14),
        (digits) => {
          expect(isValidCnpj(digits)).toBe(false);
        },
      ),
    );
  });

  it("refuses a valid CNPJ with a letter anywhere", () => {
    fc.assert(
      fc.property(cnpjBase, fc.integer({ min: 0, max: 18 }), letter, (base, at, typo) => {
        expect(isValidCnpj(withALetter(maskedCnpj(cnpjFrom(base)), at, typo))).toBe(false);
      }),
    );
  });
});

describe("onlyDigits", () => {
  it.each([
    ["(11) 98765-4321", "11987654321"],
    ["529.982.247-25", "52998224725"],
    ["R$ 1.234,56", "123456"],
    ["abc", ""],
    ["", ""],
  ])("%j → %j", (input, digits) => {
    expect(onlyDigits(input)).toBe(digits);
  });

  it("keeps exactly the ASCII digits, in order, dropping look-alikes", () => {
    // Arabic-Indic, full-width and superscript digits are not accepted as digits.
    const unit = fc.constantFrom(..."0123456789 .-/()aZç\u00a0\t٣３¹½🙂");
    fc.assert(
      fc.property(fc.string({ unit }), (input) => {
        const expected = [...input].filter((char) => char >= "0" && char <= "9").join("");
        expect(onlyDigits(input)).toBe(expected);
        expect(onlyDigits(expected)).toBe(expected);
      }),
    );
  });
});
