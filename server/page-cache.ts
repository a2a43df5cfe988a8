import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Rendered pages for visitors, kept while the catalogue version they were rendered at is
 * current. Bounded by total size, compressed copies included.
 */
export interface CachedPage {
  version: number;
  /** The catalogue's stock mark when the render started (`CatalogVersion.stockMark`). */
  stockMark: number;
  /** The products whose stock or availability the page shows. */
  productIds: number[];
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** Compressed copies, made on the first demand for each encoding and kept with the page. */
  encoded: Partial<Record<"br" | "gzip", Buffer>>;
}

export type Encoding = "br" | "gzip" | "identity";

function compress(body: Buffer, encoding: "br" | "gzip"): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
    : gzipSync(body, { level: 6 });
}

/** Share of the cache for pages asked for more than once; one-off pages share the rest. */
const PROTECTED_SHARE = 0.8;

/**
 * A segmented LRU: a page enters on probation and moves to the protected segment on its first
 * hit. A flood of pages asked for once (random searches, a crawler walking every product) only
 * churns probation, so the pages visitors keep coming back to stay.
 */
export function createPageCache(maxBytes: number) {
  const probation = createSegment();
  const protectedPages = createSegment();
  const protectedMaxBytes = maxBytes * PROTECTED_SHARE;

  const evict = () => {
    while (protectedPages.bytes > protectedMaxBytes) {
      const [key, page] = protectedPages.oldest()!;
      protectedPages.delete(key);
      probation.set(key, page);
    }
    while (probation.bytes + protectedPages.bytes > maxBytes) {
      const segment = probation.size > 0 ? probation : protectedPages;
      segment.delete(segment.oldest()![0]);
    }
  };

  return {
    /** The page kept under `key` if it is still current; a stale page is dropped. */
    get(key: string, isCurrent: (page: CachedPage) => boolean): CachedPage | undefined {
      const page = protectedPages.get(key) ?? probation.get(key);
      if (!page) return undefined;
      probation.delete(key);
      protectedPages.delete(key);
      if (!isCurrent(page)) return undefined;
      protectedPages.set(key, page);
      evict();
      return page;
    },
    set(key: string, page: CachedPage): void {
      protectedPages.delete(key);
      probation.delete(key);
      probation.set(key, page);
      evict();
    },
    /** The page's body in an encoding; a new compressed copy counts toward the cap at once. */
    body(key: string, page: CachedPage, encoding: Encoding): Buffer {
      if (encoding === "identity") return page.body;
      const kept = page.encoded[encoding];
      if (kept) return kept;
      const encoded = compress(page.body, encoding);
      for (const segment of [probation, protectedPages]) {
        if (segment.get(key) !== page) continue;
        segment.delete(key);
        page.encoded[encoding] = encoded;
        segment.set(key, page);
        evict();
      }
      return encoded;
    },
    get size() {
      return { pages: probation.size + protectedPages.size, bytes: probation.bytes + protectedPages.bytes };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Pages in least recently used order, with their total size. */
function createSegment() {
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  const sizeOf = (page: CachedPage) =>
    page.body.length + (page.encoded.br?.length ?? 0) + (page.encoded.gzip?.length ?? 0);
  return {
    get: (key: string) => pages.get(key),
    set(key: string, page: CachedPage) {
      pages.set(key, page);
      bytes += sizeOf(page);
    },
    delete(key: string) {
      const page = pages.get(key);
      if (!page) return;
      pages.delete(key);
      bytes -= sizeOf(page);
    },
    oldest: () => pages.entries().next().value,
    get size() {
      return pages.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
