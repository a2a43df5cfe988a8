import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { productImageFiles } from "../../domain/catalog/store-product-image.server";
import { SMALL_PRODUCT_IMAGE_WIDTH } from "../../lib/product-images";
import { DEMO_CATALOG, type DemoProduct } from "./demo-catalog";
import { demoImageViews, readDemoImage } from "./demo-images.server";
import { PRODUCT_ART_SIZE, renderProductArt } from "./product-art.server";

const REQUIRED_CATEGORIES = ["Smartphones", "Notebooks", "Áudio", "Monitores", "Periféricos", "Acessórios"];
const MAX_IMAGE_BYTES = 60 * 1024;
const BATCH_SIZE = 8;

describe("DEMO_CATALOG", () => {
  it("is large enough and covers the required categories", () => {
    expect(DEMO_CATALOG.length).toBeGreaterThanOrEqual(40);
    const categories = new Set(DEMO_CATALOG.map((product) => product.category));
    expect(categories.size).toBeGreaterThanOrEqual(6);
    for (const category of REQUIRED_CATEGORIES) expect(categories).toContain(category);
    const withGallery = DEMO_CATALOG.filter(
      (product) => product.galleryViews >= 3 && product.galleryViews <= 4,
    );
    expect(withGallery.length).toBeGreaterThanOrEqual(10);
  });

  it("has unique slugs and names", () => {
    expect(new Set(DEMO_CATALOG.map((product) => product.slug)).size).toBe(DEMO_CATALOG.length);
    expect(new Set(DEMO_CATALOG.map((product) => product.name)).size).toBe(DEMO_CATALOG.length);
  });

  it("fits the database constraints", () => {
    for (const product of DEMO_CATALOG) {
      const where = product.slug;
      expect(product.slug, where).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(Number.isInteger(product.priceCents), where).toBe(true);
      expect(product.priceCents, where).toBeGreaterThan(0);
      expect(product.priceCents, where).toBeLessThanOrEqual(100_000_000);
      expect(Number.isInteger(product.stock), where).toBe(true);
      expect(product.stock, where).toBeGreaterThanOrEqual(0);
      expect(product.name.length, where).toBeGreaterThanOrEqual(1);
      expect(product.name.length, where).toBeLessThanOrEqual(200);
      expect(product.category.length, where).toBeGreaterThanOrEqual(1);
      expect(product.category.length, where).toBeLessThanOrEqual(100);
      expect(product.description.length, where).toBeGreaterThan(0);
      expect(product.color, where).toMatch(/^#[0-9a-f]{6}$/);
      expect([0, 3, 4], where).toContain(product.galleryViews);
    }
  });

  it("gives every product a brand, and sells a phone, a notebook and a 110/220 V appliance as variants", () => {
    for (const product of DEMO_CATALOG) {
      expect(product.brand.length, product.slug).toBeGreaterThanOrEqual(1);
      expect(product.brand.length, product.slug).toBeLessThanOrEqual(80);
    }
    const withVariants = DEMO_CATALOG.filter((product) => product.variants);
    expect(withVariants.map((product) => product.options!.map((option) => option.name))).toEqual(
      expect.arrayContaining([["Cor", "Armazenamento"], ["Memória RAM"], ["Voltagem"]]),
    );
    const skus = withVariants.flatMap((product) => product.variants!.map((variant) => variant.sku));
    expect(new Set(skus).size).toBe(skus.length);
    for (const product of withVariants) {
      const where = product.slug;
      const { options, variants } = product as Required<DemoProduct>;
      for (const variant of variants) {
        expect(variant.sku, where).toMatch(/^[A-Z0-9-]{1,64}$/);
        expect(
          variant.optionValues.every((value, index) => options[index]!.values.includes(value)),
          where,
        ).toBe(true);
        expect(variant.optionValues, where).toHaveLength(options.length);
        expect(variant.compareAtCents ?? Infinity, where).toBeGreaterThan(variant.priceCents);
        expect(variant.stock, where).toBeGreaterThanOrEqual(0);
      }
      const combinations = variants.map((variant) => variant.optionValues.join("|"));
      expect(new Set(combinations).size, where).toBe(variants.length);
      // The product's price and stock are what the store shows: its variants' lowest and sum.
      expect(product.priceCents, where).toBe(Math.min(...variants.map((variant) => variant.priceCents)));
      expect(product.stock, where).toBe(variants.reduce((total, variant) => total + variant.stock, 0));
    }
  });

  it("ships every image as drawn today: an 800x800 WebP of at most 60 KB and its 400 px copy", async () => {
    const jobs = DEMO_CATALOG.flatMap((product) =>
      demoImageViews(product).map((view) => ({ product, view })),
    );
    for (let start = 0; start < jobs.length; start += BATCH_SIZE) {
      await Promise.all(
        jobs.slice(start, start + BATCH_SIZE).map(async ({ product, view }) => {
          const where = `${product.slug} view ${view} (run npm run seed:images after changing a drawing)`;
          const shipped = await readDemoImage(product, view);
          const drawn = await productImageFiles(await renderProductArt(product, view));
          expect(shipped.webp.equals(drawn.webp), where).toBe(true);
          expect(shipped.small.equals(drawn.small), where).toBe(true);
          expect(shipped.webp.length, where).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
          for (const [image, width] of [
            [shipped.webp, PRODUCT_ART_SIZE],
            [shipped.small, SMALL_PRODUCT_IMAGE_WIDTH],
          ] as const) {
            const metadata = await sharp(image).metadata();
            expect(metadata.format, where).toBe("webp");
            expect([metadata.width, metadata.height], where).toEqual([width, width]);
          }
        }),
      );
    }
  }, 120_000);

  it("renders deterministically", async () => {
    const product = DEMO_CATALOG.find((candidate) => candidate.galleryViews > 0)!;
    const [first, second] = await Promise.all([renderProductArt(product, 2), renderProductArt(product, 2)]);
    expect(first.equals(second)).toBe(true);
  });
});
