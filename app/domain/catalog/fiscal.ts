/**
 * What the nota fiscal needs of a product (issue 54, point 6): its NCM (the 8-digit Mercosur
 * classification, written '8471.30.12') and its origin, the ICMS code of where the goods come from.
 */

/** The origins of goods, by their code on the nota fiscal. */
export const PRODUCT_ORIGINS = [
  "Nacional",
  "Estrangeira, importação direta",
  "Estrangeira, adquirida no mercado interno",
  "Nacional, conteúdo de importação acima de 40% e até 70%",
  "Nacional, produzida pelos processos produtivos básicos",
  "Nacional, conteúdo de importação até 40%",
  "Estrangeira, importação direta, sem similar nacional (lista da CAMEX)",
  "Estrangeira, adquirida no mercado interno, sem similar nacional (lista da CAMEX)",
  "Nacional, conteúdo de importação acima de 70%",
] as const;

export const NCM_MESSAGE = "NCM deve ter 8 dígitos (ex.: 8471.30.12)";

/** An NCM as typed ('8471.30.12', '8471 30 12') in its 8 digits, or null when it is not one. */
export function ncmDigits(typed: string): string | null {
  const digits = typed.replace(/[.\s]/g, "");
  return /^\d{8}$/.test(digits) ? digits : null;
}

/** An NCM as the form shows it: '8471.30.12'. */
export function formatNcm(digits: string): string {
  return `${digits.slice(0, 4)}.${digits.slice(4, 6)}.${digits.slice(6)}`;
}
