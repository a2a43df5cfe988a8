import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogState, productImages, products, productVariants } from "../../app/db/schema.server";
import { watchCatalogVersion, type CatalogVersion } from "../../server/catalog-version";
import { createProduct, setStock } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let version: CatalogVersion;
beforeAll(async () => {
  database = await createTestDatabase();
  version = await watchCatalogVersion(database, pino({ level: "silent" }));
});
afterAll(async () => {
  await version.stop();
  await database.destroy();
});

/** The version once the server has learnt of every change made so far. */
async function settledVersion(): Promise<number> {
  const [state] = await database.db.select({ version: catalogState.version }).from(catalogState);
  await expect.poll(() => version.current()).toBe(Number(state!.version));
  return Number(state!.version);
}

/** Runs a change and waits for the server to learn of a newer catalogue version. */
async function expectNewVersionAfter(change: () => Promise<unknown>) {
  const before = version.current()!;
  await change();
  await expect.poll(() => version.current()).toBeGreaterThan(before);
}

describe("catalogue version", () => {
  it("is known once the database is watched", async () => {
    await expect.poll(() => version.current()).toBe(0);
  });

  it("rises when a product is created, repriced, sold out, restocked or deleted", async () => {
    let productId = 0;
    await expectNewVersionAfter(async () => {
      productId = (await createProduct(database.db, { priceCents: 10_000, stock: 5 })).id;
    });
    await expectNewVersionAfter(() =>
      database.db
        .update(productVariants)
        .set({ priceCents: 9_000 })
        .where(eq(productVariants.productId, productId)),
    );
    await expectNewVersionAfter(() => setStock(database.db, productId, 0));
    await expectNewVersionAfter(() => setStock(database.db, productId, 3));
    await expectNewVersionAfter(() =>
      database.db.insert(productImages).values({ productId, imageUrl: "/uploads/x.webp", displayOrder: 1 }),
    );
    await expectNewVersionAfter(() => database.db.delete(products).where(eq(products.id, productId)));
  });

  it("names the products whose stock alone changed (a sale), without a new version", async () => {
    const [sold, other] = [await createProduct(database.db, { stock: 5 }), await createProduct(database.db)];
    const before = await settledVersion();
    const mark = version.stockMark();
    await setStock(database.db, sold.id, 4);
    await expect.poll(() => version.stockChangedSince([sold.id], mark)).toBe(true);
    expect(version.stockChangedSince([other.id], mark)).toBe(false);
    expect(version.stockChangedSince([sold.id], version.stockMark())).toBe(false);
    expect(version.current()).toBe(before);
  });

  it("says nothing of a sale that leaves more stock than a page shows (100)", async () => {
    const [plenty, few] = [
      await createProduct(database.db, { stock: 500 }),
      await createProduct(database.db, { stock: 5 }),
    ];
    await settledVersion();
    const mark = version.stockMark();
    await setStock(database.db, plenty.id, 499);
    await setStock(database.db, few.id, 4);
    // The second announcement proves the channel delivered everything before it.
    await expect.poll(() => version.stockChangedSince([few.id], mark)).toBe(true);
    expect(version.stockChangedSince([plenty.id], mark)).toBe(false);
  });

  it("does not move for a change that is rolled back", async () => {
    const product = await createProduct(database.db);
    const settled = await settledVersion();
    await database.db
      .transaction(async (tx) => {
        await setStock(tx, product.id, 0);
        tx.rollback();
      })
      .catch(() => undefined);
    // A later change proves the channel delivered everything before it.
    await database.db
      .insert(productImages)
      .values({ productId: product.id, imageUrl: "/uploads/y.webp", displayOrder: 1 });
    await expect.poll(() => version.current()).toBe(settled + 1);
  });
});
