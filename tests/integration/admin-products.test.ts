import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adminAuditLog,
  orderItems,
  productImages,
  products,
  productVariants,
} from "../../app/db/schema.server";
import {
  currentStoreSettings,
  saveSettingsSection,
} from "../../app/domain/store-settings/store-settings.server";
import { exportProductsCsv } from "../../app/domain/admin/product-csv-export.server";
import { action as listAction } from "../../app/routes/admin/products";
import { adminPost, auditEntries, productForm, productPages, productRow } from "../support/admin-products";
import { signedInAdmin, type TestAdmin } from "../support/admin";
import { createOrder, createProduct } from "../support/factories";
import { setUpTestStore } from "../support/test-context";

const store = setUpTestStore();
let admin: TestAdmin;
let pages: ReturnType<typeof productPages>;

beforeAll(async () => {
  admin = await signedInAdmin(store.context);
  pages = productPages(store.context, admin);
});

const productCount = async () => (await store.context.db.$count(products)) as number;

describe("creating a product", () => {
  it("creates it with the placeholder image and no stock by default, and records it", async () => {
    const answer = await pages.create(
      productForm({ name: "  Mouse Sem Fio  ", price: "1.234,56", stock: "" }),
    );
    expect(answer).toMatchObject({ intent: "create", ok: true });
    const id = (answer as { productId: number }).productId;
    const row = await productRow(store.context, id);
    expect(row).toMatchObject({
      name: "Mouse Sem Fio",
      priceCents: 123_456,
      category: "Periféricos",
      image: "/placeholder.svg",
      stock: 0,
    });
    const [entry] = await auditEntries(store.context, "product", id);
    expect(entry).toMatchObject({
      action: "product.create",
      adminId: admin.id,
      adminEmail: admin.email,
      before: null,
    });
    expect(entry!.after).toMatchObject({
      name: "Mouse Sem Fio",
      variants: [{ sku: `VTR-${id}`, optionValues: [], priceCents: 123_456, stock: 0 }],
    });
  });

  const invalid: [string, Record<string, string>, string, string][] = [
    ["a missing name", { name: "   " }, "name", "Nome é obrigatório"],
    ["a long name", { name: "x".repeat(201) }, "name", "Nome deve ter no máximo 200 caracteres"],
    ["a zero price", { price: "0" }, "price", "Preço deve ser maior que zero"],
    ["a negative price", { price: "-5,00" }, "price", "Preço deve ser maior que zero"],
    ["a price too high", { price: "1.000.000,01" }, "price", "Preço deve ser no máximo R$ 1.000.000,00"],
    ["an unparsable price", { price: "dez reais" }, "price", "Preço inválido"],
    [
      "a fractional stock",
      { stock: "1.5" },
      "stock",
      "Estoque deve ser um número inteiro maior ou igual a zero",
    ],
    [
      "a negative stock",
      { stock: "-1" },
      "stock",
      "Estoque deve ser um número inteiro maior ou igual a zero",
    ],
    ["a missing category", { category: "" }, "category", "Categoria é obrigatória"],
    [
      "a long category",
      { category: "c".repeat(101) },
      "category",
      "Categoria deve ter no máximo 100 caracteres",
    ],
    [
      "a javascript: image",
      { imageUrl: "javascript:alert(1)" },
      "imageUrl",
      "URL da imagem inválida (use http:// ou https://)",
    ],
    [
      "a protocol-relative image",
      { imageUrl: "//evil.example/x.png" },
      "imageUrl",
      "URL da imagem inválida (use http:// ou https://)",
    ],
    ["a weight of zero grams", { weightGrams: "0" }, "weightGrams", "Peso deve ser de 1 a 100000 gramas"],
    ["a weight in kilos", { weightGrams: "1,5" }, "weightGrams", "Peso deve ser de 1 a 100000 gramas"],
    ["a side over 2 m", { lengthCm: "201" }, "lengthCm", "Comprimento deve ser de 1 a 200 cm"],
    [
      "an ftp image",
      { imageUrl: "ftp://example.com/x.png" },
      "imageUrl",
      "URL da imagem inválida (use http:// ou https://)",
    ],
  ];

  it.each(invalid)(
    "refuses %s with its message at the field, and creates nothing",
    async (_, fields, field, message) => {
      const before = await productCount();
      const answer = await pages.create(productForm(fields));
      expect(answer).toMatchObject({ intent: "create", ok: false, errors: { [field]: message } });
      expect(await productCount()).toBe(before);
    },
  );
});

