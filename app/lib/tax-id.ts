/** CPF and CNPJ: Brazil's individual and company taxpayer numbers, with their check digits. */

/** Strips masks and stray characters so validation and storage see the bare number. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * A CPF or CNPJ as it is stored and compared: separators and anything else but A-Z and 0-9
 * dropped, letters upper-cased, so "12.abc.345/01de-35" and "12ABC34501DE35" are one CNPJ.
 */
export function compactTaxId(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
}

/** A stored taxpayer number is a company's: a CNPJ has 14 characters, a CPF 11. */
export function isCompanyTaxId(taxId: string): boolean {
  return taxId.length === 14;
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, ...CPF_WEIGHTS_1];
const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, ...CNPJ_WEIGHTS_1];

/** Characters a typed or pasted number may carry besides its own; anything else is a typo. */
const CPF_CHARACTERS = /^[\d.\-\s]*$/;
const CNPJ_CHARACTERS = /^[\dA-Za-z.\-/\s]*$/;
const CPF_SHAPE = /^\d{11}$/;
/** Since July 2026 a CNPJ's first 12 characters may be letters; its 2 check digits stay digits. */
const CNPJ_SHAPE = /^[\dA-Z]{12}\d{2}$/;
const ONE_REPEATED_CHARACTER = /^(.)\1*$/;

/**
 * Mod-11 check digit over the first `weights.length` characters (the CPF and CNPJ rule). Each
 * character counts as its ASCII code minus 48: a digit as itself, "A" as 17 up to "Z" as 42.
 */
function checkDigit(number: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * (number.charCodeAt(index) - 48), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * Repeated-digit numbers pass the mod-11 arithmetic yet were never issued, so they are refused
 * before the check digits are compared. `number` has its final shape already.
 */
function hasValidCheckDigits(
  number: string,
  weights1: readonly number[],
  weights2: readonly number[],
): boolean {
  if (ONE_REPEATED_CHARACTER.test(number)) return false;
  return (
    Number(number[number.length - 2]) === checkDigit(number, weights1) &&
    Number(number[number.length - 1]) === checkDigit(number, weights2)
  );
}

/**
 * 11 digits, masked ("529.982.247-25") or not, not all the same, both check digits right.
 * Letters and other symbols make it invalid rather than being silently dropped.
 */
export function isValidCpf(value: string): boolean {
  if (!CPF_CHARACTERS.test(value)) return false;
  const cpf = onlyDigits(value);
  return CPF_SHAPE.test(cpf) && hasValidCheckDigits(cpf, CPF_WEIGHTS_1, CPF_WEIGHTS_2);
}

/**
 * 14 characters, masked ("12.ABC.345/01DE-35", "11.222.333/0001-81") or not, in either case: 12
 * letters or digits, then 2 check digits that are right; not all the same digit. Other symbols
 * (and letters where a check digit goes) make it invalid rather than being silently dropped.
 */
export function isValidCnpj(value: string): boolean {
  if (!CNPJ_CHARACTERS.test(value)) return false;
  const cnpj = compactTaxId(value);
  return CNPJ_SHAPE.test(cnpj) && hasValidCheckDigits(cnpj, CNPJ_WEIGHTS_1, CNPJ_WEIGHTS_2);
}
