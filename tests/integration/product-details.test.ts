import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productImages } from "../../app/db/schema.server";
import { getProductDetails } from "../../app/domain/catalog/product-details.server";
import { createProduct } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function productWithGallery(cover: string | undefined, gallery: string[]) {
  const product = await createProduct(database.db, cover ? { image: cover } : {});
  if (gallery.length > 0) {
    await database.db
      .insert(productImages)
      .values(gallery.map((imageUrl, displayOrder) => ({ productId: product.id, imageUrl, displayOrder })));
  }
  return (await getProductDetails(database.db, product.id))!.images;
}

describe("a product page's pictures", () => {
  it("are the cover alone without a gallery", async () => {
    expect(await productWithGallery("/uploads/products/capa.webp", [])).toEqual([
      "/uploads/products/capa.webp",
    ]);
  });

  it("lead with the cover, then the gallery in its order", async () => {
    expect(
      await productWithGallery("/uploads/products/capa.webp", [
        "/uploads/products/b.webp",
        "/uploads/products/a.webp",
      ]),
    ).toEqual(["/uploads/products/capa.webp", "/uploads/products/b.webp", "/uploads/products/a.webp"]);
  });

  it("keep the cover where a gallery that holds it places it", async () => {
    expect(
      await productWithGallery("/uploads/products/capa.webp", [
        "/uploads/products/a.webp",
        "/uploads/products/capa.webp",
      ]),
    ).toEqual(["/uploads/products/a.webp", "/uploads/products/capa.webp"]);
  });

  it("are the gallery alone for a product whose cover is the placeholder", async () => {
    expect(await productWithGallery(undefined, ["/uploads/products/a.webp"])).toEqual([
      "/uploads/products/a.webp",
    ]);
  });
});