describe("editing a product", () => {
  it("saves the new fields and records what changed, before and after", async () => {
    const product = await createProduct(store.database.db, {
      name: "Monitor Velho",
      priceCents: 99_900,
      stock: 4,
    });
    const answer = await pages.edit(
      product.id,
      productForm({
        intent: "update",
        name: "Monitor Novo",
        description: product.description,
        price: "899,00",
        category: product.category,
        stock: "7",
        imageUrl: product.image,
      }),
    );
    expect(answer).toMatchObject({ intent: "update", ok: true });
    expect(await productRow(store.context, product.id)).toMatchObject({
      name: "Monitor Novo",
      priceCents: 89_900,
      stock: 7,
      image: product.image,
    });
    const [entry] = await auditEntries(store.context, "product", product.id);
    expect(entry).toMatchObject({
      action: "product.update",
      adminId: admin.id,
      before: { name: "Monitor Velho", variants: [{ sku: product.sku, priceCents: 99_900, stock: 4 }] },
      after: { name: "Monitor Novo", variants: [{ sku: product.sku, priceCents: 89_900, stock: 7 }] },
    });
    expect(Object.keys(entry!.before as object).sort()).toEqual(["name", "variants"]);
  });

  it("saves the product's parcel and a variant's own weight, each audited", async () => {
    const answer = await pages.create(
      productForm({
        name: "Notebook Embalado",
        weightGrams: "2200",
        heightCm: "6",
        widthCm: "30",
        lengthCm: "40",
        "options.0.name": "Tela",
        "options.0.values": "14, 16",
        "variants.0.optionValues": JSON.stringify(["14"]),
        "variants.0.price": "4.999,00",
        "variants.1.optionValues": JSON.stringify(["16"]),
        "variants.1.price": "5.999,00",
        "variants.1.weightGrams": "2600",
        "variants.1.lengthCm": "45",
      }),
    );
    expect(answer).toMatchObject({ ok: true });
    const id = (answer as { productId: number }).productId;
    expect(await productRow(store.context, id)).toMatchObject({
      weightGrams: 2200,
      heightCm: 6,
      widthCm: 30,
      lengthCm: 40,
    });
    const variants = await store.context.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.displayOrder));
    expect(variants.map((variant) => [variant.weightGrams, variant.heightCm, variant.lengthCm])).toEqual([
      [null, null, null],
      [2600, null, 45],
    ]);
    const listed = await pages.list(`?q=${encodeURIComponent("Notebook Embalado")}`);
    expect(listed.products.find((product) => product.id === id)).toMatchObject({ weightMissing: false });
    const refused = await pages.edit(
      id,
      productForm({
        intent: "update",
        name: "Notebook Embalado",
        "options.0.name": "Tela",
        "options.0.values": "14, 16",
        "variants.0.optionValues": JSON.stringify(["14"]),
        "variants.0.price": "4.999,00",
        "variants.1.optionValues": JSON.stringify(["16"]),
        "variants.1.price": "5.999,00",
        "variants.1.widthCm": "0",
      }),
    );
    expect(refused).toMatchObject({
      ok: false,
      errors: { "variants.1.widthCm": "Largura deve ser de 1 a 200 cm" },
    });
    const [entry] = await auditEntries(store.context, "product", id);
    expect(entry).toMatchObject({ action: "product.create" });
    expect(entry!.after).toMatchObject({
      weightGrams: 2200,
      variants: [{ weightGrams: null }, { weightGrams: 2600 }],
    });
  });

  it("changes nothing and records nothing when a field is invalid", async () => {
    const product = await createProduct(store.database.db, { name: "Intocado" });
    const answer = await pages.edit(
      product.id,
      productForm({ intent: "update", name: "Outro", price: "0,00" }),
    );
    expect(answer).toMatchObject({ ok: false, errors: { price: "Preço deve ser maior que zero" } });
    const { variantId: _variantId, sku: _sku, variantLabel: _variantLabel, ...unchanged } = product;
    expect(await productRow(store.context, product.id)).toEqual(unchanged);
    expect(await auditEntries(store.context, "product", product.id)).toEqual([]);
  });

  it("answers 404 for a product that does not exist, as a page and as a form", async () => {
    await expect(pages.view(2_000_000_000)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(pages.edit(2_000_000_000, productForm({ intent: "update" }))).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});

describe("deleting a product", () => {
  it("keeps the snapshots of the orders that bought it, and records the deletion", async () => {
    const product = await createProduct(store.database.db, {
      name: "Fone Vendido",
      priceCents: 15_000,
      image: "/uploads/products/fone-abc.webp",
    });
    const order = await createOrder(store.database.db, { userId: null, lines: [{ product, quantity: 2 }] });
    expect(await pages.remove(product.id)).toEqual({ intent: "delete", ok: true });
    expect(await productRow(store.context, product.id)).toBeUndefined();
    const lines = await store.context.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines).toEqual([
      expect.objectContaining({
        productId: null,
        productName: "Fone Vendido",
        productImage: "/uploads/products/fone-abc.webp",
        unitPriceCents: 15_000,
        quantity: 2,
      }),
    ]);
    const [entry] = await auditEntries(store.context, "product", product.id);
    expect(entry).toMatchObject({ action: "product.delete", after: null, before: { name: "Fone Vendido" } });
  });

  it("answers an error for an id that is not a product, changing nothing", async () => {
    const before = await store.context.db.$count(adminAuditLog);
    for (const id of ["2000000000", "abc", "-1", ""]) {
      expect(await pages.remove(id)).toEqual({ intent: "delete", ok: false });
    }
    expect(await store.context.db.$count(adminAuditLog)).toBe(before);
  });
});

