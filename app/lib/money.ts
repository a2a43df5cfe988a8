/** Money is an integer number of centavos; these turn it into text and back, pt-BR. */

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** 123456 → "R$ 1.234,56" (Intl's non-breaking space after R$), always two decimals. */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100);
}

const THOUSANDS_WITH_COMMA = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/;
const PLAIN_DECIMAL = /^\d+([.,]\d{1,2})?$/;

/**
 * An amount typed in reais, as centavos: "1.234,56", "1234,5", "1234.56", "1234", "R$ 10,00".
 * A dot followed by exactly three digits is a thousands separator ("1.234" is R$ 1.234,00).
 * Empty, negative or malformed input gives null.
 */
export function parseBRLToCents(input: string): number | null {
  const text = input.trim().replace(/^R\$\s*/, "");
  let decimal: string;
  if (THOUSANDS_WITH_COMMA.test(text)) decimal = text.replace(/\./g, "").replace(",", ".");
  else if (PLAIN_DECIMAL.test(text)) decimal = text.replace(",", ".");
  else return null;
  const [reais, fraction = ""] = decimal.split(".");
  return Number(reais) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Centavos for a decimal form input (`step="0.01"`): 123456 → "1234.56". */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

/**
 * A decimal number of reais as whole centavos, half away from zero, decided on the decimal
 * text so binary floating point cannot tip it (19.99 → 1999, 1.005 → 101).
 */
export function decimalToCents(value: number): number {
  const [whole, fraction = ""] = Math.abs(value).toFixed(10).split(".");
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return value < 0 ? -cents : cents;
}
