import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToDecimalString, decimalToCents, formatBRL, formatReais, parseBRLToCents } from "./money";

/** Intl puts a non-breaking space between "R$" and the amount. */
const NBSP = "\u00a0";

/** What formatBRL must print, by Node's own ICU: Intl's pt-BR currency format of the reais. */
const INTL_BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

describe("formatBRL", () => {
  it.each([
    [0, `R$${NBSP}0,00`],
    [1, `R$${NBSP}0,01`],
    [5, `R$${NBSP}0,05`],
    [10, `R$${NBSP}0,10`],
    [100, `R$${NBSP}1,00`],
    [1990, `R$${NBSP}19,90`],
    [99999, `R$${NBSP}999,99`],
    [100000, `R$${NBSP}1.000,00`],
    [123456, `R$${NBSP}1.234,56`],
    [100_000_000, `R$${NBSP}1.000.000,00`],
    [-500, `-R$${NBSP}5,00`],
  ])("%d centavos → %j", (cents, text) => {
    expect(formatBRL(cents)).toBe(text);
  });

  it("prints zero without a sign, even negative zero", () => {
    expect(formatBRL(-0)).toBe(`R$${NBSP}0,00`);
  });

  it("prints any amount as Intl's pt-BR currency format does", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (cents) => {
        expect(formatBRL(cents)).toBe(INTL_BRL.format(cents / 100));
      }),
    );
  });

  it("always shows two decimals and reads back to the same centavos", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        const text = formatBRL(cents);
        expect(text).toMatch(/^R\$\u00a0\d{1,3}(\.\d{3})*,\d{2}$/);
        expect(parseBRLToCents(text)).toBe(cents);
      }),
    );
  });
});

describe("formatReais", () => {
  it("shows a saved amount as it is typed back, thousands grouped, two decimals, no currency", () => {
    expect(formatReais(179_900)).toBe("1.799,00");
    expect(formatReais(1_050)).toBe("10,50");
    expect(formatReais(7)).toBe("0,07");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => {
        expect(parseBRLToCents(formatReais(cents))).toBe(cents);
        expect(`R$\u00a0${formatReais(cents)}`).toBe(formatBRL(cents));
      }),
    );
  });
});

