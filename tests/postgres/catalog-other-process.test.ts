import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { executePrepared, openDatabase } from "../../app/db/client.server";
import { products } from "../../app/db/schema.server";
import { catalogIndexLoads, catalogueShown } from "../support/catalogue";
import { createProduct } from "../support/factories";
import { setUpTestStore } from "../support/test-context";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts): two store processes share one PostgreSQL.
const store = setUpTestStore();

/** The URL of the test's database, for a second connection pool like another process's. */
async function sameDatabaseUrl(): Promise<string> {
  const [row] = await executePrepared<{ name: string }>(
    store.database.db,
    "current_database",
    sql`select current_database() as name`,
  );
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

it("shows at once a product another store process added on the same PostgreSQL database", async () => {
  await store.database.db.delete(products);
  await createProduct(store.database.db, { name: "Mouse", createdAt: new Date("2026-01-01T00:00:00Z") });
  expect(await catalogueShown(store.context)).toMatchObject({ shown: "Exibindo 1 de 1 produtos" });
  const otherProcess = await openDatabase({ url: await sameDatabaseUrl() });
  try {
    await createProduct(otherProcess.db, { name: "Teclado" });
  } finally {
    await otherProcess.close();
  }
  expect(await catalogueShown(store.context)).toMatchObject({
    shown: "Exibindo 2 de 2 produtos",
    names: ["Teclado", "Mouse"],
  });
});

it("lists a change committed by another process after this one read the catalogue, without reading it all again", async () => {
  await store.database.db.delete(products);
  const mouse = await createProduct(store.database.db, { name: "Mouse" });
  expect(await catalogueShown(store.context)).toMatchObject({ names: ["Mouse"] });
  const wholeLoads = (await catalogIndexLoads()).whole;
  const otherProcess = await openDatabase({ url: await sameDatabaseUrl() });
  try {
    const otherContext = { ...store.context, db: otherProcess.db };
    expect(await catalogueShown(otherContext)).toMatchObject({ names: ["Mouse"] });
    // Begun before this process lists, committed after: no timestamp of the change can say it
    // came after the listing; the version it takes at commit does.
    await otherProcess.db.transaction(async (tx) => {
      await tx.update(products).set({ name: "Mouse Gamer" }).where(eq(products.id, mouse.id));
      await createProduct(tx, { name: "Teclado" });
      expect(await catalogueShown(store.context)).toMatchObject({ names: ["Mouse"] });
    });
    expect(await catalogueShown(store.context)).toMatchObject({ names: ["Teclado", "Mouse Gamer"] });
    expect(await catalogueShown(otherContext)).toMatchObject({ names: ["Teclado", "Mouse Gamer"] });
    // Each process read its catalogue whole once, the other process's first listing.
    expect((await catalogIndexLoads()).whole).toBe(wholeLoads + 1);
  } finally {
    await otherProcess.close();
  }
});