describe("the product list", () => {
  it("finds names whatever their accents and case, and takes % _ \\ literally", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    for (const name of [
      `Câmera Ação ${tag}`,
      `camera acao ${tag}`,
      `100% ${tag}`,
      `a_b ${tag}`,
      `c\\d ${tag}`,
    ]) {
      await createProduct(store.database.db, { name });
    }
    const names = async (q: string) =>
      (await pages.list(`?q=${encodeURIComponent(q)}`)).products.map((product) => product.name).sort();
    expect(await names(`CAMERA ACAO ${tag}`)).toEqual([`Câmera Ação ${tag}`, `camera acao ${tag}`].sort());
    expect(await names(`ção ${tag}`)).toHaveLength(2);
    expect(await names(`% ${tag}`)).toEqual([`100% ${tag}`]);
    expect(await names(`a_b ${tag}`)).toEqual([`a_b ${tag}`]);
    expect(await names(`\\d ${tag}`)).toEqual([`c\\d ${tag}`]);
    expect(await names(`_`)).not.toContain(`100% ${tag}`);
  });

  it("shows 20 a page, newest first, with what the table needs", async () => {
    const tag = `pg${Date.now().toString(36)}`;
    for (let index = 0; index < 23; index++) {
      await createProduct(store.database.db, { name: `Paginado ${tag} ${index}`, priceCents: 1_000 + index });
    }
    const first = await pages.list(`?q=${tag}`);
    expect(first).toMatchObject({ matching: 23, page: 1, pageCount: 2 });
    expect(first.products).toHaveLength(20);
    expect(first.products[0]).toMatchObject({
      name: `Paginado ${tag} 22`,
      priceCents: 1_022,
      stock: 10,
      variantCount: 1,
      weightMissing: true,
    });
    expect(Object.keys(first.products[0]!).sort()).toEqual([
      "category",
      "id",
      "image",
      "name",
      "priceCents",
      "priceMaxCents",
      "stock",
      "variantCount",
      "weightMissing",
    ]);
    const second = await pages.list(`?q=${tag}&page=2`);
    expect(second.products.map((product) => product.name)).toEqual(
      [2, 1, 0].map((index) => `Paginado ${tag} ${index}`),
    );
  });

  it("answers odd input with a normal page", async () => {
    for (const search of [
      "?page=1000000000",
      "?page=-3",
      "?page=abc",
      `?q=${"a".repeat(1000)}`,
      "?q=%25%5F%5C",
      "?page=1e9",
    ]) {
      const page = await pages.list(search);
      expect(page.page, search).toBeGreaterThanOrEqual(1);
      expect(page.page, search).toBeLessThanOrEqual(page.pageCount);
    }
    const last = await pages.list("?page=1000000000");
    expect(last.page).toBe(last.pageCount);
  });
});