describe("parseBRLToCents", () => {
  it.each([
    ["1.234,56", 123456],
    ["1234,56", 123456],
    ["1234,5", 123450],
    ["1234", 123400],
    ["1.234", 123400],
    ["1.234.567", 123456700],
    ["1.234.567,8", 123456780],
    ["1234.56", 123456],
    ["1234.5", 123450],
    ["1.23", 123],
    ["12.3", 1230],
    ["R$ 10,00", 1000],
    ["R$10", 1000],
    [`R$${NBSP}1.234,56`, 123456],
    ["r$ 1,99", 199],
    [" 0,99 ", 99],
    ["0,01", 1],
    ["0", 0],
    ["0,00", 0],
    ["007", 700],
  ])("%j → %d", (input, cents) => {
    expect(parseBRLToCents(input)).toBe(cents);
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["only the symbol", "R$"],
    ["words", "abc"],
    ["negative", "-10"],
    ["negative with symbol", "-R$ 10,00"],
    ["negative after symbol", "R$ -10,00"],
    ["three decimals", "10,999"],
    ["US grouping", "1,234.56"],
    ["misplaced dots", "1.23.4"],
    ["group of two", "1.23,45"],
    ["long first group", "1234.567"],
    ["two decimal separators", "1,2,3"],
    ["dot then comma without groups", "12.5,0"],
    ["trailing separator", "10,"],
    ["leading separator", ",50"],
    ["exponent", "12e3"],
    ["hexadecimal", "0x10"],
    ["NaN", "NaN"],
    ["Infinity", "Infinity"],
    ["inner space", "1 234,56"],
    ["too large to be exact", "9".repeat(20)],
  ])("refuses %s (%j)", (_case, input) => {
    expect(parseBRLToCents(input)).toBeNull();
  });

  it("reads every way a user may write the same amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        const reais = String(Math.floor(cents / 100));
        const centavos = String(cents % 100).padStart(2, "0");
        const grouped = reais.replace(/\B(?=(\d{3})+$)/g, ".");
        for (const text of [
          `${reais},${centavos}`,
          `${reais}.${centavos}`,
          `${grouped},${centavos}`,
          `R$ ${grouped},${centavos}`,
          ` ${reais},${centavos} `,
        ]) {
          expect(parseBRLToCents(text)).toBe(cents);
        }
        if (cents % 100 === 0) expect(parseBRLToCents(grouped)).toBe(cents);
        if (cents % 10 === 0) expect(parseBRLToCents(`${reais},${centavos[0]}`)).toBe(cents);
      }),
    );
  });

  it("returns null or a non-negative safe integer for any input, never NaN", () => {
    const unit = fc.constantFrom(..."0123456789.,-R$ e\u00a0");
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit })), (input) => {
        const cents = parseBRLToCents(input);
        if (cents !== null) {
          expect(Number.isSafeInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

describe("centsToDecimalString", () => {
  it.each([
    [0, "0.00"],
    [-0, "0.00"],
    [1, "0.01"],
    [10, "0.10"],
    [1999, "19.99"],
    [123456, "1234.56"],
    [-5, "-0.05"],
    [-123456, "-1234.56"],
    [Number.MAX_SAFE_INTEGER, "90071992547409.91"],
  ])("%d → %j", (cents, text) => {
    expect(centsToDecimalString(cents)).toBe(text);
  });

  it("gives the text parseBRLToCents reads back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseBRLToCents(centsToDecimalString(cents))).toBe(cents);
      }),
    );
  });
});

describe("decimalToCents", () => {
  it.each([
    [0, 0],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.1 * 3, 330],
    [1.005, 101],
    [1.015, 102],
    [2.675, 268],
    [0.125, 13],
    [0.005, 1],
    [0.0049, 0],
    [1e-7, 0],
    [1234.5, 123450],
    [1234.564999, 123456],
    [-2.5, -250],
    [-1.005, -101],
    [-0.125, -13],
    [9_999_999_999_999.99, 999_999_999_999_999],
    [-9_999_999_999_999.99, -999_999_999_999_999],
  ])("%d reais → %d centavos", (value, cents) => {
    expect(decimalToCents(value)).toBe(cents);
  });

  it("never returns negative zero", () => {
    expect(Object.is(decimalToCents(-0), 0)).toBe(true);
    expect(Object.is(decimalToCents(-0.004), 0)).toBe(true);
  });

  it.each([NaN, Infinity, -Infinity, 1e13, -1e13, 1e21, Number.MAX_VALUE])(
    "throws a RangeError for %d",
    (value) => {
      expect(() => decimalToCents(value)).toThrow(RangeError);
    },
  );

  it("rounds the typed decimal half away from zero, whatever its binary value", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 999 }),
        fc.boolean(),
        (reais, thousandths, negative) => {
          const text = `${negative ? "-" : ""}${reais}.${String(thousandths).padStart(3, "0")}`;
          const roundUp = thousandths % 10 >= 5 ? 1 : 0;
          const magnitude = reais * 100 + Math.floor(thousandths / 10) + roundUp;
          const expected = negative && magnitude !== 0 ? -magnitude : magnitude;
          expect(decimalToCents(Number(text))).toBe(expected);
        },
      ),
    );
  });

  it("round-trips centavos through the decimal string of a form input", () => {
    const limit = 999_999_999_999_999;
    fc.assert(
      fc.property(fc.integer({ min: -limit, max: limit }), (cents) => {
        expect(decimalToCents(Number(centsToDecimalString(cents)))).toBe(cents);
      }),
    );
  });
});
