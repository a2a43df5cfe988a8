/** CPF and CNPJ: Brazil's individual and company taxpayer numbers, with their check digits. */

/** Strips masks and stray characters so validation and storage see the bare number. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, "");
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, ...CPF_WEIGHTS_1];
const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, ...CNPJ_WEIGHTS_1];

/** Characters a typed or pasted number may carry besides its digits; anything else is a typo. */
const CPF_CHARACTERS = /^[\d.\-\s]*$/;
const CNPJ_CHARACTERS = /^[\d.\-/\s]*$/;
const ONE_REPEATED_DIGIT = /^(\d)\1*$/;

/** Mod-11 check digit over the first `weights.length` digits (the CPF and CNPJ rule). */
function checkDigit(digits: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * Repeated-digit numbers pass the mod-11 arithmetic yet were never issued, so they are refused
 * before the check digits are compared.
 */
function hasValidCheckDigits(
  digits: string,
  length: number,
  weights1: readonly number[],
  weights2: readonly number[],
): boolean {
  if (digits.length !== length || ONE_REPEATED_DIGIT.test(digits)) return false;
  return (
    Number(digits[length - 2]) === checkDigit(digits, weights1) &&
    Number(digits[length - 1]) === checkDigit(digits, weights2)
  );
}

/**
 * 11 digits, masked ("529.982.247-25") or not, not all the same, both check digits right.
 * Letters and other symbols make it invalid rather than being silently dropped.
 */
export function isValidCpf(value: string): boolean {
  if (!CPF_CHARACTERS.test(value)) return false;
  return hasValidCheckDigits(onlyDigits(value), 11, CPF_WEIGHTS_1, CPF_WEIGHTS_2);
}

/**
 * 14 digits, masked ("11.222.333/0001-81") or not, not all the same, both check digits right.
 * Letters and other symbols make it invalid rather than being silently dropped.
 */
export function isValidCnpj(value: string): boolean {
  if (!CNPJ_CHARACTERS.test(value)) return false;
  return hasValidCheckDigits(onlyDigits(value), 14, CNPJ_WEIGHTS_1, CNPJ_WEIGHTS_2);
}
