import { describe, expect, it } from "vitest";
import { createPageCache, type CachedPage } from "./page-cache";

const page = (bytes: number, text = "a"): CachedPage => ({
  version: 1,
  stockMark: 0,
  productIds: [],
  status: 200,
  headers: [],
  body: Buffer.from(text.repeat(bytes)),
  encoded: {},
});

const atVersion = (version: number) => (page: CachedPage) => page.version === version;

describe("the page cache", () => {
  it("keeps a page asked for again through a flood of pages asked for once", () => {
    const cache = createPageCache(100_000);
    const home = page(1_000);
    cache.set("/", home);
    expect(cache.get("/", atVersion(1))).toBe(home);
    for (let index = 0; index < 10_000; index++) cache.set(`/catalog?q=${index}`, page(1_000));
    expect(cache.get("/", atVersion(1))).toBe(home);
    expect(cache.size.bytes).toBeLessThanOrEqual(100_000);
  });

  it("lets a page go when only one-off pages came after it", () => {
    const cache = createPageCache(10_000);
    cache.set("/", page(1_000));
    for (let index = 0; index < 100; index++) cache.set(`/catalog?q=${index}`, page(1_000));
    expect(cache.get("/", atVersion(1))).toBeUndefined();
  });

  it("counts compressed copies toward its cap and evicts to make room for them", () => {
    const cache = createPageCache(3_000);
    const random = (bytes: number) => ({
      ...page(0),
      body: Buffer.from(Array.from({ length: bytes }, () => Math.floor(Math.random() * 256))),
    });
    const first = random(1_400);
    const second = random(1_400);
    cache.set("/a", first);
    cache.set("/b", second);
    expect(cache.size.bytes).toBe(2_800);
    const encoded = cache.body("/b", second, "gzip");
    expect(encoded.length).toBeGreaterThan(1_400); // random bytes do not compress
    expect(cache.size.bytes).toBeLessThanOrEqual(3_000);
    expect(cache.get("/a", atVersion(1))).toBeUndefined();
    expect(cache.get("/b", atVersion(1))).toBe(second);
  });

  it("does not count a copy of a page that has already left", () => {
    const cache = createPageCache(3_000);
    const gone = page(1_000);
    cache.set("/a", gone);
    cache.set("/a", page(1_000));
    cache.body("/a", gone, "br");
    expect(cache.size.bytes).toBe(1_000);
  });

  it("serves a page only for the catalogue version it was rendered at", () => {
    const cache = createPageCache(10_000);
    cache.set("/", page(10));
    expect(cache.get("/", atVersion(2))).toBeUndefined();
    expect(cache.size).toEqual({ pages: 0, bytes: 0 });
  });
});
