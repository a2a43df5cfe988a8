/** The lengths a GTIN comes in, all digits. */
export const GTIN_LENGTHS = /^(\d{8}|\d{12,14})$/;

export const GTIN_CHECK_DIGIT_MESSAGE = "GTIN inválido: confira o último dígito (dígito verificador)";

/**
 * GTIN (EAN-8, UPC-A, EAN-13, GTIN-14): 8, 12, 13 or 14 digits, the last a check digit over the
 * others, weighted 3, 1, 3, … from the right (GS1's general specifications, 7.9).
 */
export function isValidGtin(text: string): boolean {
  if (!GTIN_LENGTHS.test(text)) return false;
  const digits = [...text].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