describe("the gallery", () => {
  async function galleryOf(productId: number) {
    return store.context.db
      .select({
        id: productImages.id,
        imageUrl: productImages.imageUrl,
        displayOrder: productImages.displayOrder,
      })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(productImages.displayOrder);
  }

  it("adds at the end, moves up and down, removes, and keeps the order contiguous, recording each", async () => {
    const product = await createProduct(store.database.db);
    for (const imageUrl of [
      "/uploads/products/a.webp",
      "/uploads/products/b.webp",
      "/uploads/products/c.webp",
    ]) {
      expect(await pages.edit(product.id, { intent: "gallery-add", imageUrl })).toEqual({
        intent: "gallery-add",
        ok: true,
      });
    }
    const [a, b, c] = await galleryOf(product.id);
    expect([a, b, c].map((image) => image!.displayOrder)).toEqual([0, 1, 2]);

    expect(
      await pages.edit(product.id, { intent: "gallery-move", imageId: String(c!.id), direction: "up" }),
    ).toEqual({
      intent: "gallery-move",
      ok: true,
    });
    expect((await galleryOf(product.id)).map((image) => image.id)).toEqual([a!.id, c!.id, b!.id]);
    await pages.edit(product.id, { intent: "gallery-move", imageId: String(a!.id), direction: "down" });
    expect((await galleryOf(product.id)).map((image) => image.id)).toEqual([c!.id, a!.id, b!.id]);

    expect(await pages.edit(product.id, { intent: "gallery-remove", imageId: String(c!.id) })).toEqual({
      intent: "gallery-remove",
      ok: true,
    });
    expect(await galleryOf(product.id)).toEqual([
      { id: a!.id, imageUrl: a!.imageUrl, displayOrder: 0 },
      { id: b!.id, imageUrl: b!.imageUrl, displayOrder: 1 },
    ]);

    expect((await auditEntries(store.context, "product_image", c!.id)).map((entry) => entry.action)).toEqual([
      "product_image.remove",
      "product_image.reorder",
      "product_image.add",
    ]);
    expect((await pages.view(product.id)).product.gallery.map((image) => image.id)).toEqual([a!.id, b!.id]);
  });

  it("will not remove or move another product's image through this product's form", async () => {
    const mine = await createProduct(store.database.db);
    const theirs = await createProduct(store.database.db);
    await pages.edit(theirs.id, { intent: "gallery-add", imageUrl: "/uploads/products/theirs.webp" });
    const [image] = await galleryOf(theirs.id);
    const attempts: Record<string, string>[] = [
      { intent: "gallery-remove", imageId: String(image!.id) },
      { intent: "gallery-move", imageId: String(image!.id), direction: "down" },
    ];
    for (const fields of attempts) {
      expect(await pages.edit(mine.id, fields)).toMatchObject({ ok: false });
    }
    expect(await galleryOf(theirs.id)).toEqual([image]);
    expect(await auditEntries(store.context, "product_image", image!.id)).toHaveLength(1);
  });

  it("refuses an empty or invalid image address, adding nothing", async () => {
    const product = await createProduct(store.database.db);
    expect(await pages.edit(product.id, { intent: "gallery-add", imageUrl: "" })).toMatchObject({
      ok: false,
    });
    expect(await pages.edit(product.id, { intent: "gallery-add", imageUrl: "file:///etc/passwd" })).toEqual({
      intent: "gallery-add",
      ok: false,
      errors: { galleryImage: "URL da imagem inválida (use http:// ou https://)" },
    });
    expect(await galleryOf(product.id)).toEqual([]);
  });
});

describe("a visitor's request", () => {
  it("cannot post to the product forms", async () => {
    const visitor = { ...admin, cookie: "" };
    const request = adminPost(visitor, "/admin/products/new", productForm());
    const { action } = await import("../../app/routes/admin/product-new");
    await expect(
      action({ request, context: store.context, params: {} } as Parameters<typeof action>[0]),
    ).rejects.toMatchObject({ status: 302 });
  });
});

