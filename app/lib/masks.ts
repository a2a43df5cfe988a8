import { compactTaxId, onlyDigits } from "./tax-id";

/**
 * Input masks for Brazilian numbers, applied on every keystroke: characters other than digits
 * (for a CNPJ: other than letters and digits) are dropped, characters past the limit are cut,
 * and a partial entry gets a partial mask.
 */

export const CPF_DIGITS = 11;
/** A CNPJ's characters: 12 letters or digits, then 2 check digits. */
export const CNPJ_LENGTH = 14;
const CNPJ_BASE_LENGTH = 12;
export const PHONE_MAX_DIGITS = 11;
export const CEP_DIGITS = 8;

const CPF_PATTERN = "000.000.000-00";
const CNPJ_PATTERN = "00.000.000/0000-00";
/** Landlines and, while typing, any number that has not reached its 11th digit yet. */
const PHONE_10_PATTERN = "(00) 0000-0000";
/** Mobiles: the extra leading 9 only shows up with the 11th digit. */
const PHONE_11_PATTERN = "(00) 00000-0000";
const CEP_PATTERN = "00000-000";

/**
 * Lays `characters` over a pattern where `0` stands for one of them. A literal is written only
 * when a character follows it, so the caret never lands after a separator the user did not type
 * past (which would make backspace appear to do nothing).
 */
function applyPattern(characters: string, pattern: string): string {
  let result = "";
  let next = 0;
  for (const symbol of pattern) {
    if (next >= characters.length) break;
    result += symbol === "0" ? characters[next++] : symbol;
  }
  return result;
}

/** 000.000.000-00 */
export function maskCpf(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, CPF_DIGITS), CPF_PATTERN);
}

/**
 * 00.000.000/0000-00, where each of the first 12 may also be a letter, shown in upper case
 * ("12.ABC.345/01DE-35"). A letter typed where a check digit goes is dropped like any typo.
 */
export function maskCnpj(value: string): string {
  let kept = "";
  for (const character of compactTaxId(value)) {
    if (kept.length === CNPJ_LENGTH) break;
    if (kept.length < CNPJ_BASE_LENGTH || /\d/.test(character)) kept += character;
  }
  return applyPattern(kept, CNPJ_PATTERN);
}

/**
 * (11) 0000-0000 up to 10 digits, (11) 90000-0000 from the 11th on. The layout switches when
 * the 11th digit arrives because until then a landline and an unfinished mobile look the same.
 */
export function maskPhone(value: string): string {
  const digits = onlyDigits(value).slice(0, PHONE_MAX_DIGITS);
  const pattern = digits.length === PHONE_MAX_DIGITS ? PHONE_11_PATTERN : PHONE_10_PATTERN;
  return applyPattern(digits, pattern);
}

/** 00000-000 */
export function maskCep(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, CEP_DIGITS), CEP_PATTERN);
}

/** A CPF (11 digits) or CNPJ (14 letters and digits) with its mask; anything else as it is. */
export function maskTaxId(value: string): string {
  const compact = compactTaxId(value);
  if (/^\d{11}$/.test(compact)) return maskCpf(compact);
  if (/^[\dA-Z]{12}\d{2}$/.test(compact)) return maskCnpj(compact);
  return value;
}
