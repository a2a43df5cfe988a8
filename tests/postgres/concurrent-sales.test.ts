import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productVariants } from "../../app/db/schema.server";
import { createProduct, setStock } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("sales of different products", () => {
  it("never wait on each other: a stock change locks its product's row only", async () => {
    const [first, second] = [await createProduct(database.db), await createProduct(database.db)];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const firstSale = database.db.transaction(async (tx) => {
      await setStock(tx, first.id, sql`${productVariants.stock} - 1`);
      await held; // still open: before issue 9, the catalog_state row stayed locked here
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await database.db.execute(sql`set statement_timeout = 2000`);
    const secondSale = database.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = 1000`);
      await setStock(tx, second.id, sql`${productVariants.stock} - 1`);
    });
    await expect(secondSale).resolves.toBeUndefined();
    release();
    await firstSale;
  });
});
