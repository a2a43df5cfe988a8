import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CEP_DIGITS,
  CNPJ_LENGTH,
  CPF_DIGITS,
  maskCep,
  maskCnpj,
  maskCpf,
  maskPhone,
  maskTaxId,
  PHONE_MAX_DIGITS,
} from "./masks";
import { compactTaxId, isValidCnpj, onlyDigits } from "./tax-id";

describe("digit limits", () => {
  it("match the Brazilian formats", () => {
    expect([CPF_DIGITS, CNPJ_LENGTH, PHONE_MAX_DIGITS, CEP_DIGITS]).toEqual([11, 14, 11, 8]);
  });
});

const digitsOnly = fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: 20 });

describe("maskCpf", () => {
  it.each([
    ["", ""],
    ["5", "5"],
    ["52", "52"],
    ["529", "529"],
    ["5299", "529.9"],
    ["52998", "529.98"],
    ["529982", "529.982"],
    ["5299822", "529.982.2"],
    ["52998224", "529.982.24"],
    ["529982247", "529.982.247"],
    ["5299822472", "529.982.247-2"],
    ["52998224725", "529.982.247-25"],
    ["529982247251234", "529.982.247-25"],
    ["529.982.247-25", "529.982.247-25"],
    ["529.", "529"],
    [" 529 982 247 25 ", "529.982.247-25"],
    ["abc", ""],
    ["a5b2c9d9", "529.9"],
  ])("%j → %j", (input, masked) => {
    expect(maskCpf(input)).toBe(masked);
  });
});

describe("maskCnpj", () => {
  it.each([
    ["", ""],
    ["1", "1"],
    ["11", "11"],
    ["112", "11.2"],
    ["1122", "11.22"],
    ["11222", "11.222"],
    ["112223", "11.222.3"],
    ["1122233", "11.222.33"],
    ["11222333", "11.222.333"],
    ["112223330", "11.222.333/0"],
    ["1122233300", "11.222.333/00"],
    ["11222333000", "11.222.333/000"],
    ["112223330001", "11.222.333/0001"],
    ["1122233300018", "11.222.333/0001-8"],
    ["11222333000181", "11.222.333/0001-81"],
    ["11222333000181999", "11.222.333/0001-81"],
    ["11.222.333/0001-81", "11.222.333/0001-81"],
    ["04.252.011/0001-10 ", "04.252.011/0001-10"],
    ["12ABC34501DE35", "12.ABC.345/01DE-35"],
    ["12abc34501de35", "12.ABC.345/01DE-35"],
    ["12.ABC.345/01DE-35", "12.ABC.345/01DE-35"],
    ["1", "1"],
    ["12a", "12.A"],
    ["12.abc.345/01d", "12.ABC.345/01D"],
    ["ABCDEFGHIJKL", "AB.CDE.FGH/IJKL"],
    // Where the check digits go only digits are kept: a letter there is dropped like any typo.
    ["12ABC34501DEX", "12.ABC.345/01DE"],
    ["12ABC34501DE3X5", "12.ABC.345/01DE-35"],
    ["12ABC34501DE35Z9", "12.ABC.345/01DE-35"],
    ["12_ABC ç 345", "12.ABC.345"],
    // Letters are part of a CNPJ now: a pasted label's letters count, and the CNPJ is refused.
    ["CNPJ: 04.252.011/0001-10", "CN.PJ0.425/2011-00"],
  ])("%j → %j", (input, masked) => {
    expect(maskCnpj(input)).toBe(masked);
  });
});

describe("maskTaxId", () => {
  it.each([
    ["52998224725", "529.982.247-25"],
    ["11222333000181", "11.222.333/0001-81"],
    ["12ABC34501DE35", "12.ABC.345/01DE-35"],
    ["12abc34501de35", "12.ABC.345/01DE-35"],
    ["", ""],
    ["123", "123"],
    ["12ABC34501DEXY", "12ABC34501DEXY"],
  ])("%j → %j", (input, masked) => {
    expect(maskTaxId(input)).toBe(masked);
  });
});

