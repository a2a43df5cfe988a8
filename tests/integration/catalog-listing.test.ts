import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { products } from "../../app/db/schema.server";
import { CATALOG_PAGE_SIZE } from "../../app/domain/catalog/search-products.server";
import { catalogueShown } from "../support/catalogue";
import { createProduct } from "../support/factories";
import { setUpTestStore } from "../support/test-context";

const store = setUpTestStore();

const catalogue = (search = "") => catalogueShown(store.context, search);

/** Products created in this order, one second apart: the listing shows the last one first. */
async function createInOrder(names: string[], overrides: Parameters<typeof createProduct>[1] = {}) {
  const start = Date.parse("2026-01-01T00:00:00Z");
  for (const [index, name] of names.entries()) {
    await createProduct(store.database.db, { name, createdAt: new Date(start + index * 1000), ...overrides });
  }
}

beforeEach(async () => {
  await store.database.db.delete(products);
});

describe("catalogue listing", () => {
  it("finds names by one or two letters, ignoring case and accents, and counts them", async () => {
    await createInOrder(["Órbita Fone", "Câmera Zênite", "Cabo USB-C", "Teclado Mecânico", "Mouse"]);

    expect(await catalogue("?q=o")).toMatchObject({
      shown: "Exibindo 4 de 5 produtos",
      names: ["Mouse", "Teclado Mecânico", "Cabo USB-C", "Órbita Fone"],
    });
    expect(await catalogue("?q=%C3%93")).toMatchObject({ shown: "Exibindo 4 de 5 produtos" });
    expect(await catalogue("?q=CA")).toMatchObject({
      shown: "Exibindo 3 de 5 produtos",
      names: ["Teclado Mecânico", "Cabo USB-C", "Câmera Zênite"],
    });
    expect(await catalogue("?q=z")).toMatchObject({
      shown: "Exibindo 1 de 5 produtos",
      names: ["Câmera Zênite"],
    });
    expect(await catalogue("?q=x")).toMatchObject({ shown: "Exibindo 0 de 5 produtos", names: [] });
  });

  it("takes % and _ in a search as the characters themselves", async () => {
    await createInOrder(["Cabo 100% cobre", "Cabo_USB", "Cabo"]);
    expect(await catalogue("?q=%25")).toMatchObject({
      shown: "Exibindo 1 de 3 produtos",
      names: ["Cabo 100% cobre"],
    });
    expect(await catalogue("?q=_")).toMatchObject({ shown: "Exibindo 1 de 3 produtos", names: ["Cabo_USB"] });
  });

  const ALL_NEWEST_FIRST = ["Mouse", "Adaptador C\\D", "Cabo USB"];
  it.each([
    ["a 1,000-character search", `?q=${"a".repeat(1_000)}`, []],
    ["a backslash, taken as itself", "?q=%5C", ["Adaptador C\\D"]],
    ["page 10^9, with the last page", "?page=1000000000", ALL_NEWEST_FIRST],
    ["a negative page, with the first", "?page=-3", ALL_NEWEST_FIRST],
    ["negative and non-numeric prices, as no limit", "?min=-50&max=abc", ALL_NEWEST_FIRST],
  ])("answers %s with an ordinary listing", async (_case, search, names) => {
    await createInOrder(["Cabo USB", "Adaptador C\\D", "Mouse"]);
    expect(await catalogue(search)).toMatchObject({
      shown: `Exibindo ${names.length} de 3 produtos`,
      names,
      page: 1,
    });
  });

  it("combines the name with a price range and a category", async () => {
    await createInOrder(["Fone Azul", "Fone Verde"], { category: "Áudio", priceCents: 10_000 });
    await createInOrder(["Fone Caro"], { category: "Áudio", priceCents: 90_000 });
    await createInOrder(["Fone Cabo"], { category: "Acessórios", priceCents: 10_000 });

    expect(await catalogue("?q=fo&max=100&category=%C3%81udio")).toMatchObject({
      shown: "Exibindo 2 de 4 produtos",
      names: ["Fone Verde", "Fone Azul"],
    });
    expect(await catalogue("?min=100,01")).toMatchObject({
      shown: "Exibindo 1 de 4 produtos",
      names: ["Fone Caro"],
    });
  });

  it("sorts by the lowest price either way, newest first at the same price, with the filters", async () => {
    await createInOrder(["Fone Médio Antigo"], { category: "Áudio", priceCents: 5_000 });
    await createInOrder(["Fone Barato"], { category: "Áudio", priceCents: 2_000 });
    await createInOrder(["Fone Médio Novo"], { category: "Áudio", priceCents: 5_000 });
    await createInOrder(["Fone Caro"], { category: "Áudio", priceCents: 90_000 });
    await createInOrder(["Cabo Baratíssimo"], { category: "Acessórios", priceCents: 1_000 });

    expect(await catalogue("?sort=menor-preco")).toMatchObject({
      names: ["Cabo Baratíssimo", "Fone Barato", "Fone Médio Novo", "Fone Médio Antigo", "Fone Caro"],
    });
    expect(await catalogue("?category=%C3%81udio&sort=maior-preco")).toMatchObject({
      shown: "Exibindo 4 de 5 produtos",
      names: ["Fone Caro", "Fone Médio Novo", "Fone Médio Antigo", "Fone Barato"],
    });
    // An order the store does not offer is the default one: newest first.
    expect(await catalogue("?sort=aleatorio")).toMatchObject({
      names: ["Cabo Baratíssimo", "Fone Caro", "Fone Médio Novo", "Fone Barato", "Fone Médio Antigo"],
    });
  });

  it("lists deep pages newest first, the same products at ties on the creation time, and the last page for one past it", async () => {
    const names = Array.from({ length: CATALOG_PAGE_SIZE * 2 + 5 }, (_, index) => `Produto ${index + 1}`);
    await createInOrder(names.slice(0, 10));
    // Created at one instant: listed by id, the last created first.
    await createInOrder(names.slice(10), { createdAt: new Date("2026-02-01T00:00:00Z") });
    const newestFirst = [...names].reverse();

    expect(await catalogue()).toMatchObject({
      shown: "Exibindo 1–24 de 53 produtos",
      names: newestFirst.slice(0, CATALOG_PAGE_SIZE),
    });
    expect(await catalogue("?page=2")).toMatchObject({
      shown: "Exibindo 25–48 de 53 produtos",
      names: newestFirst.slice(CATALOG_PAGE_SIZE, CATALOG_PAGE_SIZE * 2),
    });
    expect(await catalogue("?page=3")).toMatchObject({
      shown: "Exibindo 49–53 de 53 produtos",
      page: 3,
      names: newestFirst.slice(CATALOG_PAGE_SIZE * 2),
    });
    expect(await catalogue("?page=1000000")).toMatchObject({
      page: 3,
      names: newestFirst.slice(CATALOG_PAGE_SIZE * 2),
    });
    expect((await catalogue("?q=produto%204&page=1")).names).toEqual([
      "Produto 49",
      "Produto 48",
      "Produto 47",
      "Produto 46",
      "Produto 45",
      "Produto 44",
      "Produto 43",
      "Produto 42",
      "Produto 41",
      "Produto 40",
      "Produto 4",
    ]);
  });

  it("counts, lists and offers categories as the products change", async () => {
    await createInOrder(["Mouse"], { category: "Periféricos" });
    expect(await catalogue()).toMatchObject({
      shown: "Exibindo 1 de 1 produtos",
      categories: ["Periféricos"],
    });

    const speaker = await createProduct(store.database.db, { name: "Caixa de Som", category: "Som" });
    expect(await catalogue("?q=ca")).toMatchObject({
      shown: "Exibindo 1 de 2 produtos",
      names: ["Caixa de Som"],
      categories: ["Periféricos", "Som"],
    });

    await store.database.db
      .update(products)
      .set({ name: "Soundbar", category: "Caixas" })
      .where(eq(products.id, speaker.id));
    expect(await catalogue("?q=ca")).toMatchObject({ shown: "Exibindo 0 de 2 produtos" });
    expect(await catalogue("?category=Caixas")).toMatchObject({
      names: ["Soundbar"],
      categories: ["Caixas", "Periféricos"],
    });

    await store.database.db.delete(products).where(eq(products.id, speaker.id));
    expect(await catalogue()).toMatchObject({
      shown: "Exibindo 1 de 1 produtos",
      categories: ["Periféricos"],
    });
  });
});
