import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { storeCounters } from "../../config/metrics.server";
import { executePrepared, type Database } from "../../db/client.server";
import { products, productVariants } from "../../db/schema.server";
import { readCatalogVersion } from "./catalog-version.server";
import { variantOnSale } from "./variant-on-sale.server";

/** What the catalogue's filters read of a product. */
export interface IndexedProduct {
  id: number;
  /**
   * The lowest and highest price of its active variants (of all of them when none is active): a
   * price range filter matches a product when any of its variants' prices is in the range.
   */
  priceCents: number;
  priceMaxCents: number;
  /**
   * The prices of its active variants between those two, when there are any (a phone in three
   * storage sizes); null for most products, whose variants have one or two prices.
   */
  middlePrices: number[] | null;
  category: string;
  brand: string | null;
  /** The name as searches compare it: search_text(name), lower case without accents (stored). */
  searchName: string;
  /** created_at in microseconds since 1970: with the id, the listing's order. */
  createdAtMicros: number;
}

/** A brand the brand filter offers, with how many products it has. */
export interface BrandOption {
  brand: string;
  products: number;
}

/**
 * The whole catalogue as its listing filters and pages it, for one catalogue version. A filter
 * that matches most names (a one-letter search) or a deep page costs the database a pass over
 * every product, 100 ms and more at 100,000 products; over this list in memory it is a few
 * milliseconds, and any page is a slice.
 */
export interface CatalogIndex {
  /** Every product in the listing's order: newest first (created_at desc, id desc). */
  products: IndexedProduct[];
  /** The distinct categories, in the database's order. */
  categories: string[];
  /** The distinct brands, in the database's order, with their products. */
  brands: BrandOption[];
}

/** An index and what keeps it up to date as products change, in place. */
interface UpdatableIndex extends CatalogIndex {
  byId: Map<number, IndexedProduct>;
  productsByCategory: Map<string, number>;
  productsByBrand: Map<string, number>;
}

/**
 * More changed products than this since the index's version, and reading the whole catalogue
 * again costs less than placing them one by one.
 */
const MAX_CHANGED_PRODUCTS = 1_000;

const loaded = new WeakMap<Database, { version: number; index: Promise<UpdatableIndex> }>();

/**
 * The catalogue index of the database's current version, brought up to date once the version has
 * moved. The version is read from the database on every call, not from what this process
 * was told: a change made by another store process on the same database is seen at once.
 */
export async function currentCatalogIndex(db: Database): Promise<CatalogIndex> {
  const version = await readCatalogVersion(db);
  let entry = loaded.get(db);
  // Brought up to date after its version was read, an index holds that version or a later one:
  // versions only grow, so one tagged with the version read, or a later one, is current.
  if (!entry || entry.version < version) {
    const previous = entry;
    const current = {
      version,
      index: previous ? updateCatalogIndex(db, previous) : loadCatalogIndex(db),
    };
    current.index.catch(() => {
      if (loaded.get(db) === current) loaded.delete(db);
    });
    loaded.set(db, current);
    entry = current;
  }
  return entry.index;
}

/**
 * `previous` with the products changed since its version read again and put in their place
 * (catalog_changes, migration 0021), or the whole catalogue again when those are not all known
 * or too many. The index changes in place, in one synchronous step once everything is read: a
 * listing filtering it never sees half a change, and nothing is copied.
 */
async function updateCatalogIndex(
  db: Database,
  previous: { version: number; index: Promise<UpdatableIndex> },
): Promise<UpdatableIndex> {
  const index = await previous.index.catch(() => undefined);
  if (!index) return loadCatalogIndex(db);
  const [changes] = await executePrepared<{ product_ids: number[] | null }>(
    db,
    "catalog_changes_since",
    sql`select product_ids from catalog_changes_since(${previous.version}, ${MAX_CHANGED_PRODUCTS})`,
  );
  if (!changes?.product_ids) return loadCatalogIndex(db);
  if (changes.product_ids.length === 0) return index;
  storeCounters.catalogIndexLoads.inc({ kind: "changes" });
  const changed = await readIndexedProducts(db, changes.product_ids);
  const removed = changes.product_ids.flatMap((id) => index.byId.get(id) ?? []);

  const productsByCategory = new Map(index.productsByCategory);
  const productsByBrand = new Map(index.productsByBrand);
  for (const product of removed) count(product, productsByCategory, productsByBrand, -1);
  for (const product of changed) count(product, productsByCategory, productsByBrand, 1);
  const names =
    sameKeys(productsByCategory, index.categories) &&
    sameKeys(
      productsByBrand,
      index.brands.map((option) => option.brand),
    )
      ? { categories: index.categories, brands: index.brands.map((option) => option.brand) }
      : await sortedNames(db, productsByCategory, productsByBrand);

  for (const product of removed) {
    index.products.splice(listingPosition(index.products, product), 1);
    index.byId.delete(product.id);
  }
  for (const product of changed) {
    index.products.splice(listingPosition(index.products, product), 0, product);
    index.byId.set(product.id, product);
  }
  index.productsByCategory = productsByCategory;
  index.productsByBrand = productsByBrand;
  index.categories = names.categories;
  index.brands = brandOptions(names.brands, productsByBrand);
  return index;
}

