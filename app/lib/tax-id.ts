/** CPF and CNPJ: Brazil's individual and company taxpayer numbers, with their check digits. */

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** Mod-11 check digit over `digits` with the given weights (the CPF and CNPJ rule). */
function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function hasValidCheckDigits(
  digits: string,
  length: number,
  weights1: number[],
  weights2: number[],
): boolean {
  if (digits.length !== length || /^(\d)\1*$/.test(digits)) return false;
  const first = checkDigit(digits, weights1);
  const second = checkDigit(digits, weights2);
  return Number(digits[length - 2]) === first && Number(digits[length - 1]) === second;
}

/** 11 digits (a mask is tolerated), not all the same, both check digits right. */
export function isValidCpf(value: string): boolean {
  return (
    /^[\d.\-\s]*$/.test(value) && hasValidCheckDigits(onlyDigits(value), 11, CPF_WEIGHTS_1, CPF_WEIGHTS_2)
  );
}

/** 14 digits (a mask is tolerated), not all the same, both check digits right. */
export function isValidCnpj(value: string): boolean {
  return (
    /^[\d.\-/\s]*$/.test(value) && hasValidCheckDigits(onlyDigits(value), 14, CNPJ_WEIGHTS_1, CNPJ_WEIGHTS_2)
  );
}