describe("maskPhone", () => {
  it.each([
    ["", ""],
    ["1", "(1"],
    ["11", "(11"],
    ["119", "(11) 9"],
    ["1198", "(11) 98"],
    ["11987", "(11) 987"],
    ["119876", "(11) 9876"],
    ["1199999", "(11) 9999-9"],
    ["11987654", "(11) 9876-54"],
    ["119876543", "(11) 9876-543"],
    ["1198765432", "(11) 9876-5432"],
    ["11987654321", "(11) 98765-4321"],
    ["1133334444", "(11) 3333-4444"],
    ["119876543219", "(11) 98765-4321"],
    ["(11) 98765-4321", "(11) 98765-4321"],
    ["(11) 9876-54321", "(11) 98765-4321"],
    ["+55 11 98765-4321", "(55) 11987-6543"],
  ])("%j → %j", (input, masked) => {
    expect(maskPhone(input)).toBe(masked);
  });

  it("switches from the landline to the mobile layout with the 11th digit, and back", () => {
    expect(maskPhone(`${maskPhone("1198765432")}1`)).toBe("(11) 98765-4321");
    expect(maskPhone("(11) 98765-432")).toBe("(11) 9876-5432");
  });

  it("uses the landline layout below 11 digits and the mobile one at 11", () => {
    fc.assert(
      fc.property(digitsOnly, (digits) => {
        const masked = maskPhone(digits);
        if (digits.length >= PHONE_MAX_DIGITS) {
          expect(masked).toMatch(/^\(\d{2}\) \d{5}-\d{4}$/);
        } else {
          const asLandline = maskPhone(digits.padEnd(10, "0"));
          expect(asLandline).toMatch(/^\(\d{2}\) \d{4}-\d{4}$/);
          expect(asLandline.startsWith(masked)).toBe(true);
        }
      }),
    );
  });
});

describe("maskCep", () => {
  it.each([
    ["", ""],
    ["0", "0"],
    ["0131", "0131"],
    ["01310", "01310"],
    ["013101", "01310-1"],
    ["0131010", "01310-10"],
    ["01310100", "01310-100"],
    ["013101009", "01310-100"],
    ["01310-100", "01310-100"],
    ["CEP 01.310-100", "01310-100"],
  ])("%j → %j", (input, masked) => {
    expect(maskCep(input)).toBe(masked);
  });
});

const masks = [
  {
    name: "CPF",
    mask: maskCpf,
    digits: CPF_DIGITS,
    maxLength: 14,
    full: /^\d{3}\.\d{3}\.\d{3}-\d{2}$/,
  },
  {
    name: "phone",
    mask: maskPhone,
    digits: PHONE_MAX_DIGITS,
    maxLength: 15,
    full: /^\(\d{2}\) \d{5}-\d{4}$/,
  },
  { name: "CEP", mask: maskCep, digits: CEP_DIGITS, maxLength: 9, full: /^\d{5}-\d{3}$/ },
];

/** What a user may type or paste: digits, the masks' own separators and some noise. */
const typed = fc.string({ unit: fc.constantFrom(..."0123456789.-/() xç\u00a0٣"), maxLength: 30 });

describe.each(masks)("the $name mask, for any input", ({ mask, digits, maxLength, full }) => {
  it("keeps exactly the first digits typed, in order", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), typed), (input) => {
        expect(onlyDigits(mask(input))).toBe(onlyDigits(input).slice(0, digits));
      }),
    );
  });

  it("depends only on the digits typed", () => {
    fc.assert(
      fc.property(typed, (input) => {
        expect(mask(input)).toBe(mask(onlyDigits(input)));
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(typed, (input) => {
        const masked = mask(input);
        expect(mask(masked)).toBe(masked);
      }),
    );
  });

  it("never ends in a separator and never outgrows the full mask", () => {
    fc.assert(
      fc.property(typed, (input) => {
        const masked = mask(input);
        expect(masked === "" || /\d$/.test(masked)).toBe(true);
        expect(masked.length).toBeLessThanOrEqual(maxLength);
      }),
    );
  });

  it("fills the whole mask once enough digits are typed", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: digits, maxLength: 30 }),
        (input) => {
          const masked = mask(input);
          expect(masked).toMatch(full);
          expect(masked).toHaveLength(maxLength);
        },
      ),
    );
  });

  it("round-trips: unmasking a full mask gives the digits back", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: digits, maxLength: digits }),
        (input) => {
          expect(onlyDigits(mask(input))).toBe(input);
        },
      ),
    );
  });

  it("grows as the user types: each keystroke extends the previous mask", () => {
    fc.assert(
      fc.property(digitsOnly, (input) => {
        // The phone mask changes layout at the 11th digit, so compare within one layout.
        const limit = mask === maskPhone ? digits - 1 : digits;
        const kept = input.slice(0, limit);
        for (let length = 0; length < kept.length; length += 1) {
          expect(mask(kept).startsWith(mask(kept.slice(0, length)))).toBe(true);
        }
      }),
    );
  });
});

