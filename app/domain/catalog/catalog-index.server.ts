import { desc, inArray, sql, type SQL } from "drizzle-orm";
import { executePrepared, type Database } from "../../db/client.server";
import { products } from "../../db/schema.server";
import { readCatalogVersion } from "./catalog-version.server";

/** What the catalogue's filters read of a product. */
export interface IndexedProduct {
  id: number;
  /** The lowest price of its active variants (of all of them when none is active). */
  priceCents: number;
  /**
   * Each distinct price of its active variants (of all of them when none is active), lowest first,
   * when they differ; null when the product has one price, `priceCents`.
   */
  variantPrices: number[] | null;
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

/** An index and what keeps its lists of categories and brands up to date as products change. */
interface CountedIndex extends CatalogIndex {
  productsByCategory: Map<string, number>;
  productsByBrand: Map<string, number>;
}

/**
 * More changed products than this since the index's version and reading the whole catalogue
 * again costs no more than reading them one by one.
 */
const MAX_CHANGED_PRODUCTS = 5_000;

/** How many times this process read the whole catalogue, or only the products a change named. */
export const catalogIndexLoads = { whole: 0, changes: 0 };

const loaded = new WeakMap<Database, { version: number; index: Promise<CountedIndex> }>();

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
 * `previous` with the products changed since its version read again (catalog_changes, migration
 * 0021), or the whole catalogue again when those are not all known or too many.
 */
async function updateCatalogIndex(
  db: Database,
  previous: { version: number; index: Promise<CountedIndex> },
): Promise<CountedIndex> {
  const index = await previous.index.catch(() => undefined);
  if (!index) return loadCatalogIndex(db);
  const [changes] = await executePrepared<{ product_ids: number[] | null }>(
    db,
    "catalog_changes_since",
    sql`select product_ids from catalog_changes_since(${previous.version}, ${MAX_CHANGED_PRODUCTS})`,
  );
  if (!changes?.product_ids) return loadCatalogIndex(db);
  if (changes.product_ids.length === 0) return index;
  catalogIndexLoads.changes += 1;
  const changed = await readIndexedProducts(db, inArray(products.id, changes.product_ids));
  return withChangedProducts(db, index, new Set(changes.product_ids), changed);
}

async function loadCatalogIndex(db: Database): Promise<CountedIndex> {
  catalogIndexLoads.whole += 1;
  const indexed = await readIndexedProducts(db);
  const productsByCategory = new Map<string, number>();
  const productsByBrand = new Map<string, number>();
  for (const product of indexed) count(product, productsByCategory, productsByBrand, 1);
  return withSortedNames(db, indexed, productsByCategory, productsByBrand);
}

/** The products matching `where` (all without it), in the listing's order. */
function readIndexedProducts(db: Database, where?: SQL): Promise<IndexedProduct[]> {
  return db
    .select({
      id: products.id,
      priceCents: products.priceCents,
      // Only a product whose variants differ in price reads its variants. Columns named in full:
      // drizzle writes a one-table query's columns unqualified, and v has them too.
      variantPrices: sql<number[] | null>`case when products.price_cents = products.price_max_cents then null
        else (select coalesce(array_agg(distinct v.price_cents) filter (where v.active), array_agg(distinct v.price_cents))::integer[]
                from product_variants v where v.product_id = products.id) end`,
      category: products.category,
      brand: products.brand,
      searchName: products.searchName,
      createdAtMicros: sql<number>`(extract(epoch from ${products.createdAt}) * 1000000)::float8`,
    })
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id));
}

/**
 * `index` with the products in `changedIds` replaced by `changed` (their rows now: a product no
 * longer there was deleted), each at its place in the listing's order.
 */
function withChangedProducts(
  db: Database,
  index: CountedIndex,
  changedIds: Set<number>,
  changed: IndexedProduct[],
): Promise<CountedIndex> | CountedIndex {
  const productsByCategory = new Map(index.productsByCategory);
  const productsByBrand = new Map(index.productsByBrand);
  const kept: IndexedProduct[] = [];
  for (const product of index.products) {
    if (changedIds.has(product.id)) count(product, productsByCategory, productsByBrand, -1);
    else kept.push(product);
  }
  for (const product of changed) count(product, productsByCategory, productsByBrand, 1);
  const merged = mergeInListingOrder(kept, changed);
  const sameNames =
    sameKeys(productsByCategory, index.categories) &&
    sameKeys(
      productsByBrand,
      index.brands.map((option) => option.brand),
    );
  if (!sameNames) return withSortedNames(db, merged, productsByCategory, productsByBrand);
  return {
    products: merged,
    categories: index.categories,
    brands: index.brands.map((option) => ({
      brand: option.brand,
      products: productsByBrand.get(option.brand)!,
    })),
    productsByCategory,
    productsByBrand,
  };
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

/** Two lists in the listing's order as one, in that order. */
function mergeInListingOrder(first: IndexedProduct[], second: IndexedProduct[]): IndexedProduct[] {
  if (second.length === 0) return first;
  const merged: IndexedProduct[] = [];
  let i = 0;
  let j = 0;
  while (i < first.length && j < second.length) {
    merged.push(listedBefore(first[i]!, second[j]!) ? first[i++]! : second[j++]!);
  }
  while (i < first.length) merged.push(first[i++]!);
  while (j < second.length) merged.push(second[j++]!);
  return merged;
}

/** Newest first; at the same instant, the last created (highest id) first. */
function listedBefore(a: IndexedProduct, b: IndexedProduct): boolean {
  return a.createdAtMicros > b.createdAtMicros || (a.createdAtMicros === b.createdAtMicros && a.id > b.id);
}

/** The index with its categories and brands in the database's order (its collation's). */
async function withSortedNames(
  db: Database,
  indexed: IndexedProduct[],
  productsByCategory: Map<string, number>,
  productsByBrand: Map<string, number>,
): Promise<CountedIndex> {
  const [categories, brands] = await Promise.all([
    inDatabaseOrder(db, [...productsByCategory.keys()]),
    inDatabaseOrder(db, [...productsByBrand.keys()]),
  ]);
  return {
    products: indexed,
    categories,
    brands: brands.map((brand) => ({ brand, products: productsByBrand.get(brand)! })),
    productsByCategory,
    productsByBrand,
  };
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
