import { count, desc } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products } from "../../db/schema.server";
import { nameContains } from "../catalog/search-products.server";

export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
const MAX_SEARCH = 100;
const MAX_PAGE = 1_000_000;

export interface AdminProductsQuery {
  q: string;
  /** 1-based. */
  page: number;
}

export interface AdminProductRow {
  id: number;
  name: string;
  category: string;
  priceCents: number;
  stock: number;
  image: string;
}

export interface AdminProductsPage {
  products: AdminProductRow[];
  matching: number;
  page: number;
  pageCount: number;
  q: string;
}

/** ?q= and ?page= as typed by anyone: any text and any number read to something sensible. */
export function readAdminProductsQuery(searchParams: URLSearchParams): AdminProductsQuery {
  const page = searchParams.get("page") ?? "";
  return {
    q: (searchParams.get("q") ?? "").slice(0, MAX_SEARCH).trim(),
    // A page past the last (even 10^9, or a thousand digits) shows the last.
    page: /^\d+$/.test(page) ? Math.min(Math.max(Number(page), 1), MAX_PAGE) : 1,
  };
}

/**
 * The panel's product list, newest first, 20 a page; a page past the last shows the last. The
 * name search is the catalogue's (case- and accent-insensitive, on the trigram index).
 */
export async function listAdminProducts(db: Database, query: AdminProductsQuery): Promise<AdminProductsPage> {
  const where = query.q ? nameContains(query.q) : undefined;
  const [matching] = await db.select({ value: count() }).from(products).where(where);
  const pageCount = Math.max(1, Math.ceil(matching!.value / ADMIN_PRODUCTS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      priceCents: products.priceCents,
      stock: products.stock,
      image: products.image,
    })
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(ADMIN_PRODUCTS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PRODUCTS_PAGE_SIZE);
  return { products: rows, matching: matching!.value, page, pageCount, q: query.q };
}
