import { asc } from "drizzle-orm";
import { formatNcm } from "../catalog/fiscal";
import { photoOfProduct } from "../catalog/photo-owner.server";
import { stringify } from "csv-stringify/sync";
import type { Database } from "../../db/client.server";
import { productImages, products, productVariants } from "../../db/schema.server";
import { centsToDecimalString } from "../../lib/money";
import {
  CSV_DELIMITER,
  CSV_NO,
  CSV_YES,
  LIST_SEPARATOR,
  OPTION_COLUMNS,
  PARCEL_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  textCell,
  type ProductCsvRow,
} from "./product-csv";
import { PARCEL_SIZE_FIELDS } from "../shipping/parcel-size";
import { listOfPictures } from "./product-csv-images.server";

/** 'Celular X', id 12 → 'celular-x-12': the rows of one product, as an importer reads them. */
export function productHandle(id: number, name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return slug ? `${slug}-${id}` : String(id);
}

/** 199990 → '1999,90', as Excel reads a number in Brazil. */
function csvPrice(cents: number | null): string {
  return cents === null ? "" : centsToDecimalString(cents).replace(".", ",");
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * Every product as the CSV file, one row per variant, with a BOM so that Excel opens it as UTF-8,
 * and no cell a spreadsheet would run as a formula; what `importProductsCsv` reads back unchanged.
 */
export async function exportProductsCsv(db: Database): Promise<string> {
  const [allProducts, variants, gallery] = await Promise.all([
    db.select().from(products).orderBy(asc(products.id)),
    db
      .select()
      .from(productVariants)
      .orderBy(asc(productVariants.productId), asc(productVariants.displayOrder), asc(productVariants.id)),
    db
      .select({ productId: productImages.productId, imageUrl: productImages.imageUrl })
      .from(productImages)
      .where(photoOfProduct)
      .orderBy(asc(productImages.productId), asc(productImages.displayOrder), asc(productImages.id)),
  ]);
  const variantsOf = groupBy(variants, (variant) => variant.productId);
  const galleryOf = groupBy(gallery, (image) => image.productId);
  const rows: ProductCsvRow[] = allProducts.flatMap((product) => {
    const images = listOfPictures({
      cover: product.image,
      gallery: (galleryOf.get(product.id) ?? []).map((image) => image.imageUrl),
    });
    return (variantsOf.get(product.id) ?? []).map((variant) => {
      const options = Object.fromEntries(
        OPTION_COLUMNS.flatMap(([nameColumn, valueColumn], index) => [
          [nameColumn, product.options[index]?.name ?? ""],
          [valueColumn, variant.optionValues[index] ?? ""],
        ]),
      );
      return {
        handle: productHandle(product.id, product.name),
        nome: product.name,
        descricao: product.description,
        categoria: product.category,
        marca: product.brand ?? "",
        ...options,
        sku: variant.sku,
        preco: csvPrice(variant.priceCents),
        preco_de: csvPrice(variant.compareAtCents),
        estoque: String(variant.stock),
        ativo: variant.active ? CSV_YES : CSV_NO,
        gtin: variant.gtin ?? "",
        imagens: images.join(LIST_SEPARATOR),
        especificacoes: product.specs.map((spec) => `${spec.name}: ${spec.value}`).join(LIST_SEPARATOR),
        ...Object.fromEntries(
          PARCEL_SIZE_FIELDS.map((field) => [
            PARCEL_COLUMNS[field],
            String(variant[field] ?? product[field] ?? ""),
          ]),
        ),
        ncm: product.ncm ? formatNcm(product.ncm) : "",
        origem: product.origin === null ? "" : String(product.origin),
      } as ProductCsvRow;
    });
  });
  return stringify(rows, {
    bom: true,
    delimiter: CSV_DELIMITER,
    header: true,
    columns: [...PRODUCT_CSV_COLUMNS],
    record_delimiter: "windows",
    cast: { string: textCell },
  });
}
