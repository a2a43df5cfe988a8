import { desc } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products } from "../../db/schema.server";
import { readCatalogVersion } from "./catalog-version.server";
import { listCategories } from "./categories.server";

/** What the catalogue's filters read of a product. */
export interface IndexedProduct {
  id: number;
  priceCents: number;
  category: string;
  /** The name as searches compare it: search_text(name), lower case without accents (stored). */
  searchName: string;
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
}

const loaded = new WeakMap<Database, { version: number; index: Promise<CatalogIndex> }>();

/**
 * The catalogue index of the database's current version, loaded again once the version has
 * moved. The version is read from the database on every call, not from what this process
 * was told: a change made by another store process on the same database is seen at once.
 */
export async function currentCatalogIndex(db: Database): Promise<CatalogIndex> {
  const version = await readCatalogVersion(db);
  let entry = loaded.get(db);
  // Loaded after its version was read, an index holds that version or a later one: versions
  // only grow, so one tagged with the version read, or a later one, is current for this call.
  if (!entry || entry.version < version) {
    const current = { version, index: loadCatalogIndex(db) };
    current.index.catch(() => {
      if (loaded.get(db) === current) loaded.delete(db);
    });
    loaded.set(db, current);
    entry = current;
  }
  return entry.index;
}

async function loadCatalogIndex(db: Database): Promise<CatalogIndex> {
  const [indexed, categories] = await Promise.all([
    db
      .select({
        id: products.id,
        priceCents: products.priceCents,
        category: products.category,
        searchName: products.searchName,
      })
      .from(products)
      .orderBy(desc(products.createdAt), desc(products.id)),
    listCategories(db),
  ]);
  return { products: indexed, categories };
}
