import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToDecimalString, decimalToCents, formatBRL, parseBRLToCents } from "./money";

const NBSP = "\u00a0";

describe("formatBRL", () => {
  it.each([
    [0, `R$${NBSP}0,00`],
    [5, `R$${NBSP}0,05`],
    [1990, `R$${NBSP}19,90`],
    [123456, `R$${NBSP}1.234,56`],
    [100_000_000, `R$${NBSP}1.000.000,00`],
  ])("%d centavos → %s", (cents, text) => {
    expect(formatBRL(cents)).toBe(text);
  });

  it("always shows two decimals and reads back to the same centavos", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        const text = formatBRL(cents);
        expect(text).toMatch(/,\d{2}$/);
        expect(parseBRLToCents(text.replace(NBSP, " "))).toBe(cents);
      }),
    );
  });
});

describe("parseBRLToCents", () => {
  it.each([
    ["1.234,56", 123456],
    ["1234,56", 123456],
    ["1234,5", 123450],
    ["1234.56", 123456],
    ["1234", 123400],
    ["1.234", 123400],
    ["R$ 10,00", 1000],
    [" 0,99 ", 99],
    ["0", 0],
  ])("%s → %d", (input, cents) => {
    expect(parseBRLToCents(input)).toBe(cents);
  });

  it.each(["", "abc", "-10", "10,999", "1,234.56", "1.23.4", "12e3", "NaN", "Infinity"])(
    "refuses %j",
    (input) => {
      expect(parseBRLToCents(input)).toBeNull();
    },
  );
});

describe("decimal conversions", () => {
  it.each([
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1234.5, 123450],
    [-2.5, -250],
  ])("%d reais → %d centavos", (value, cents) => {
    expect(decimalToCents(value)).toBe(cents);
  });

  it("round-trips centavos through the decimal string of a form input", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (cents) => {
        expect(decimalToCents(Number(centsToDecimalString(cents)))).toBe(cents);
      }),
    );
  });
});
