import { TZDate } from "@date-fns/tz";
import { STORE_TIME_ZONE } from "./dates";

// A bank boleto's numbers as FEBRABAN lays them out: the 44-digit barcode (bank, currency, check
// digit, due-date factor, amount, the bank's 25-digit free field) and the 47-digit 'linha
// digitável' the customer types at a bank, the barcode's digits regrouped in five fields.

const BARCODE = /^\d{44}$/;
const DIGITABLE_LINE = /^\d{47}$/;

/** The 47 digits of a linha digitável written any way ('23793.38128 …'), or null when it is not one. */
export function digitableLineDigits(text: string | null | undefined): string | null {
  const digits = text?.replace(/[\s.]/g, "") ?? "";
  return DIGITABLE_LINE.test(digits) ? digits : null;
}

/**
 * A linha digitável in its usual groups: '23793.38128 60000.000003 00000.000400 1 84340000010000'.
 * Anything that is not 47 digits is returned as it came.
 */
export function formatDigitableLine(digits: string): string {
  const match = /^(\d{5})(\d{5})(\d{5})(\d{6})(\d{5})(\d{6})(\d)(\d{14})$/.exec(digits);
  if (!match) return digits;
  const [, a, b, c, d, e, f, check, tail] = match;
  return `${a}.${b} ${c}.${d} ${e}.${f} ${check} ${tail}`;
}

/** The linha digitável of a 44-digit bank barcode, or null when it is not one. */
export function digitableLineOf(barcode: string): string | null {
  if (!BARCODE.test(barcode)) return null;
  const free = barcode.slice(19);
  const field = (digits: string) => digits + modulo10(digits);
  return (
    field(barcode.slice(0, 4) + free.slice(0, 5)) +
    field(free.slice(5, 15)) +
    field(free.slice(15, 25)) +
    barcode[4] +
    barcode.slice(5, 19)
  );
}

/**
 * A bank boleto's barcode: `bank` (3 digits), in reais, due on `dueAt` (São Paulo's day), for
 * `amountCents`, with the bank's 25-digit `freeField`.
 */
export function boletoBarcode(boleto: {
  bank: string;
  dueAt: Date;
  amountCents: number;
  freeField: string;
}): string {
  const amount = String(boleto.amountCents).padStart(10, "0");
  if (!/^\d{3}$/.test(boleto.bank) || !/^\d{25}$/.test(boleto.freeField) || amount.length > 10) {
    throw new RangeError("Boleto inválido");
  }
  const withoutCheck = `${boleto.bank}9${dueDateFactor(boleto.dueAt)}${amount}${boleto.freeField}`;
  const check = modulo11(withoutCheck);
  return withoutCheck.slice(0, 4) + check + withoutCheck.slice(4);
}

/**
 * Days from 07/10/1997 to the due date, in four digits: 1000 on 03/07/2000, 9999 on 21/02/2025,
 * and from 22/02/2025 counted again from 1000, as FEBRABAN restarted it.
 */
export function dueDateFactor(dueAt: Date): string {
  const day = new TZDate(dueAt.getTime(), STORE_TIME_ZONE);
  const days = Math.round(
    (Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()) - Date.UTC(1997, 9, 7)) / 86_400_000,
  );
  if (days < 1000) throw new RangeError("Vencimento anterior a 03/07/2000");
  return String(((days - 1000) % 9000) + 1000);
}

/** A field's check digit: its digits weighted 2, 1, 2… from the right, each product's digits summed. */
function modulo10(digits: string): string {
  let sum = 0;
  [...digits].reverse().forEach((digit, index) => {
    const product = Number(digit) * (index % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  });
  return String((10 - (sum % 10)) % 10);
}

/** The barcode's check digit: weights 2 to 9 from the right; 0, 10 and 11 become 1. */
function modulo11(digits: string): string {
  let sum = 0;
  [...digits].reverse().forEach((digit, index) => {
    sum += Number(digit) * ((index % 8) + 2);
  });
  const check = 11 - (sum % 11);
  return check === 0 || check >= 10 ? "1" : String(check);
}
