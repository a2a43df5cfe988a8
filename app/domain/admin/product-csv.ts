import type { ParcelSizeField } from "../shipping/parcel-size";

/**
 * The products' CSV file (README, 'Importar e exportar produtos'): one row per variant, `;` as
 * Excel writes it in Brazil, UTF-8. Rows with one handle are one product; its name, texts,
 * category, brand, images and specs are read from its first row (the next ones repeat them or
 * leave them empty).
 */
export const PRODUCT_CSV_COLUMNS = [
  "handle",
  "nome",
  "descricao",
  "categoria",
  "marca",
  "opcao1_nome",
  "opcao1_valor",
  "opcao2_nome",
  "opcao2_valor",
  "opcao3_nome",
  "opcao3_valor",
  "sku",
  "preco",
  "preco_de",
  "estoque",
  "ativo",
  "gtin",
  "imagens",
  "especificacoes",
  "peso_g",
  "altura_cm",
  "largura_cm",
  "comprimento_cm",
  "ncm",
  "origem",
] as const;

export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
export type ProductCsvRow = Record<ProductCsvColumn, string>;

/**
 * The product's fiscal data (issue 54): the last columns, which files exported before them do not
 * have; such a file still imports, leaving each product's as saved.
 */
export const FISCAL_COLUMNS = ["ncm", "origem"] as const;
export type FiscalColumn = (typeof FISCAL_COLUMNS)[number];

/** A row as a file gives it: without the fiscal columns when it is older than them. */
export type ImportedCsvRow = Omit<ProductCsvRow, FiscalColumn> & Partial<Pick<ProductCsvRow, FiscalColumn>>;

/**
 * A variant's parcel, each cell its own weight or side. Read back, the first row's cells are the
 * product's, and another row's cell that differs is its variant's own: each variant's parcel makes
 * the round trip, though a first variant's own values become its product's.
 */
export const PARCEL_COLUMNS = {
  weightGrams: "peso_g",
  heightCm: "altura_cm",
  widthCm: "largura_cm",
  lengthCm: "comprimento_cm",
} as const satisfies Record<ParcelSizeField, ProductCsvColumn>;

export const CSV_DELIMITER = ";";
/** Between the URLs of `imagens` and the items of `especificacoes`. */
export const LIST_SEPARATOR = " | ";
export const OPTION_COLUMNS = [
  ["opcao1_nome", "opcao1_valor"],
  ["opcao2_nome", "opcao2_valor"],
  ["opcao3_nome", "opcao3_valor"],
] as const;
/** The columns that describe the product, not the variant: the same on each of its rows. */
export const PRODUCT_LEVEL_COLUMNS = [
  "nome",
  "descricao",
  "categoria",
  "marca",
  "imagens",
  "especificacoes",
  ...FISCAL_COLUMNS,
] as const;

/**
 * A cell that a spreadsheet would run as a formula (OWASP's list: `=`, `+`, `-`, `@`, tab, carriage
 * return), after any apostrophes: a product name from a supplier's file must not become one when
 * the owner opens the export.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A cell as the export writes it: a formula's text behind an apostrophe, which keeps it text. */
export function textCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as the import reads it: `textCell`'s apostrophe taken off again. */
export function cellText(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

export const CSV_YES = "sim";
export const CSV_NO = "não";

/** The name of the file the panel downloads. */
export const PRODUCTS_CSV_FILENAME = "produtos.csv";

/** The largest file the panel takes: 10,000 rows with long descriptions fit. */
export const PRODUCTS_CSV_MAX_BYTES = 20 * 1024 * 1024;

/** '3 produtos novos, 2 atualizados, 14 variantes', after a check or an import. */
export function csvSummary(outcome: {
  dryRun: boolean;
  created: number;
  updated: number;
  variants: number;
}): string {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const what = [
    plural(outcome.created, "produto novo", "produtos novos"),
    plural(outcome.updated, "produto atualizado", "produtos atualizados"),
    plural(outcome.variants, "variante", "variantes"),
  ].join(", ");
  return outcome.dryRun ? `Verificado, nada gravado ainda: ${what}.` : `Importado: ${what}.`;
}
