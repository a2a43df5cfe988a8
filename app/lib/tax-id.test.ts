import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compactTaxId, isValidCnpj, isValidCpf, onlyDigits } from "./tax-id";

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

/**
 * The alphanumeric CNPJ rule (Receita Federal, July 2026), written apart from the reference
 * above and from the implementation: a character's value is looked up in a table (digits 0-9,
 * "A" 17 to "Z" 42, its ASCII code minus 48), the weights are spelled out, and the check digit is
 * 11 minus the remainder, with 10 and 11 read as 0.
 */
const CNPJ_VALUES = new Map<string, number>([
  ...[..."0123456789"].map((character, value) => [character, value] as const),
  ...[..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((character, index) => [character, 17 + index] as const),
]);
const CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function cnpjDigit(characters: string, weights: number[]): string {
  let sum = 0;
  for (let index = weights.length - 1; index >= 0; index -= 1) {
    sum += CNPJ_VALUES.get(characters[index]!)! * weights[index]!;
  }
  const digit = 11 - (sum % 11);
  return digit >= 10 ? "0" : String(digit);
}

/** The 12 characters of `base` (digits as numbers or a string of A-Z and 0-9) with their check digits. */
function cnpjFrom(base: number[] | string): string {
  const characters = typeof base === "string" ? base : base.join("");
  const withFirst = characters + cnpjDigit(characters, CNPJ_FIRST_WEIGHTS);
  return withFirst + cnpjDigit(withFirst, CNPJ_SECOND_WEIGHTS);
}

/** What the rule says of 14 characters already in the stored form (upper case, no mask). */
function referenceAcceptsCnpj(cnpj: string): boolean {
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj)) return false;
  if (new Set(cnpj).size === 1) return false;
  return cnpjFrom(cnpj.slice(0, 12)) === cnpj;
}

const maskedCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
const maskedCnpj = (cnpj: string) =>
  `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;

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

const alphanumeric = fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ");
const alphanumericString = (minLength: number, maxLength: number) =>
  fc.string({ unit: alphanumeric, minLength, maxLength });
/** The 12 characters before a CNPJ's check digits; letters anywhere among them. */
const alphanumericBase = alphanumericString(12, 12);
const upperOrLowerLetter = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
/** Characters that are neither A-Z, 0-9 nor a mask's separator: accents, look-alikes, symbols. */
const foreign = fc.constantFrom(..."çÇéÁñ_@#*+,:;!?ßẞ٣３ＡÅ\u0130\u0131", "🙂");

/** Puts `character` in place of the one at `position`. */
const withCharacterAt = (value: string, position: number, character: string) =>
  value.slice(0, position) + character + value.slice(position + 1);

describe("the reference check digits", () => {
  it("reproduce the published examples", () => {
    expect(cpfFrom([5, 2, 9, 9, 8, 2, 2, 4, 7])).toBe("52998224725");
    expect(cpfFrom([1, 1, 1, 4, 4, 4, 7, 7, 7])).toBe("11144477735");
    expect(cnpjFrom([1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0, 1])).toBe("11222333000181");
    expect(cnpjFrom([0, 4, 2, 5, 2, 0, 1, 1, 0, 0, 0, 1])).toBe("04252011000110");
    // The Receita Federal's example of an alphanumeric CNPJ.
    expect(cnpjFrom("12ABC34501DE")).toBe("12ABC34501DE35");
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
    "12.ABC.345/01DE-35",
    "12ABC34501DE35",
    "12abc34501de35",
    "12.abc.345/01De-35",
    " 12 ABC 345 01DE 35 ",
  ])("accepts %j", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    ["all ones", "11.111.111/1111-11"],
    ["all zeros", "00000000000000"],
    ["a wrong second check digit", "11.222.333/0001-82"],
    ["a wrong first check digit", "11.222.333/0001-71"],
    ["swapped check digits", "11.222.333/0001-18"],
    ["a wrong check digit after letters", "12.ABC.345/01DE-36"],
    ["a changed letter", "12.ABD.345/01DE-35"],
    ["too few characters", "1122233300018"],
    ["too many characters", "112223330001810"],
    ["a letter too many", "12ABC34501DE35X"],
    ["a valid CPF", "52998224725"],
    ["a letter where the second check digit goes", "11.222.333/0001-8b"],
    ["a letter where the first check digit goes", "12.ABC.345/01DE-A5"],
    ["letters where both check digits go", "12ABC34501DEXY"],
    ["an accented letter", "12.ÁBC.345/01DE-35"],
    ["a cedilla", "12.ÇBC.345/01DE-35"],
    ["an underscore", "12_ABC_345_01DE_35"],
    ["a full-width letter", "12ＡBC34501DE35"],
    ["an Arabic-Indic digit", "12ABC34501DE٣5"],
    ["nothing", ""],
    ["only separators", "../-"],
  ])("refuses %s (%j)", (_case, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  it.each([..."0123456789"])("refuses %s repeated 14 times, masked or not", (d) => {
    expect(isValidCnpj(d.repeat(14))).toBe(false);
    expect(isValidCnpj(maskedCnpj(d.repeat(14)))).toBe(false);
  });

  it("accepts any numeric base with its check digits, masked or not", () => {
    fc.assert(
      fc.property(cnpjBase, (base) => {
        const cnpj = cnpjFrom(base);
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(maskedCnpj(cnpj))).toBe(true);
      }),
    );
  });

  it("accepts any alphanumeric base with its check digits, masked or not, in either case", () => {
    fc.assert(
      fc.property(alphanumericBase, (base) => {
        const cnpj = cnpjFrom(base);
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(maskedCnpj(cnpj))).toBe(true);
        expect(isValidCnpj(cnpj.toLowerCase())).toBe(true);
        expect(isValidCnpj(maskedCnpj(cnpj).toLowerCase())).toBe(true);
      }),
    );
  });

  it("refuses a valid CNPJ whose check digit was changed to another digit", () => {
    fc.assert(
      fc.property(
        fc.oneof(cnpjBase, alphanumericBase),
        fc.constantFrom(12, 13),
        anotherDigit,
        (base, at, by) => {
          const changed = withOneDigitChanged(cnpjFrom(base), at, by);
          expect(isValidCnpj(changed)).toBe(false);
          expect(isValidCnpj(maskedCnpj(changed))).toBe(false);
        },
      ),
    );
  });

  it("refuses a valid CNPJ with a letter where a check digit goes", () => {
    fc.assert(
      fc.property(alphanumericBase, fc.constantFrom(12, 13), upperOrLowerLetter, (base, at, typo) => {
        const changed = withCharacterAt(cnpjFrom(base), at, typo);
        expect(isValidCnpj(changed)).toBe(false);
        expect(isValidCnpj(maskedCnpj(changed))).toBe(false);
      }),
    );
  });

  it("agrees with the reference on a valid CNPJ with any one character changed", () => {
    fc.assert(
      fc.property(
        fc.oneof(cnpjBase, alphanumericBase),
        fc.integer({ min: 0, max: 13 }),
        alphanumeric,
        (base, at, replacement) => {
          const changed = withCharacterAt(cnpjFrom(base), at, replacement);
          expect(isValidCnpj(changed)).toBe(referenceAcceptsCnpj(changed));
        },
      ),
    );
  });

  it("agrees with the reference on any 14 letters and digits, and ignores their case", () => {
    fc.assert(
      fc.property(alphanumericString(14, 14), (cnpj) => {
        expect(isValidCnpj(cnpj)).toBe(referenceAcceptsCnpj(cnpj));
        expect(isValidCnpj(cnpj.toLowerCase())).toBe(referenceAcceptsCnpj(cnpj));
      }),
    );
  });

  it("agrees with the reference on any 14 digits", () => {
    fc.assert(
      fc.property(digitString(14, 14), (digits) => {
        expect(isValidCnpj(digits)).toBe(referenceAcceptsCnpj(digits));
      }),
    );
  });

  it("refuses any number of letters and digits other than 14", () => {
    fc.assert(
      fc.property(
        alphanumericString(0, 30).filter((characters) => characters.length !== 14),
        (characters) => {
          expect(isValidCnpj(characters)).toBe(false);
        },
      ),
    );
  });

  it("refuses a valid CNPJ with a character other than A-Z, 0-9 and the mask's anywhere", () => {
    fc.assert(
      fc.property(alphanumericBase, fc.integer({ min: 0, max: 18 }), foreign, (base, at, typo) => {
        expect(isValidCnpj(withALetter(maskedCnpj(cnpjFrom(base)), at, typo))).toBe(false);
      }),
    );
  });
});

describe("compactTaxId", () => {
  it.each([
    ["12.abc.345/01de-35", "12ABC34501DE35"],
    ["12ABC34501DE35", "12ABC34501DE35"],
    ["11.222.333/0001-81", "11222333000181"],
    ["529.982.247-25", "52998224725"],
    [" 12 ABC 345 01DE 35 ", "12ABC34501DE35"],
    ["", ""],
  ])("%j → %j", (input, compact) => {
    expect(compactTaxId(input)).toBe(compact);
  });

  it("gives every valid spelling of one CNPJ the same stored form", () => {
    fc.assert(
      fc.property(alphanumericBase, (base) => {
        const cnpj = cnpjFrom(base);
        for (const spelling of [cnpj, cnpj.toLowerCase(), maskedCnpj(cnpj), maskedCnpj(cnpj).toLowerCase()]) {
          expect(compactTaxId(spelling)).toBe(cnpj);
        }
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