/** What a user may type or paste in the CNPJ field: letters in either case, digits, separators, noise. */
const typedCnpj = fc.string({
  unit: fc.constantFrom(..."0123456789abczABCZ.-/() ç\u00a0٣"),
  maxLength: 30,
});
const cnpjCharacter = fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ");

/**
 * What the CNPJ mask keeps of an input, worked out another way: the letters and digits upper-cased,
 * the first 12 whatever they are, then only digits, 14 at most.
 */
function keptByCnpjMask(input: string): string {
  const characters = [...input]
    .filter((character) => /^[0-9A-Za-z]$/.test(character))
    .map((character) => character.toUpperCase());
  const base = characters.slice(0, 12);
  const checkDigits = characters.slice(12).filter((character) => /^[0-9]$/.test(character));
  return [...base, ...checkDigits.slice(0, 2)].join("");
}

describe("the CNPJ mask, for any input", () => {
  it("keeps the first 12 letters or digits in upper case, then only digits, 14 in all", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), typedCnpj), (input) => {
        expect(compactTaxId(maskCnpj(input))).toBe(keptByCnpjMask(input));
      }),
    );
  });

  it("after 12 letters or digits, keeps only the digits typed", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: cnpjCharacter, minLength: 12, maxLength: 12 }),
        typedCnpj,
        (base, rest) => {
          const checkDigits = onlyDigits(rest).slice(0, 2);
          expect(compactTaxId(maskCnpj(base + rest))).toBe(base + checkDigits);
        },
      ),
    );
  });

  it("depends only on the letters and digits typed, not on their case", () => {
    fc.assert(
      fc.property(typedCnpj, (input) => {
        expect(maskCnpj(input)).toBe(maskCnpj(compactTaxId(input)));
        expect(maskCnpj(input.toLowerCase())).toBe(maskCnpj(input.toUpperCase()));
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(typedCnpj, (input) => {
        const masked = maskCnpj(input);
        expect(maskCnpj(masked)).toBe(masked);
      }),
    );
  });

  it("never ends in a separator, never outgrows the full mask and has no lower-case letter", () => {
    fc.assert(
      fc.property(typedCnpj, (input) => {
        const masked = maskCnpj(input);
        expect(masked === "" || /[0-9A-Z]$/.test(masked)).toBe(true);
        expect(masked.length).toBeLessThanOrEqual(18);
        expect(masked).toBe(masked.toUpperCase());
      }),
    );
  });

  it("fills the whole mask once 12 letters or digits and 2 digits are typed", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: cnpjCharacter, minLength: 12, maxLength: 12 }),
        fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 2, maxLength: 10 }),
        (base, digits) => {
          const masked = maskCnpj(`${base.toLowerCase()}${digits}`);
          expect(masked).toMatch(/^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/);
          expect(compactTaxId(masked)).toBe(base + digits.slice(0, 2));
        },
      ),
    );
  });

  it("grows as the user types: each keystroke extends the previous mask", () => {
    fc.assert(
      fc.property(fc.string({ unit: cnpjCharacter, maxLength: 12 }), digitsOnly, (base, digits) => {
        const kept = (base + digits).slice(0, CNPJ_LENGTH);
        for (let length = 0; length < kept.length; length += 1) {
          expect(maskCnpj(kept).startsWith(maskCnpj(kept.slice(0, length)))).toBe(true);
        }
      }),
    );
  });

  it("keeps a valid CNPJ valid, as the same number", () => {
    const valid = ["12ABC34501DE35", "12abc34501de35", "11222333000181", "12.abc.345/01de-35"];
    for (const cnpj of valid) {
      expect(isValidCnpj(maskCnpj(cnpj))).toBe(true);
      expect(compactTaxId(maskCnpj(cnpj))).toBe(compactTaxId(cnpj));
    }
  });
});

describe("full mask lengths", () => {
  it.each([
    ["CPF", maskCpf("9".repeat(20)), 14],
    ["CNPJ", maskCnpj("9".repeat(20)), 18],
    ["phone", maskPhone("9".repeat(20)), 15],
    ["CEP", maskCep("9".repeat(20)), 9],
  ])("%s: %j has %d characters", (_name, masked, length) => {
    expect(masked).toHaveLength(length);
  });
});
