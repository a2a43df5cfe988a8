import { CsvError, parse } from "csv-parse/sync";
import { inArray } from "drizzle-orm";
import { nextTurn } from "../../lib/next-turn";
import { hasControlCharacter } from "../../lib/typed-text";
import type { z } from "../../lib/zod";
import type { Database } from "../../db/client.server";
import { products, productVariants } from "../../db/schema.server";
import type { FileStorage } from "../../storage/file-storage.server";
import type { ProductOption } from "../catalog/variants";
import type { AdminActor } from "../audit/audit.server";
import {
  CSV_DELIMITER,
  CSV_NO,
  CSV_YES,
  cellText,
  OPTION_COLUMNS,
  PARCEL_COLUMNS,
  FISCAL_COLUMNS,
  type ImportedCsvRow,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_LEVEL_COLUMNS,
} from "./product-csv";
import { PARCEL_SIZE_FIELDS, type ParcelSizeField } from "../shipping/parcel-size";
import { picturesOfList, picturesOfProducts, storeCsvImages } from "./product-csv-images.server";
import { imageUrlField, productInputSchema, type ProductInput } from "./product-form-schema";
import { replaceProductGallery } from "./product-gallery.server";
import { writeProduct } from "./save-product.server";

export const NOT_UTF8 =
  'O arquivo não está em UTF-8. No Excel, salve como "CSV UTF-8 (Delimitado por vírgulas)" e envie de novo.';
export const WRONG_HEADER = `Cabeçalho inválido: a primeira linha deve ser ${PRODUCT_CSV_COLUMNS.join(CSV_DELIMITER)}`;
export const EMPTY_FILE = "O arquivo não tem nenhum produto.";

/** The header of a file exported before the fiscal columns. */
const WITHOUT_FISCAL_COLUMNS = PRODUCT_CSV_COLUMNS.filter(
  (column) => !(FISCAL_COLUMNS as readonly string[]).includes(column),
);

/** A row of the file and the line it starts at (1 is the header). */
interface LineRow {
  line: number;
  row: ImportedCsvRow;
}

/** A product the file describes: created (`productId` null) or the product whose SKUs it has. */
interface PlannedProduct {
  handle: string;
  rows: LineRow[];
  productId: number | null;
  input: ProductInput;
  images: string[];
}

export type ProductsCsvOutcome =
  | { ok: true; dryRun: boolean; created: number; updated: number; variants: number }
  | { ok: false; errors: string[] };

const YES = new Set([CSV_YES, "s", "1", "true", "ativo", ""]);
const NO = new Set([CSV_NO, "nao", "n", "0", "false", "inativo"]);

/** The variant fields whose message shows the value typed: 'Linha 7: Preço inválido "12,3,4"'. */
const QUOTED_FIELDS: Record<string, keyof ImportedCsvRow> = {
  price: "preco",
  compareAt: "preco_de",
  stock: "estoque",
};

