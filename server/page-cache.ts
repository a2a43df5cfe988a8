import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Rendered pages for visitors, kept while the catalogue version they were rendered at is
 * current. Bounded by total size; the least recently used pages go first.
 */
export interface CachedPage {
  version: number;
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** Compressed once, on first demand: a hit never compresses. */
  encoded: Partial<Record<"br" | "gzip", Buffer>>;
}

export type Encoding = "br" | "gzip" | "identity";

export function createPageCache(maxBytes: number) {
  const pages = new Map<string, CachedPage>();
  let bytes = 0;

  const sizeOf = (page: CachedPage) =>
    page.body.length + (page.encoded.br?.length ?? 0) + (page.encoded.gzip?.length ?? 0);

  function remove(key: string) {
    const page = pages.get(key);
    if (!page) return;
    bytes -= sizeOf(page);
    pages.delete(key);
  }

  return {
    get(key: string, version: number): CachedPage | undefined {
      const page = pages.get(key);
      if (!page) return undefined;
      if (page.version !== version) {
        remove(key);
        return undefined;
      }
      pages.delete(key); // re-inserted: most recently used last
      pages.set(key, page);
      return page;
    },
    set(key: string, page: CachedPage): void {
      remove(key);
      pages.set(key, page);
      bytes += sizeOf(page);
      for (const [oldest] of pages) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    /** The page's body in an encoding, compressing and keeping it the first time. */
    body(page: CachedPage, encoding: Encoding): Buffer {
      if (encoding === "identity") return page.body;
      let encoded = page.encoded[encoding];
      if (!encoded) {
        encoded =
          encoding === "br"
            ? brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
            : gzipSync(page.body, { level: 6 });
        page.encoded[encoding] = encoded;
        bytes += encoded.length;
      }
      return encoded;
    },
    get size() {
      return { pages: pages.size, bytes };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
