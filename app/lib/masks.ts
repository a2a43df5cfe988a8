import { onlyDigits } from "./tax-id";

/** Input masks of spec section 5, applied as the user types: extra digits and other characters drop. */

export const CPF_DIGITS = 11;
export const CNPJ_DIGITS = 14;
export const PHONE_MAX_DIGITS = 11;
export const CEP_DIGITS = 8;

/**
 * Lays `digits` over a pattern where `0` stands for a digit; literal characters appear only
 * once a digit follows them, so a partial entry gets a partial mask.
 */
function applyPattern(digits: string, pattern: string): string {
  let result = "";
  let next = 0;
  for (const symbol of pattern) {
    if (next >= digits.length) break;
    result += symbol === "0" ? digits[next++] : symbol;
  }
  return result;
}

/** 000.000.000-00 */
export function maskCpf(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, CPF_DIGITS), "000.000.000-00");
}

/** 00.000.000/0000-00 */
export function maskCnpj(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, CNPJ_DIGITS), "00.000.000/0000-00");
}

/** (11) 90000-0000 with 11 digits; (11) 0000-0000 up to 10, the layout while typing. */
export function maskPhone(value: string): string {
  const digits = onlyDigits(value).slice(0, PHONE_MAX_DIGITS);
  return applyPattern(digits, digits.length === PHONE_MAX_DIGITS ? "(00) 00000-0000" : "(00) 0000-0000");
}

/** 00000-000 */
export function maskCep(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, CEP_DIGITS), "00000-000");
}
