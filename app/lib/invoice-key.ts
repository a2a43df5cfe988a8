/**
 * An NF-e's access key (chave de acesso): 44 digits, the last a check digit over the other 43 by
 * modulo 11, weighing them 2 to 9 from the right and again (Manual de Orientação do Contribuinte).
 */

export const INVOICE_KEY_MESSAGE = "Chave de acesso da NF-e inválida: confira os 44 dígitos";

/** The check digit of an access key's first 43 digits. */
export function invoiceKeyCheckDigit(first43: string): string {
  let sum = 0;
  for (let index = 0; index < first43.length; index += 1) {
    const weight = 2 + ((first43.length - 1 - index) % 8);
    sum += Number(first43[index]) * weight;
  }
  const remainder = sum % 11;
  return String(remainder < 2 ? 0 : 11 - remainder);
}

/** The key as typed, spaces and dots removed: a DANFE prints it in groups of four. */
export function compactInvoiceKey(typed: string): string {
  return typed.replace(/[\s.]/g, "");
}

export function isInvoiceKey(key: string): boolean {
  return /^\d{44}$/.test(key) && invoiceKeyCheckDigit(key.slice(0, 43)) === key[43];
}
