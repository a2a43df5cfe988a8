import { eq, sql } from "drizzle-orm";
import type { Transaction } from "../../app/db/client.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productVariants } from "../../app/db/schema.server";
import { createProduct, createProductWithVariants, setStock } from "../support/factories";
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

describe("sales of two variants of one product", () => {
  it("never wait on each other: a stock change locks its variant's row only", async () => {
    const { variants } = await createProductWithVariants(database.db, {
      options: [{ name: "Cor", values: ["Preto", "Branco"] }],
      variants: [
        { values: ["Preto"], priceCents: 10_000, stock: 5 },
        { values: ["Branco"], priceCents: 10_000, stock: 5 },
      ],
    });
    const sellOne = (tx: Transaction, variantId: number) =>
      tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - 1` })
        .where(eq(productVariants.id, variantId));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const firstSale = database.db.transaction(async (tx) => {
      await sellOne(tx, variants[0]!.variantId);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await database.db.execute(sql`set statement_timeout = 2000`);
    const secondSale = database.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = 1000`);
      await sellOne(tx, variants[1]!.variantId);
    });
    await expect(secondSale).resolves.toBeUndefined();
    release();
    await firstSale;
  });
});