async function loadCatalogIndex(db: Database): Promise<UpdatableIndex> {
  storeCounters.catalogIndexLoads.inc({ kind: "whole" });
  const indexed = await readIndexedProducts(db);
  const productsByCategory = new Map<string, number>();
  const productsByBrand = new Map<string, number>();
  for (const product of indexed) count(product, productsByCategory, productsByBrand, 1);
  const names = await sortedNames(db, productsByCategory, productsByBrand);
  return {
    products: indexed,
    byId: new Map(indexed.map((product) => [product.id, product])),
    categories: names.categories,
    brands: brandOptions(names.brands, productsByBrand),
    productsByCategory,
    productsByBrand,
  };
}

/** The products with these ids (all without them), in the listing's order. */
async function readIndexedProducts(db: Database, ids?: number[]): Promise<IndexedProduct[]> {
  const [rows, pricesByProduct] = await Promise.all([
    db
      .select({
        id: products.id,
        priceCents: products.priceCents,
        priceMaxCents: products.priceMaxCents,
        category: products.category,
        brand: products.brand,
        searchName: products.searchName,
        createdAtMicros: sql<number>`(extract(epoch from ${products.createdAt}) * 1000000)::float8`,
      })
      .from(products)
      .where(ids && inArray(products.id, ids))
      .orderBy(desc(products.createdAt), desc(products.id)),
    readMiddlePrices(db, ids),
  ]);
  // Built field by field: objects made by a spread filter several times slower (V8 gives them a
  // slower shape), and a listing filters 100,000 of them.
  return rows.map((row) => ({
    id: row.id,
    priceCents: row.priceCents,
    priceMaxCents: row.priceMaxCents,
    middlePrices: pricesByProduct.get(row.id) ?? null,
    category: row.category,
    brand: row.brand,
    searchName: row.searchName,
    createdAtMicros: row.createdAtMicros,
  }));
}

/**
 * The prices of the active variants between their product's lowest and highest, of the products
 * with these ids (all without them) that have any.
 */
async function readMiddlePrices(db: Database, ids?: number[]): Promise<Map<number, number[]>> {
  const rows = await db
    .select({
      productId: productVariants.productId,
      prices: sql<number[]>`array_agg(distinct ${productVariants.salePriceCents})::integer[]`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        ids && inArray(productVariants.productId, ids),
        variantOnSale,
        gt(productVariants.salePriceCents, products.priceCents),
        lt(productVariants.salePriceCents, products.priceMaxCents),
      ),
    )
    .groupBy(productVariants.productId);
  return new Map(rows.map((row) => [row.productId, row.prices]));
}

/** Adds (`by` 1) or takes away (-1) a product from its category's and brand's counts. */
function count(
  product: IndexedProduct,
  productsByCategory: Map<string, number>,
  productsByBrand: Map<string, number>,
  by: 1 | -1,
) {
  addTo(productsByCategory, product.category, by);
  if (product.brand !== null) addTo(productsByBrand, product.brand, by);
}

function addTo(counts: Map<string, number>, key: string, by: number) {
  const total = (counts.get(key) ?? 0) + by;
  if (total === 0) counts.delete(key);
  else counts.set(key, total);
}

function sameKeys(counts: Map<string, number>, names: string[]): boolean {
  return counts.size === names.length && names.every((name) => counts.has(name));
}

/**
 * Where `product` is, or goes, in a list in the listing's order: the first place whose product
 * is not listed before it (binary search).
 */
function listingPosition(list: IndexedProduct[], product: IndexedProduct): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (listedBefore(list[middle]!, product)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Newest first; at the same instant, the last created (highest id) first. */
function listedBefore(a: IndexedProduct, b: IndexedProduct): boolean {
  return a.createdAtMicros > b.createdAtMicros || (a.createdAtMicros === b.createdAtMicros && a.id > b.id);
}

function brandOptions(brands: string[], productsByBrand: Map<string, number>): BrandOption[] {
  return brands.map((brand) => ({ brand, products: productsByBrand.get(brand)! }));
}

/** The categories and brands in the database's order (its collation's). */
async function sortedNames(
  db: Database,
  productsByCategory: Map<string, number>,
  productsByBrand: Map<string, number>,
): Promise<{ categories: string[]; brands: string[] }> {
  const [categories, brands] = await Promise.all([
    inDatabaseOrder(db, [...productsByCategory.keys()]),
    inDatabaseOrder(db, [...productsByBrand.keys()]),
  ]);
  return { categories, brands };
}

async function inDatabaseOrder(db: Database, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await executePrepared<{ name: string }>(
    db,
    "catalog_names_in_order",
    sql`select name from unnest(${sql.param(names)}::text[]) as name order by name`,
  );
  return rows.map((row) => row.name);
}
