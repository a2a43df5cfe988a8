import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { products, productVariants } from "../../app/db/schema.server";
import { catalogIndexLoads, catalogueShown } from "../support/catalogue";
import { setUpTestStore } from "../support/test-context";

const store = setUpTestStore();

const catalogue = (search = "") => catalogueShown(store.context, search);

let created = 0;

/**
 * A product selling one variant per price given (an option 'Modelo' with a value per variant),
 * created one second after the previous one: the listing shows the last one first.
 */
async function createSelling(
  db: Database,
  product: { name: string; brand?: string; category?: string },
  variants: { priceCents: number; active?: boolean }[],
) {
  created += 1;
  const models = variants.map((_, index) => `Modelo ${index + 1}`);
  const [row] = await db
    .insert(products)
    .values({
      name: product.name,
      brand: product.brand,
      category: product.category ?? "Acessórios",
      priceCents: Math.min(...variants.map((variant) => variant.priceCents)),
      priceMaxCents: Math.max(...variants.map((variant) => variant.priceCents)),
      options: variants.length > 1 ? [{ name: "Modelo", values: models }] : [],
      createdAt: new Date(Date.parse("2026-01-01T00:00:00Z") + created * 1000),
    })
    .returning({ id: products.id });
  const inserted = await db
    .insert(productVariants)
    .values(
      variants.map((variant, index) => ({
        productId: row!.id,
        sku: `TESTE-${row!.id}-${index + 1}`,
        optionValues: variants.length > 1 ? [models[index]!] : [],
        priceCents: variant.priceCents,
        active: variant.active ?? true,
        stock: 5,
        displayOrder: index,
      })),
    )
    .returning({ id: productVariants.id });
  return { id: row!.id, variantIds: inserted.map((variant) => variant.id) };
}

beforeEach(async () => {
  await store.database.db.delete(products);
});

describe("catalogue filters on variants and brands", () => {
  it("filters by brand, offering each brand with its number of products", async () => {
    const db = store.database.db;
    await createSelling(db, { name: "Smartphone X5", brand: "Nova", category: "Smartphones" }, [
      { priceCents: 189_990 },
    ]);
    await createSelling(db, { name: "Fone Nova Buds", brand: "Nova", category: "Áudio" }, [
      { priceCents: 29_990 },
    ]);
    await createSelling(db, { name: "Mouse Quasar", brand: "Quasar" }, [{ priceCents: 9_990 }]);
    await createSelling(db, { name: "Cabo sem marca" }, [{ priceCents: 1_990 }]);

    expect(await catalogue()).toMatchObject({
      shown: "Exibindo 4 de 4 produtos",
      brands: [
        { brand: "Nova", products: 2 },
        { brand: "Quasar", products: 1 },
      ],
    });
    expect(await catalogue("?brand=Nova")).toMatchObject({
      shown: "Exibindo 2 de 4 produtos",
      names: ["Fone Nova Buds", "Smartphone X5"],
    });
    expect(await catalogue("?brand=Nova&category=%C3%81udio")).toMatchObject({
      shown: "Exibindo 1 de 4 produtos",
      names: ["Fone Nova Buds"],
    });
    expect(await catalogue("?brand=Marca%20Inexistente")).toMatchObject({
      shown: "Exibindo 0 de 4 produtos",
    });
    expect(await catalogue("?brand=all")).toMatchObject({ shown: "Exibindo 4 de 4 produtos" });
  });

  it("matches a price range when any active variant's price is in it", async () => {
    const db = store.database.db;
    const phone = await createSelling(db, { name: "Smartphone em três versões" }, [
      { priceCents: 100_000 },
      { priceCents: 200_000, active: false },
      { priceCents: 300_000 },
    ]);
    await createSelling(db, { name: "Fone de um preço" }, [{ priceCents: 200_000 }]);

    expect(await catalogue("?min=1500&max=2500")).toMatchObject({
      shown: "Exibindo 1 de 2 produtos",
      names: ["Fone de um preço"],
    });
    expect(await catalogue("?min=2500&max=3500")).toMatchObject({ names: ["Smartphone em três versões"] });
    expect(await catalogue("?max=1000")).toMatchObject({ names: ["Smartphone em três versões"] });
    expect(await catalogue("?min=3000,01")).toMatchObject({ shown: "Exibindo 0 de 2 produtos" });

    // The version at R$ 2.000,00 goes on sale: the next listing finds it.
    await db
      .update(productVariants)
      .set({ active: true })
      .where(eq(productVariants.id, phone.variantIds[1]!));
    expect(await catalogue("?min=1500&max=2500")).toMatchObject({
      shown: "Exibindo 2 de 2 produtos",
      names: ["Fone de um preço", "Smartphone em três versões"],
    });
  });
});