describe("a product created without a SKU", () => {
  it("gets the prefix of the store's name as the owner saved it", async () => {
    const { db, env } = store.context;
    const { identity } = (await currentStoreSettings(db, env)).settings;
    await saveSettingsSection(db, env, admin, "identity", { ...identity, name: "Loja do Zé" });
    try {
      const answer = await pages.create(productForm({ name: "Cabo USB-C" }));
      const id = (answer as { productId: number }).productId;
      const variants = await db
        .select({ sku: productVariants.sku })
        .from(productVariants)
        .where(eq(productVariants.productId, id))
        .orderBy(asc(productVariants.id));
      expect(variants).toEqual([{ sku: `LJD-${id}` }]);
    } finally {
      await saveSettingsSection(db, env, admin, "identity", identity);
    }
  });
});

describe("the product's fiscal data", () => {
  /** The header and the rows of the products export that name `sku`. */
  const productsCsvOf = async (sku: string) => {
    const [header, ...rows] = (await exportProductsCsv(store.context.db)).split("\r\n");
    return [header, ...rows.filter((row) => row.includes(sku)), ""].join("\r\n");
  };
  const csvImport = async (content: string) =>
    (await listAction({
      request: adminPost(admin, "/admin/products", {
        intent: "csv-import",
        csvFile: new File([content], "produtos.csv", { type: "text/csv" }),
      }),
      context: store.context,
      params: {},
    } as Parameters<typeof listAction>[0])) as { ok: boolean; lines?: string[] };

  it("keeps the NCM typed with dots as its 8 digits and the goods' origin, shows them back, and takes them in the products CSV", async () => {
    const created = await pages.create(
      productForm({ name: "Notebook Fiscal", ncm: "8471.30.12", origin: "1" }),
    );
    expect(created).toMatchObject({ ok: true });
    const id = (created as { productId: number }).productId;
    expect(await productRow(store.context, id)).toMatchObject({ ncm: "84713012", origin: 1 });
    const view = await pages.view(id);
    expect(view.product).toMatchObject({ ncm: "84713012", origin: 1 });

    // The export's last columns carry them, and its file imports back unchanged.
    const sku = (
      await store.context.db.select().from(productVariants).where(eq(productVariants.productId, id))
    )[0]!.sku;
    const exported = await productsCsvOf(sku);
    const fiscalCells = /;8471\.30\.12;1\r\n$/;
    expect(exported).toMatch(fiscalCells);
    expect(await csvImport(exported)).toMatchObject({ ok: true });
    expect(await productRow(store.context, id)).toMatchObject({ ncm: "84713012", origin: 1 });
    // A file exported before those columns still imports, and leaves them as saved.
    const older = exported.replace(";ncm;origem\r\n", "\r\n").replace(fiscalCells, "\r\n");
    expect(await csvImport(older)).toMatchObject({ ok: true });
    expect(await productRow(store.context, id)).toMatchObject({ ncm: "84713012", origin: 1 });
    // One with other values changes them; an NCM that is not 8 digits is refused at its line.
    expect(await csvImport(exported.replace(fiscalCells, ";0101.21.00;0\r\n"))).toMatchObject({ ok: true });
    expect(await productRow(store.context, id)).toMatchObject({ ncm: "01012100", origin: 0 });
    expect(await csvImport(exported.replace(fiscalCells, ";8471.30;1\r\n"))).toMatchObject({
      ok: false,
      lines: ["Linha 2: NCM deve ter 8 dígitos (ex.: 8471.30.12)"],
    });
  });

  it("refuses an NCM that is not 8 digits and an origin not in the table, at their fields, saving nothing", async () => {
    const before = (await pages.list()).matching;
    expect(await pages.create(productForm({ name: "NCM curto", ncm: "8471.30" }))).toMatchObject({
      ok: false,
      errors: { ncm: "NCM deve ter 8 dígitos (ex.: 8471.30.12)" },
    });
    expect(await pages.create(productForm({ name: "Origem nove", origin: "9" }))).toMatchObject({
      ok: false,
      errors: { origin: "Escolha a origem da mercadoria" },
    });
    expect((await pages.list()).matching).toBe(before);
  });
});