function splitList(text: string): string[] {
  return text
    .split("|")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

interface ParsedRecord {
  record: string[];
  raw: string;
  info: { lines: number };
}

/** The file's rows with their first line, or why it cannot be read at all. */
function readRows(
  bytes: Uint8Array,
): { ok: true; rows: LineRow[]; errors: string[] } | { ok: false; errors: string[] } {
  let text: string;
  try {
    // Fatal: a Windows-1252 file ('Preço' saved as ANSI) is refused, not read as garbage.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, errors: [NOT_UTF8] };
  }
  let records: ParsedRecord[];
  try {
    // With `info` and `raw`, each record comes with where it ends and its text.
    records = parse(text, {
      delimiter: CSV_DELIMITER,
      bom: true,
      info: true,
      raw: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    if (error instanceof CsvError)
      return { ok: false, errors: [`Linha ${error.lines}: aspas não fechadas ou mal colocadas`] };
    throw error;
  }
  const [header, ...body] = records;
  const names = header?.record.map((name) => name.trim().toLowerCase());
  const columns = [PRODUCT_CSV_COLUMNS, WITHOUT_FISCAL_COLUMNS].find(
    (accepted) => names?.join(CSV_DELIMITER) === accepted.join(CSV_DELIMITER),
  );
  if (!columns) return { ok: false, errors: [WRONG_HEADER] };
  if (body.length === 0) return { ok: false, errors: [EMPTY_FILE] };
  const errors: string[] = [];
  const rows: LineRow[] = [];
  for (const { record, raw, info } of body) {
    // info.lines is where the record ends; a quoted text may span lines.
    const inner = raw.replace(/^[\r\n]+/, "").replace(/\r?\n$/, "");
    const line = info.lines - (inner.match(/\n/g)?.length ?? 0);
    if (record.length !== columns.length) {
      errors.push(
        `Linha ${line}: esperadas ${columns.length} colunas separadas por ";", há ${record.length}`,
      );
      continue;
    }
    const withControl = columns.filter((_, index) => hasControlCharacter(record[index]!));
    if (withControl.length > 0) {
      errors.push(
        `Linha ${line}: caracteres de controle (invisíveis) em ${withControl.join(", ")}; remova-os`,
      );
      continue;
    }
    rows.push({
      line,
      row: Object.fromEntries(
        columns.map((column, index) => [column, cellText(record[index]!).trim()]),
      ) as ImportedCsvRow,
    });
  }
  return { ok: true, rows, errors };
}

/** The product of a handle's rows, with the messages of what does not fit. */
function productOfRows(
  handle: string,
  rows: LineRow[],
  productIdOf: Map<string, number>,
  optionsOf: Map<number, ProductOption[]>,
  errors: string[],
): PlannedProduct | null {
  const [first] = rows;
  const before = errors.length;
  const fail = (line: number, message: string) => errors.push(`Linha ${line}: ${message}`);
  for (const { line, row } of rows.slice(1)) {
    for (const column of PRODUCT_LEVEL_COLUMNS) {
      if (row[column] !== "" && row[column] !== first!.row[column]) {
        fail(line, `${column} diferente do da linha ${first!.line}, do mesmo handle "${handle}"`);
      }
    }
  }
  const optionNames = OPTION_COLUMNS.map(([nameColumn]) => first!.row[nameColumn]);
  const options = optionNames.flatMap((name) => (name === "" ? [] : [{ name, values: [] as string[] }]));
  // A row whose options were refused here: the schema's word on its combination would repeat it.
  const badCombinations = new Set<number>();
  const variants = rows.map(({ line, row }, rowIndex) => {
    const optionValues: string[] = [];
    OPTION_COLUMNS.forEach(([nameColumn, valueColumn], index) => {
      const name = row[nameColumn];
      const value = row[valueColumn];
      const problem =
        name !== optionNames[index]
          ? `${nameColumn} "${name}" diferente do da linha ${first!.line} ("${optionNames[index]}")`
          : name !== "" && value === ""
            ? `${valueColumn} vazio para a opção ${name}`
            : name === "" && value !== ""
              ? `${valueColumn} sem ${nameColumn}`
              : null;
      if (problem) {
        fail(line, problem);
        badCombinations.add(rowIndex);
      } else if (name !== "") {
        optionValues.push(value);
        const option = options.find((candidate) => candidate.name === name)!;
        if (!option.values.includes(value)) option.values.push(value);
      }
    });
    const active = row.ativo.toLowerCase();
    if (!YES.has(active) && !NO.has(active))
      fail(line, `ativo inválido "${row.ativo}" (use ${CSV_YES} ou ${CSV_NO})`);
    if (row.sku === "") fail(line, "SKU é obrigatório");
    return {
      optionValues,
      sku: row.sku,
      price: row.preco,
      compareAt: row.preco_de,
      stock: row.estoque,
      active: !NO.has(active),
      gtin: row.gtin,
      parcel: parcelCells(row, (field, cell) => (cell === first!.row[PARCEL_COLUMNS[field]] ? "" : cell)),
    };
  });
  const specs = splitList(first!.row.especificacoes).flatMap((item) => {
    const colon = item.indexOf(":");
    if (colon >= 0) return [{ name: item.slice(0, colon), value: item.slice(colon + 1) }];
    fail(first!.line, `especificação inválida "${item}" (use Nome: valor)`);
    return [];
  });
  const images = splitList(first!.row.imagens);
  for (const image of images) {
    const checked = imageUrlField.safeParse(image);
    if (!checked.success) fail(first!.line, `${checked.error.issues[0]!.message}: "${image}"`);
  }
  const owners = [...new Set(rows.flatMap(({ row }) => productIdOf.get(row.sku) ?? []))];
  if (owners.length > 1) {
    fail(first!.line, `os SKUs do handle "${handle}" são de produtos diferentes (ids ${owners.join(", ")})`);
  }
  const current = owners.length === 1 ? optionsOf.get(owners[0]!) : undefined;
  const input = productInputSchema.safeParse({
    name: first!.row.nome,
    description: first!.row.descricao,
    category: first!.row.categoria,
    brand: first!.row.marca,
    ncm: first!.row.ncm,
    origin: first!.row.origem,
    imageUrl: images[0] ?? "",
    parcel: parcelCells(first!.row, (_, cell) => cell),
    specs,
    options: current ? withCurrentValues(options, current) : options,
    variants,
  });
  if (!input.success) {
    const issues = input.error.issues.filter(
      ({ path }) =>
        !(path[0] === "variants" && badCombinations.has(path[1] as number) && path[2] === "optionValues"),
    );
    errors.push(...inputErrors(issues, rows));
  }
  if (!input.success || errors.length > before) return null;
  return { handle, rows, productId: owners[0] ?? null, input: input.data, images };
}

/** A row's parcel cells by field, each as `cell` reads it. */
function parcelCells(
  row: ImportedCsvRow,
  cell: (field: ParcelSizeField, text: string) => string,
): Record<ParcelSizeField, string> {
  return Object.fromEntries(
    PARCEL_SIZE_FIELDS.map((field) => [field, cell(field, row[PARCEL_COLUMNS[field]])]),
  ) as Record<ParcelSizeField, string>;
}

/**
 * An existing product's options as its rows name them: with the same option names, the values it
 * has keep their order, a value no row names stays (sold by no variant, as the panel allows) and
 * the rows' new values follow; other names replace its options.
 */
function withCurrentValues(fromRows: ProductOption[], current: ProductOption[]): ProductOption[] {
  const sameNames =
    fromRows.length === current.length &&
    fromRows.every((option, index) => option.name === current[index]!.name);
  if (!sameNames) return fromRows;
  return current.map((option, index) => ({
    name: option.name,
    values: [...option.values, ...fromRows[index]!.values.filter((value) => !option.values.includes(value))],
  }));
}

/** The options of each of these products. */
async function optionsOfProducts(db: Database, ids: number[]): Promise<Map<number, ProductOption[]>> {
  const options = new Map<number, ProductOption[]>();
  for (let start = 0; start < ids.length; start += 10_000) {
    const found = await db
      .select({ id: products.id, options: products.options })
      .from(products)
      .where(inArray(products.id, ids.slice(start, start + 10_000)));
    for (const { id, options: productOptions } of found) options.set(id, productOptions);
  }
  return options;
}

/** The schema's messages at the lines they are about. */
function inputErrors(issues: z.core.$ZodIssue[], rows: LineRow[]): string[] {
  return issues.map((issue) => {
    const [field, index, variantField] = issue.path;
    const row = field === "variants" && typeof index === "number" ? rows[index]! : rows[0]!;
    const column = typeof variantField === "string" ? QUOTED_FIELDS[variantField] : undefined;
    return `Linha ${row.line}: ${issue.message}${column ? ` "${row.row[column]}"` : ""}`;
  });
}

/** The product each of these SKUs belongs to. */
async function productsOfSkus(db: Database, skus: string[]): Promise<Map<string, number>> {
  const owners = new Map<string, number>();
  for (let start = 0; start < skus.length; start += 10_000) {
    const found = await db
      .select({ sku: productVariants.sku, productId: productVariants.productId })
      .from(productVariants)
      .where(inArray(productVariants.sku, skus.slice(start, start + 10_000)));
    for (const { sku, productId } of found) owners.set(sku, productId);
  }
  return owners;
}

/** The products checked between two turns of the event loop. */
const CHECKED_PER_TURN = 100;

/**
 * Checks a products CSV file without writing: every row's problem, in pt-BR with its line
 * number, or the products it describes (rows grouped by handle; a handle whose SKUs exist
 * updates their product).
 */
export async function checkProductsCsv(
  db: Database,
  bytes: Uint8Array,
): Promise<{ ok: true; products: PlannedProduct[] } | { ok: false; errors: string[] }> {
  const read = readRows(bytes);
  if (!read.ok) return read;
  const errors = [...read.errors];
  const handles = new Map<string, LineRow[]>();
  const skuLines = new Map<string, { line: number; handle: string }>();
  for (const lineRow of read.rows) {
    const { line, row } = lineRow;
    if (row.handle === "") {
      errors.push(`Linha ${line}: handle é obrigatório`);
      continue;
    }
    const seen = skuLines.get(row.sku);
    if (row.sku !== "" && seen && seen.handle !== row.handle) {
      errors.push(`Linha ${line}: SKU repetido no arquivo: ${row.sku} (também na linha ${seen.line})`);
    }
    skuLines.set(row.sku, { line, handle: row.handle });
    const group = handles.get(row.handle);
    if (group) group.push(lineRow);
    else handles.set(row.handle, [lineRow]);
  }
  const productIdOf = await productsOfSkus(
    db,
    [...skuLines.keys()].filter((sku) => sku !== ""),
  );
  const optionsOf = await optionsOfProducts(db, [...new Set(productIdOf.values())]);
  const planned: PlannedProduct[] = [];
  for (const [index, [handle, rows]] of [...handles].entries()) {
    const product = productOfRows(handle, rows, productIdOf, optionsOf, errors);
    if (product) planned.push(product);
    // Checking 2,000 products takes the thread for a while: the store's requests go between.
    if (index % CHECKED_PER_TURN === CHECKED_PER_TURN - 1) await nextTurn();
  }
  const updated = new Map<number, string>();
  for (const product of planned) {
    if (product.productId === null) continue;
    const other = updated.get(product.productId);
    if (other) {
      errors.push(
        `Linha ${product.rows[0]!.line}: os handles "${other}" e "${product.handle}" têm SKUs do mesmo produto (id ${product.productId})`,
      );
    }
    updated.set(product.productId, product.handle);
  }
  if (errors.length > 0) return { ok: false, errors: sortedByLine(errors) };
  return { ok: true, products: planned };
}

function sortedByLine(errors: string[]): string[] {
  const lineOf = (error: string) => Number(/^Linha (\d+)/.exec(error)?.[1] ?? 0);
  return [...errors].sort((a, b) => lineOf(a) - lineOf(b));
}

/**
 * The variants written per transaction, a product never split: on the embedded database one
 * connection serves every request, and a transaction holds it; short ones let the store's pages
 * through between two (issue 48: 10,000 rows in one stopped the store for 24 s).
 */
const VARIANTS_PER_TRANSACTION = 50;

/** The products in the order of the file, grouped into the transactions that write them. */
function transactionsOf(planned: PlannedProduct[]): PlannedProduct[][] {
  const batches: PlannedProduct[][] = [];
  let batch: PlannedProduct[] = [];
  let variants = 0;
  for (const product of planned) {
    batch.push(product);
    variants += product.input.variants.length;
    if (variants >= VARIANTS_PER_TRANSACTION) {
      batches.push(batch);
      batch = [];
      variants = 0;
    }
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** What a failed import had already written, after the errors: the file can be sent again. */
export const SAVED_BEFORE_ERROR = (saved: number, total: number) =>
  `${saved} de ${total} produtos foram salvos antes deste erro. Corrija o arquivo e envie-o de novo: os produtos já salvos são atualizados, sem duplicar.`;

/** Why a product checked before the writing could not be written. */
class ImportRefused extends Error {
  constructor(readonly errors: string[]) {
    super("Importação recusada");
  }
}

/**
 * Imports a products CSV file: a dry run (`dryRun`) only checks it. Otherwise the whole file is
 * checked first (a refused row writes nothing), images new to a product are fetched (and
 * re-encoded, as the panel's uploads), then its products are written in short transactions, in the
 * order of the file. What the checks could not foresee (a SKU another admin gave to a product
 * meanwhile) stops the import there, saying how many products were already saved; sending the file
 * again updates them. A dry run fetches no image; an existing product whose `imagens` is empty
 * keeps its images. `storeOrigin` is the store's public origin, so its own images written as full
 * URLs are known; `skuPrefix` (`storeSkuPrefix`) begins the SKUs generated for rows without one.
 */
export async function importProductsCsv(
  db: Database,
  storage: FileStorage,
  actor: AdminActor,
  bytes: Uint8Array,
  options: { dryRun: boolean; storeOrigin: string; skuPrefix: string },
): Promise<ProductsCsvOutcome> {
  const checked = await checkProductsCsv(db, bytes);
  if (!checked.ok) return checked;
  const planned = checked.products;
  const summary = {
    created: planned.filter((product) => product.productId === null).length,
    updated: planned.filter((product) => product.productId !== null).length,
    variants: planned.reduce((total, product) => total + product.input.variants.length, 0),
  };
  if (options.dryRun) return { ok: true, dryRun: true, ...summary };
  const current = await picturesOfProducts(
    db,
    planned.flatMap((product) => product.productId ?? []),
  );
  const images = await storeCsvImages(
    storage,
    planned.map(({ handle, productId, images, rows }) => ({
      handle,
      productId,
      images,
      line: rows[0]!.line,
    })),
    current,
    options.storeOrigin,
  );
  if (!images.ok) return images;
  let saved = 0;
  for (const batch of transactionsOf(planned)) {
    try {
      await db.transaction(async (tx) => {
        for (const product of batch) {
          const list = images.byHandle.get(product.handle);
          const before = product.productId === null ? null : current.get(product.productId)!;
          const pictures = list ? picturesOfList(list, before) : before!;
          const outcome = await writeProduct(
            tx,
            actor,
            product.productId,
            product.input,
            pictures.cover,
            options.skuPrefix,
          );
          if (!outcome.ok) throw new ImportRefused(writeErrors(product, outcome.errors));
          if (list) await replaceProductGallery(tx, actor, outcome.productId, pictures.gallery);
        }
      });
    } catch (error) {
      if (!(error instanceof ImportRefused)) throw error;
      const errors = saved > 0 ? [...error.errors, SAVED_BEFORE_ERROR(saved, planned.length)] : error.errors;
      return { ok: false, errors };
    }
    saved += batch.length;
  }
  return { ok: true, dryRun: false, ...summary };
}

/** The product save's refusal at the rows it is about; no errors: the product was deleted meanwhile. */
function writeErrors(product: PlannedProduct, errors: Record<string, string> | undefined): string[] {
  if (!errors)
    return [
      `Linha ${product.rows[0]!.line}: o produto (id ${product.productId}) foi excluído durante a importação`,
    ];
  return Object.entries(errors).map(([field, message]) => {
    const index = Number(/^variants\.(\d+)\./.exec(field)?.[1] ?? 0);
    return `Linha ${product.rows[index]!.line}: ${message}`;
  });
}