describe("catalogue index after a change", () => {
  it("reads again only the products each change named, and lists them in place", async () => {
    const db = store.database.db;
    const mouse = await createSelling(db, { name: "Mouse", brand: "Quasar", category: "Periféricos" }, [
      { priceCents: 9_990 },
    ]);
    const keyboard = await createSelling(db, { name: "Teclado", brand: "Quasar", category: "Periféricos" }, [
      { priceCents: 19_990 },
      { priceCents: 24_990 },
    ]);
    expect(await catalogue()).toMatchObject({ names: ["Teclado", "Mouse"] });
    const before = await catalogIndexLoads();

    // A product added (by another process, or a script: only the database knows).
    await createSelling(db, { name: "Webcam", brand: "Vértice", category: "Periféricos" }, [
      { priceCents: 29_990 },
    ]);
    expect(await catalogue()).toMatchObject({
      shown: "Exibindo 3 de 3 produtos",
      names: ["Webcam", "Teclado", "Mouse"],
      brands: [
        { brand: "Quasar", products: 2 },
        { brand: "Vértice", products: 1 },
      ],
    });

    // Renamed, moved to another category and brand, dated before the others.
    await db
      .update(products)
      .set({
        name: "Mouse Gamer",
        category: "Games",
        brand: "Vértice",
        createdAt: new Date("2025-01-01T00:00:00Z"),
      })
      .where(eq(products.id, mouse.id));
    expect(await catalogue("?q=gamer")).toMatchObject({
      names: ["Mouse Gamer"],
      categories: ["Games", "Periféricos"],
    });
    expect(await catalogue("?brand=V%C3%A9rtice")).toMatchObject({ names: ["Webcam", "Mouse Gamer"] });

    // A variant repriced, then one deleted.
    await db
      .update(productVariants)
      .set({ priceCents: 39_990 })
      .where(eq(productVariants.id, keyboard.variantIds[1]!));
    expect(await catalogue("?min=300&max=400")).toMatchObject({ names: ["Teclado"] });
    await db.delete(productVariants).where(eq(productVariants.id, keyboard.variantIds[1]!));
    expect(await catalogue("?min=300&max=400")).toMatchObject({ names: [] });
    expect(await catalogue("?max=200")).toMatchObject({ names: ["Teclado", "Mouse Gamer"] });

    // A product deleted: its brand and category go with it.
    await db.delete(products).where(eq(products.id, mouse.id));
    expect(await catalogue()).toMatchObject({
      shown: "Exibindo 2 de 2 produtos",
      names: ["Webcam", "Teclado"],
      categories: ["Periféricos"],
      brands: [
        { brand: "Quasar", products: 1 },
        { brand: "Vértice", products: 1 },
      ],
    });

    expect(await catalogIndexLoads()).toEqual({ whole: before.whole, changes: before.changes + 5 });
  });

  it("reads the whole catalogue again after a TRUNCATE, whose products are not named", async () => {
    const db = store.database.db;
    await createSelling(db, { name: "Mouse" }, [{ priceCents: 9_990 }]);
    expect(await catalogue()).toMatchObject({ shown: "Exibindo 1 de 1 produtos" });
    const before = (await catalogIndexLoads()).whole;

    await db.execute(sql`truncate products cascade`);
    expect(await catalogue()).toMatchObject({ shown: "Exibindo 0 de 0 produtos", names: [] });
    expect((await catalogIndexLoads()).whole).toBe(before + 1);
  });
});
