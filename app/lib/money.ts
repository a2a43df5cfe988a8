/**
 * Money is an integer number of centavos everywhere (prices, totals, the database), so sums never
 * pick up binary floating point error; these helpers turn it into pt-BR text and back.
 */

/**
 * Integer centavos as reais, always with two decimals: 123456 → "R$ 1.234,56", where the space
 * is the non-breaking U+00A0 Intl puts after "R$" (compare against "R$\u00a01.234,56"). Written
 * out by hand, to the letter of Intl's pt-BR currency format (the tests compare the two): in the
 * browser, the first Intl formatter a page builds loads the locale's data, 12-36 ms of a
 * desktop's main thread (four times that on a phone) while the page hydrates.
 */
export function formatBRL(cents: number): string {
  const { sign, whole, hundredths } = hundredthsInDigits(cents);
  return `${sign}R$\u00a0${whole},${hundredths}`;
}

/**
 * A whole count of hundredths (centavos, a rate's basis points) in pt-BR digits: the sign (none
 * for zero), the whole part with its thousands grouped by dots, and the two decimals.
 * 123456 → "1.234" and "56".
 */
export function hundredthsInDigits(count: number): { sign: string; whole: string; hundredths: string } {
  const absolute = Math.round(Math.abs(count));
  return {
    sign: count < 0 && absolute > 0 ? "-" : "",
    whole: String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+$)/g, "."),
    hundredths: String(absolute % 100).padStart(2, "0"),
  };
}

/** "1.234,56" or "1.234": dots group thousands in threes, an optional comma starts centavos. */
const GROUPED = /^\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?$/;
/** "1234,56" or "1234.56": one decimal separator, comma or dot, then one or two digits. */
const UNGROUPED = /^\d+(?:[.,]\d{1,2})?$/;
/** An optional "R$" prefix, as on a price copied from the page (Intl's U+00A0 included). */
const CURRENCY_PREFIX = /^R\$\s*/i;

/**
 * An amount typed in reais, as integer centavos: "1.234,56", "1234,5", "1234", "R$ 10,00" and
 * "1234.56" all work. A dot followed by exactly three digits groups thousands, so "1.234" is
 * R$ 1.234,00, while "1.23" is R$ 1,23. Empty, negative, malformed or absurdly large input
 * gives null, never NaN, so callers only have one failure to handle.
 */
export function parseBRLToCents(input: string): number | null {
  const text = input.trim().replace(CURRENCY_PREFIX, "");
  let reais: string;
  let fraction: string;
  if (GROUPED.test(text)) {
    [reais = "", fraction = ""] = text.replace(/\./g, "").split(",");
  } else if (UNGROUPED.test(text)) {
    [reais = "", fraction = ""] = text.split(/[.,]/);
  } else {
    return null;
  }
  const cents = Number(reais) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * Integer centavos as an amount field shows a saved value, in reais without the currency, which
 * `parseBRLToCents` reads back: 179900 → "1.799,00", 1050 → "10,50".
 */
export function formatReais(cents: number): string {
  const { sign, whole, hundredths } = hundredthsInDigits(cents);
  return `${sign}${whole},${hundredths}`;
}

/**
 * Integer centavos as a person types an amount in reais, which `parseBRLToCents` reads back:
 * 1000 → "10", 1050 → "10,50", 123456 → "1234,56".
 */
export function formatCentsAsTyped(cents: number): string {
  const reais = Math.trunc(cents / 100);
  const centavos = Math.abs(cents % 100);
  return centavos === 0 ? String(reais) : `${reais},${String(centavos).padStart(2, "0")}`;
}

/**
 * Integer centavos as the plain decimal a number input (`step="0.01"`) or structured data
 * expects: 123456 → "1234.56", -5 → "-0.05". Built from integers, never by dividing by 100.
 */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  const reais = Math.floor(absolute / 100);
  return `${sign}${reais}.${String(absolute % 100).padStart(2, "0")}`;
}

/**
 * Amounts must stay below R$ 10 trillion: up to 15 significant digits a double always prints back
 * the decimal it was read from, so the centavos typed are the centavos read.
 */
const REAIS_LIMIT = 1e13;

/**
 * A number of reais (say, a number input's `valueAsNumber`) as whole centavos, rounding half
 * away from zero. The rounding reads the shortest decimal that JavaScript prints for the number,
 * the same digits the user typed, rather than its binary value: so 19.99 → 1999,
 * 0.1 + 0.2 → 30 and 1.005 → 101, even though the double nearest 1.005 is slightly below it
 * (Math.round(1.005 * 100) would give 100). Throws a RangeError for NaN, infinities and amounts
 * of R$ 10 trillion or more, rather than returning a bogus price.
 */
export function decimalToCents(value: number): number {
  const magnitude = Math.abs(value);
  if (!(magnitude < REAIS_LIMIT)) throw new RangeError(`Not an amount of reais: ${value}`);
  // Below half a centavo String() may switch to exponent notation ("1e-7"); all of it is 0.
  if (magnitude < 0.005) return 0;
  const [whole = "", fraction = ""] = String(magnitude).split(".");
  const roundUp = Number(fraction[2] ?? "0") >= 5 ? 1 : 0;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0")) + roundUp;
  return value < 0 ? -cents : cents;
}
