import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { asc, count, eq, inArray, like, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductActionData } from "../../app/components/admin/products/product-action-data";
import { adminAuditLog, productImages, products, productVariants } from "../../app/db/schema.server";
import { PRODUCT_CSV_COLUMNS, type ProductCsvRow } from "../../app/domain/admin/product-csv";
import { productHandle } from "../../app/domain/admin/product-csv-export.server";
import { NOT_UTF8, SAVED_BEFORE_ERROR, WRONG_HEADER } from "../../app/domain/admin/product-csv-import.server";
import { action as listAction } from "../../app/routes/admin/products";
import { loader as exportLoader } from "../../app/routes/admin/products-export";
import { adminPost, auditEntries, productPages } from "../support/admin-products";
import { signedInAdmin, type TestAdmin } from "../support/admin";
import { runNpmScript } from "../support/command";
import { createProductWithVariants } from "../support/factories";
import { setUpTestStore, TEST_BASE_URL } from "../support/test-context";
import { startTrustedSite, type TrustedSite } from "../support/trusted-site";

const store = setUpTestStore();
let admin: TestAdmin;

beforeAll(async () => {
  admin = await signedInAdmin(store.context);
});

type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0];
let fileCounter = 0;
const unique = () => `${Date.now()}-${++fileCounter}`;

/** A CSV row with every column, empty unless given. */
function row(fields: Partial<ProductCsvRow>): ProductCsvRow {
  return {
    ...(Object.fromEntries(PRODUCT_CSV_COLUMNS.map((column) => [column, ""])) as ProductCsvRow),
    ...fields,
  };
}

/** A file as Excel in Brazil saves it: `;`, CRLF, fields with `;` or quotes quoted. */
function csvFile(rows: ProductCsvRow[], header = PRODUCT_CSV_COLUMNS.join(";")): string {
  const cell = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [
    header,
    ...rows.map((fields) => PRODUCT_CSV_COLUMNS.map((column) => cell(fields[column])).join(";")),
  ]
    .map((line) => `${line}\r\n`)
    .join("");
}

/** A phone in two colours, 'de/por' on one, as a retailer types it. */
function phoneRows(
  handle: string,
  skuPrefix: string,
  overrides: Partial<ProductCsvRow> = {},
): ProductCsvRow[] {
  const product = {
    handle,
    nome: "Celular Importado",
    descricao: 'Tela grande; câmera "pro".\nSegunda linha.',
    categoria: "Celulares",
    marca: "Marca Importada",
    opcao1_nome: "Cor",
    opcao2_nome: "Armazenamento",
    especificacoes: 'Tela: 6,7" OLED | Memória RAM: 8 GB',
  };
  return [
    row({
      ...product,
      opcao1_valor: "Preto",
      opcao2_valor: "128 GB",
      sku: `${skuPrefix}-P128`,
      preco: "1.999,90",
      preco_de: "2.199,90",
      estoque: "5",
      ativo: "sim",
      gtin: "7891234567895",
    }),
    row({
      ...product,
      opcao1_valor: "Preto",
      opcao2_valor: "256 GB",
      sku: `${skuPrefix}-P256`,
      preco: "2499.90",
      estoque: "0",
      ativo: "não",
    }),
    row({
      ...product,
      opcao1_valor: "Branco",
      opcao2_valor: "128 GB",
      sku: `${skuPrefix}-B128`,
      preco: "1999,90",
      estoque: "3",
      ativo: "sim",
    }),
  ].map((fields) => ({ ...fields, ...overrides }));
}

async function csvAction(
  intent: "csv-check" | "csv-import",
  content: string | Buffer<ArrayBuffer>,
): Promise<ProductActionData> {
  const csvFile = new File([content], "produtos.csv", { type: "text/csv" });
  return (await listAction({
    request: adminPost(admin, "/admin/products", { intent, csvFile }),
    context: store.context,
    params: {},
  } as Args<typeof listAction>)) as ProductActionData;
}

async function exported(): Promise<string> {
  const response = await exportLoader({
    request: new Request(`${TEST_BASE_URL}/admin/products/export.csv`, { headers: { cookie: admin.cookie } }),
    context: store.context,
    params: {},
  } as Args<typeof exportLoader>);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  // As saved: with its BOM, which Response.text() would drop.
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
}

async function catalogueState() {
  const db = store.context.db;
  const [allProducts, variants] = await Promise.all([
    db.select().from(products).orderBy(asc(products.id)),
    db.select().from(productVariants).orderBy(asc(productVariants.id)),
  ]);
  return {
    products: allProducts.map(({ updatedAt: _, ...product }) => product),
    variants: variants.map(({ updatedAt: _, ...variant }) => variant),
  };
}

async function variantsBySku(prefix: string) {
  const variants = await store.context.db.select().from(productVariants).orderBy(asc(productVariants.id));
  return variants.filter((variant) => variant.sku.startsWith(prefix));
}

describe("importing a products CSV", () => {
  it("checks first without writing, then imports the products with their variants, brand and specs", async () => {
    const prefix = `IMP-${unique()}`;
    const file = csvFile(phoneRows(`celular-${prefix}`, prefix));
    const before = await catalogueState();
    const checked = await csvAction("csv-check", file);
    expect(checked).toMatchObject({
      intent: "csv-check",
      ok: true,
      message: "Verificado, nada gravado ainda: 1 produto novo, 0 produtos atualizados, 3 variantes.",
    });
    expect(await catalogueState()).toEqual(before);

    expect(await csvAction("csv-import", file)).toMatchObject({
      ok: true,
      message: "Importado: 1 produto novo, 0 produtos atualizados, 3 variantes.",
    });
    const variants = await variantsBySku(prefix);
    expect(
      variants.map((variant) => [
        variant.sku,
        variant.optionValues,
        variant.priceCents,
        variant.compareAtCents,
        variant.stock,
        variant.active,
        variant.gtin,
      ]),
    ).toEqual([
      [`${prefix}-P128`, ["Preto", "128 GB"], 199_990, 219_990, 5, true, "7891234567895"],
      [`${prefix}-P256`, ["Preto", "256 GB"], 249_990, null, 0, false, null],
      [`${prefix}-B128`, ["Branco", "128 GB"], 199_990, null, 3, true, null],
    ]);
    const [product] = await store.context.db
      .select()
      .from(products)
      .where(eq(products.id, variants[0]!.productId));
    expect(product).toMatchObject({
      name: "Celular Importado",
      description: 'Tela grande; câmera "pro".\nSegunda linha.',
      brand: "Marca Importada",
      options: [
        { name: "Cor", values: ["Preto", "Branco"] },
        { name: "Armazenamento", values: ["128 GB", "256 GB"] },
      ],
      specs: [
        { name: "Tela", value: '6,7" OLED' },
        { name: "Memória RAM", value: "8 GB" },
      ],
      priceCents: 199_990,
      priceMaxCents: 199_990,
    });
    const [entry] = await auditEntries(store.context, "product", product!.id);
    expect(entry).toMatchObject({ action: "product.create", adminId: admin.id });
  });

  it("updates the product its SKUs belong to, keeping the ids of its variants", async () => {
    const prefix = `UPD-${unique()}`;
    expect(await csvAction("csv-import", csvFile(phoneRows(`h-${prefix}`, prefix)))).toMatchObject({
      ok: true,
    });
    const before = await variantsBySku(prefix);
    const changed = phoneRows(`outro-handle-${prefix}`, prefix);
    changed[2]!.preco = "1.799,90";
    expect(await csvAction("csv-import", csvFile(changed))).toMatchObject({
      ok: true,
      message: "Importado: 0 produtos novos, 1 produto atualizado, 3 variantes.",
    });
    const after = await variantsBySku(prefix);
    expect(after.map((variant) => variant.id)).toEqual(before.map((variant) => variant.id));
    expect(after[2]!.priceCents).toBe(179_990);
  });

  it("reads the first row's parcel as the product's and a row that differs as its variant's own", async () => {
    const prefix = `PKG-${unique()}`;
    const rows = phoneRows(`pkg-${prefix}`, prefix);
    Object.assign(rows[0]!, { peso_g: "350", altura_cm: "4", largura_cm: "9", comprimento_cm: "17" });
    Object.assign(rows[1]!, { peso_g: "380", altura_cm: "4", largura_cm: "9", comprimento_cm: "17" });
    expect(await csvAction("csv-import", csvFile(rows))).toMatchObject({ ok: true });
    const variants = await variantsBySku(prefix);
    const [product] = await store.context.db
      .select()
      .from(products)
      .where(eq(products.id, variants[0]!.productId));
    expect([product!.weightGrams, product!.heightCm, product!.widthCm, product!.lengthCm]).toEqual([
      350, 4, 9, 17,
    ]);
    expect(variants.map((variant) => [variant.weightGrams, variant.heightCm])).toEqual([
      [null, null],
      [380, null],
      [null, null],
    ]);
    const exportedRows = (
      parse(await exported(), { bom: true, delimiter: ";", columns: true }) as ProductCsvRow[]
    ).filter((exportedRow) => exportedRow.sku.startsWith(prefix));
    expect(exportedRows.map((exportedRow) => exportedRow.peso_g)).toEqual(["350", "380", "350"]);
    expect(exportedRows.map((exportedRow) => exportedRow.comprimento_cm)).toEqual(["17", "17", "17"]);

    const heavy = phoneRows(`pkg-${prefix}`, prefix);
    Object.assign(heavy[2]!, { peso_g: "100001", altura_cm: "0" });
    const refused = await csvAction("csv-import", csvFile(heavy));
    expect(refused).toMatchObject({ ok: false });
    expect(refused.lines).toEqual(
      expect.arrayContaining([
        "Linha 6: Peso deve ser de 1 a 100000 gramas",
        "Linha 6: Altura deve ser de 1 a 200 cm",
      ]),
    );
    expect((await variantsBySku(prefix)).map((variant) => variant.weightGrams)).toEqual([null, 380, null]);
  });

  it("lists every row's error with its line, and writes nothing", async () => {
    const prefix = `ERR-${unique()}`;
    const taken = `TAKEN-${unique()}`;
    await csvAction(
      "csv-import",
      csvFile([row({ handle: taken, nome: "Outro", categoria: "X", sku: taken, preco: "10" })]),
    );
    const rows = [
      ...phoneRows(`a-${prefix}`, prefix),
      row({ handle: `b-${prefix}`, nome: "Sem preço", categoria: "X", sku: `${prefix}-1`, preco: "12,3,4" }),
      row({
        handle: `c-${prefix}`,
        nome: "Estoque",
        categoria: "X",
        sku: `${prefix}-2`,
        preco: "10",
        estoque: "-2",
      }),
      row({
        handle: `d-${prefix}`,
        nome: "Promo",
        categoria: "X",
        sku: `${prefix}-3`,
        preco: "10",
        preco_de: "9,90",
      }),
      row({ handle: `e-${prefix}`, nome: "Repetido", categoria: "X", sku: `${prefix}-1`, preco: "10" }),
      row({
        handle: `f-${prefix}`,
        nome: "Ativo",
        categoria: "X",
        sku: `${prefix}-4`,
        preco: "10",
        ativo: "talvez",
      }),
      row({ handle: `g-${prefix}`, nome: "", categoria: "X", sku: `${prefix}-5`, preco: "10" }),
      row({
        handle: `h-${prefix}`,
        nome: "Ficha",
        categoria: "X",
        sku: `${prefix}-6`,
        preco: "10",
        especificacoes: "sem dois pontos",
      }),
      row({
        handle: `i-${prefix}`,
        nome: "Código de barras",
        categoria: "X",
        sku: `${prefix}-7`,
        preco: "10",
        gtin: "7891234567894",
      }),
    ];
    rows[1]!.opcao1_valor = "";
    const before = await catalogueState();
    const answer = await csvAction("csv-check", csvFile(rows));
    expect(answer).toMatchObject({ intent: "csv-check", ok: false });
    // The header is line 1; the phone's description spans two lines, so its rows start at 2, 4 and 6.
    expect(answer.lines).toEqual([
      "Linha 4: opcao1_valor vazio para a opção Cor",
      'Linha 8: Preço inválido "12,3,4"',
      'Linha 9: Estoque deve ser um número inteiro maior ou igual a zero "-2"',
      'Linha 10: Preço "de" deve ser maior que o preço "9,90"',
      `Linha 11: SKU repetido no arquivo: ${prefix}-1 (também na linha 8)`,
      'Linha 12: ativo inválido "talvez" (use sim ou não)',
      "Linha 13: Nome é obrigatório",
      'Linha 14: especificação inválida "sem dois pontos" (use Nome: valor)',
      "Linha 15: GTIN inválido: confira o último dígito (dígito verificador)",
    ]);
    expect(await csvAction("csv-import", csvFile(rows))).toMatchObject({
      intent: "csv-import",
      ok: false,
      lines: answer.lines,
    });
    expect(await catalogueState()).toEqual(before);
  });

  it("imports all or nothing: one refused product keeps the good ones out", async () => {
    const prefix = `ALL-${unique()}`;
    const rows = [
      ...phoneRows(`bom-${prefix}`, prefix),
      row({ handle: `ruim-${prefix}`, nome: "Ruim", categoria: "X", sku: `${prefix}-R`, preco: "0" }),
    ];
    const before = await catalogueState();
    const answer = await csvAction("csv-import", csvFile(rows));
    expect(answer).toMatchObject({ ok: false, lines: ['Linha 8: Preço deve ser maior que zero "0"'] });
    expect(await catalogueState()).toEqual(before);
  });

  /** 40 products 'Produto <prefix> N' of 5 colours: several of the import's transactions. */
  const BATCH_PRODUCTS = 40;
  const batchRows = (prefix: string) =>
    Array.from({ length: BATCH_PRODUCTS }, (_, product) =>
      ["Preto", "Branco", "Azul", "Verde", "Rosa"].map((colour) =>
        row({
          handle: `${prefix}-${product}`,
          nome: `Produto ${prefix} ${product}`,
          categoria: "Lote",
          opcao1_nome: "Cor",
          opcao1_valor: colour,
          sku: `${prefix}-${product}-${colour}`,
          preco: "10,00",
          estoque: "1",
          ativo: "sim",
        }),
      ),
    ).flat();

  it("writes a large file in short transactions, so the panel's pages are read while it imports", async () => {
    const prefix = `LOTE-${unique()}`;
    const PRODUCTS = BATCH_PRODUCTS;
    const rows = batchRows(prefix);
    const list = productPages(store.context, admin).list;
    let importing = true;
    const imported = csvAction("csv-import", csvFile(rows)).finally(() => {
      importing = false;
    });
    // The panel's list, read again and again while the import runs: each read waits at most for
    // one short transaction, so some see the file's products in part.
    const seen = new Set<number>();
    while (importing) seen.add((await list(`?q=${prefix}`)).matching);
    expect(await imported).toMatchObject({
      ok: true,
      message: expect.stringContaining(`${PRODUCTS} produtos novos`),
    });
    expect(
      [...seen].some((matching) => matching > 0 && matching < PRODUCTS),
      [...seen].join(", "),
    ).toBe(true);
    expect((await list(`?q=${prefix}`)).matching).toBe(PRODUCTS);
  });

  it("stops where a SKU was taken meanwhile, saying how many products were saved; the file sent again finishes", async () => {
    const prefix = `PARADA-${unique()}`;
    const rows = [...batchRows(prefix), ...batchRows(`${prefix}-b`)];
    const PRODUCTS = 2 * BATCH_PRODUCTS;
    const last = rows.at(-1)!;
    const db = store.context.db;
    const savedSoFar = async () =>
      (
        await db
          .select({ saved: count() })
          .from(products)
          .where(like(products.name, `Produto ${prefix}%`))
      )[0]!.saved;
    let importing = true;
    const imported = csvAction("csv-import", csvFile(rows)).finally(() => {
      importing = false;
    });
    // Once the first products are in, another admin's product takes the file's last SKU, in one
    // statement (the import's transactions let it through).
    while (importing && (await savedSoFar()) === 0);
    await db.execute(sql`
      with other as (
        insert into products (name, description, price_cents, price_max_cents, category)
        values (${`Outro ${prefix}`}, 'Outro produto.', 1000, 1000, 'Lote') returning id
      )
      insert into product_variants (product_id, sku, price_cents, stock) select id, ${last.sku}, 1000, 1 from other
    `);
    const answer = (await imported) as { ok: boolean; lines?: string[] };
    expect(answer.ok).toBe(false);
    const [refusal, saved] = answer.lines!;
    expect(refusal).toBe(`Linha ${rows.length + 1}: SKU já usado por outro produto: ${last.sku}`);
    const savedCount = await savedSoFar();
    expect(savedCount).toBeGreaterThan(0);
    expect(saved).toBe(SAVED_BEFORE_ERROR(savedCount, PRODUCTS));

    // Corrected (the last variant under another SKU) and sent again: the rest is written, once.
    last.sku = `${prefix}-novo`;
    expect(await csvAction("csv-import", csvFile(rows))).toMatchObject({ ok: true });
    expect(await savedSoFar()).toBe(PRODUCTS);
  });

  it("refuses a wrong header, a wrong column count and a file not in UTF-8", async () => {
    const good = phoneRows(`x-${unique()}`, `HDR-${unique()}`);
    expect(await csvAction("csv-check", csvFile(good, PRODUCT_CSV_COLUMNS.join(",")))).toMatchObject({
      ok: false,
      lines: [WRONG_HEADER],
    });
    expect(await csvAction("csv-check", csvFile(good, PRODUCT_CSV_COLUMNS.slice(1).join(";")))).toMatchObject(
      {
        ok: false,
        lines: [WRONG_HEADER],
      },
    );
    const shortRow = `${csvFile(good)}a;b;c\r\n`;
    expect(await csvAction("csv-check", shortRow)).toMatchObject({
      ok: false,
      lines: ['Linha 8: esperadas 25 colunas separadas por ";", há 3'],
    });
    const latin1 = Buffer.from(csvFile(good), "latin1");
    expect(await csvAction("csv-check", latin1)).toMatchObject({ ok: false, lines: [NOT_UTF8] });
  });

  it("reads a file with a BOM, as Excel saves 'CSV UTF-8'", async () => {
    const prefix = `BOM-${unique()}`;
    const answer = await csvAction("csv-check", `\uFEFF${csvFile(phoneRows(`b-${prefix}`, prefix))}`);
    expect(answer).toMatchObject({ ok: true });
  });
});

describe("exporting the products CSV", () => {
  it("gives back a file that imports without changing anything", async () => {
    const prefix = `RT-${unique()}`;
    await csvAction("csv-import", csvFile(phoneRows(`rt-${prefix}`, prefix)));
    const pages = productPages(store.context, admin);
    await pages.create({
      name: 'Cabo simples; com aspas "duplas"',
      description: "",
      price: "19,90",
      compareAt: "29,90",
      stock: "7",
      category: "Cabos",
      brand: "",
      sku: `${prefix}-CABO`,
      weightGrams: "120",
      heightCm: "3",
      widthCm: "10",
      lengthCm: "15",
      "specs.0.name": "Comprimento",
      "specs.0.value": "1 m, trançado",
    });
    const first = await exported();
    expect(first.startsWith(`\uFEFF${PRODUCT_CSV_COLUMNS.join(";")}\r\n`)).toBe(true);
    const before = await catalogueState();
    const audits = (await auditEntries(store.context, "product", before.products[0]!.id)).length;

    const answer = await csvAction("csv-import", first);
    expect(answer.lines).toBeUndefined();
    expect(answer).toMatchObject({ ok: true });
    expect(await catalogueState()).toEqual(before);
    expect(await exported()).toBe(first);
    expect(await auditEntries(store.context, "product", before.products[0]!.id)).toHaveLength(audits);
  });
});

describe("a cell a spreadsheet would run as a formula", () => {
  it("is exported behind an apostrophe, as text, and imported back unchanged", async () => {
    const prefix = `FX-${unique()}`;
    const pages = productPages(store.context, admin);
    await pages.create({
      name: `=HIPERLINK("http://golpe.example";"${prefix}")`,
      description: "-10% no PIX",
      price: "19,90",
      compareAt: "",
      stock: "7",
      category: "Cabos",
      brand: "@fornecedor",
      sku: `${prefix}-CABO`,
      "specs.0.name": "+Voltagem",
      "specs.0.value": "220 V",
    });
    const first = await exported();
    const [header, ...records] = parse(first, { bom: true, delimiter: ";" }) as string[][];
    const cells = Object.fromEntries(
      header!.map((column, index) => [
        column,
        records.find((cells) => cells.includes(`${prefix}-CABO`))![index],
      ]),
    );
    expect(cells).toMatchObject({
      nome: `'=HIPERLINK("http://golpe.example";"${prefix}")`,
      descricao: "'-10% no PIX",
      marca: "'@fornecedor",
      especificacoes: "'+Voltagem: 220 V",
    });
    const before = await catalogueState();

    expect(await csvAction("csv-import", first)).toMatchObject({ ok: true });
    expect(await catalogueState()).toEqual(before);
    const [product] = await store.context.db
      .select()
      .from(products)
      .where(eq(products.name, `=HIPERLINK("http://golpe.example";"${prefix}")`));
    expect(product).toMatchObject({ description: "-10% no PIX", brand: "@fornecedor" });
  });
});

describe("importing an existing product's images and options", () => {
  /** Another site with the owner's new photos; it counts the requests the store makes to it. */
  let site: TrustedSite;
  let requests = 0;

  beforeAll(async () => {
    const picture = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    site = await startTrustedSite((request, response) => {
      requests += 1;
      if (request.url?.endsWith(".png"))
        response.writeHead(200, { "Content-Type": "image/png" }).end(picture);
      else response.writeHead(404).end();
    });
  });

  afterAll(() => site.stop());

  const upload = (name: string) => `/uploads/products/${name}.webp`;

  /** A phone sold in black only, with a cover, three gallery photos and a photo of its variant. */
  async function photographedPhone() {
    const tag = unique();
    const { product, variants } = await createProductWithVariants(store.context.db, {
      image: upload(`capa-${tag}`),
      gallery: [upload(`lado-${tag}`), upload(`verso-${tag}`), upload(`fundo-${tag}`)],
      options: [{ name: "Cor", values: ["Preto"] }],
      variants: [{ values: ["Preto"], priceCents: 99_990, stock: 4, images: [upload(`preto-${tag}`)] }],
    });
    return { product, sku: variants[0]!.sku, tag };
  }

  /** The phone's one row as a file made by hand describes it. */
  function phoneRow(
    product: { name: string; category: string },
    sku: string,
    fields: Partial<ProductCsvRow>,
  ) {
    return row({
      handle: `h-${sku}`,
      nome: product.name,
      descricao: "Descrição do produto de teste.",
      categoria: product.category,
      opcao1_nome: "Cor",
      opcao1_valor: "Preto",
      sku,
      preco: "999,90",
      estoque: "4",
      ...fields,
    });
  }

  /** The product's cover, its own gallery and its variants' photos, each in display order. */
  async function picturesOf(productId: number) {
    const db = store.context.db;
    const [product] = await db.select().from(products).where(eq(products.id, productId));
    const photos = await db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.displayOrder), asc(productImages.id));
    const own = photos.filter((photo) => photo.variantId === null);
    expect(own.map((photo) => photo.displayOrder)).toEqual(own.map((_, index) => index));
    return {
      cover: product!.image,
      gallery: own.map((photo) => photo.imageUrl),
      variantPhotos: photos.filter((photo) => photo.variantId !== null).map((photo) => photo.imageUrl),
    };
  }

  /** The audit records of the product's gallery: what was done to which image. */
  async function galleryAudits(productId: number) {
    const entries = await store.context.db
      .select()
      .from(adminAuditLog)
      .where(
        inArray(adminAuditLog.action, ["product_image.add", "product_image.remove", "product_image.reorder"]),
      )
      .orderBy(asc(adminAuditLog.id));
    return entries.flatMap(({ action, adminId, before, after }) => {
      const image = (before ?? after) as { productId: number; imageUrl?: string };
      return image.productId === productId ? [[action, adminId, image.imageUrl]] : [];
    });
  }

  /** The exported file with only these products' rows. */
  async function exportedRowsOf(...described: { id: number; name: string }[]): Promise<string> {
    const handles = described.map((product) => `${productHandle(product.id, product.name)};`);
    const [header, ...lines] = (await exported()).split("\r\n");
    return [header, ...lines.filter((line) => handles.some((handle) => line.startsWith(handle)))]
      .map((line) => `${line}\r\n`)
      .join("");
  }

  it("keeps the images when imagens is empty; a list becomes them: new ones fetched, the first the cover", async () => {
    const { product, sku, tag } = await photographedPhone();
    const pictures = await picturesOf(product.id);
    const cheaper = await csvAction("csv-import", csvFile([phoneRow(product, sku, { preco: "899,90" })]));
    expect(cheaper).toMatchObject({ ok: true });
    expect((await variantsBySku(sku))[0]!.priceCents).toBe(89_990);
    expect(await picturesOf(product.id)).toEqual(pictures);
    expect(await galleryAudits(product.id)).toEqual([]);

    const before = requests;
    const images = [
      `${site.url}/nova.png`,
      `${TEST_BASE_URL}${upload(`verso-${tag}`)}`,
      upload(`capa-${tag}`),
      upload(`lado-${tag}`),
    ];
    const file = csvFile([phoneRow(product, sku, { imagens: images.join(" | ") })]);
    // A check reads the addresses' form only.
    expect(await csvAction("csv-check", file)).toMatchObject({ ok: true });
    expect(requests).toBe(before);
    expect(await picturesOf(product.id)).toEqual(pictures);
    const answer = await csvAction("csv-import", file);
    expect(answer).toMatchObject({
      ok: true,
      message: "Importado: 0 produtos novos, 1 produto atualizado, 1 variante.",
    });
    // Only the new photo is fetched: the store's own, written either way, are known.
    expect(requests - before).toBe(1);
    const after = await picturesOf(product.id);
    expect(after).toEqual({
      cover: expect.stringMatching(/^\/uploads\/products\/admin-.+\.webp$/) as string,
      gallery: [upload(`verso-${tag}`), upload(`capa-${tag}`), upload(`lado-${tag}`)],
      variantPhotos: [upload(`preto-${tag}`)],
    });
    expect(await galleryAudits(product.id)).toEqual([
      ["product_image.remove", admin.id, upload(`fundo-${tag}`)],
      ["product_image.add", admin.id, upload(`capa-${tag}`)],
      ["product_image.reorder", admin.id, undefined],
    ]);
    const [update] = await auditEntries(store.context, "product", product.id);
    expect(update).toMatchObject({
      action: "product.update",
      before: { image: upload(`capa-${tag}`) },
      after: { image: after.cover },
    });
  });

  it("refuses the whole import when an image cannot be fetched, changing nothing", async () => {
    const { product, sku, tag } = await photographedPhone();
    const before = await catalogueState();
    const pictures = await picturesOf(product.id);
    const missing = `${site.url}/sumiu`;
    const file = csvFile([
      phoneRow(product, sku, {
        nome: "Outro nome",
        preco: "899,90",
        imagens: [`${site.url}/nova.png`, upload(`capa-${tag}`), missing].join(" | "),
      }),
    ]);
    expect(await csvAction("csv-check", file)).toMatchObject({ ok: true });
    expect(await csvAction("csv-import", file)).toMatchObject({
      ok: false,
      lines: [`Linha 2: Não foi possível baixar a imagem dessa URL: "${missing}"`],
    });
    expect(await catalogueState()).toEqual(before);
    expect(await picturesOf(product.id)).toEqual(pictures);
    expect(await galleryAudits(product.id)).toEqual([]);
  });

  it("imports its own export without a change, a fetch or an audit record", async () => {
    const { product: phone, tag } = await photographedPhone();
    // As the demo catalogue keeps them: the gallery holds the cover, here in its second place.
    const { product: demo } = await createProductWithVariants(store.context.db, {
      image: upload(`demo-capa-${tag}`),
      gallery: [upload(`demo-lado-${tag}`), upload(`demo-capa-${tag}`), upload(`demo-verso-${tag}`)],
      variants: [{ priceCents: 5_000, stock: 2 }],
    });
    // No cover (the placeholder), a gallery all the same.
    const { product: uncovered } = await createProductWithVariants(store.context.db, {
      gallery: [upload(`sem-capa-${tag}`)],
      variants: [{ priceCents: 7_000, stock: 1 }],
    });
    const file = await exportedRowsOf(phone, demo, uncovered);
    // Each product's images as its page shows them, the cover first; the variants' photos aside.
    expect(file).toContain(
      `;${[upload(`capa-${tag}`), upload(`lado-${tag}`), upload(`verso-${tag}`), upload(`fundo-${tag}`)].join(" | ")};`,
    );
    expect(file).toContain(
      `;${[upload(`demo-capa-${tag}`), upload(`demo-lado-${tag}`), upload(`demo-verso-${tag}`)].join(" | ")};`,
    );
    expect(file).toContain(`;${upload(`sem-capa-${tag}`)};`);
    const ids = [phone.id, demo.id, uncovered.id];
    const pictures = await Promise.all(ids.map(picturesOf));
    const state = await catalogueState();
    const audits = await store.context.db.$count(adminAuditLog);
    const fetchedBefore = requests;

    expect(await csvAction("csv-import", file)).toMatchObject({
      ok: true,
      message: "Importado: 0 produtos novos, 3 produtos atualizados, 3 variantes.",
    });
    expect(requests).toBe(fetchedBefore);
    expect(await Promise.all(ids.map(picturesOf))).toEqual(pictures);
    expect(await catalogueState()).toEqual(state);
    expect(await store.context.db.$count(adminAuditLog)).toBe(audits);
    expect(await exportedRowsOf(phone, demo, uncovered)).toBe(file);
  });

  it("keeps an option value no variant sells, in its place among the values", async () => {
    const options = [{ name: "Cor", values: ["Preto", "Branco", "Azul"] }];
    const { product, variants } = await createProductWithVariants(store.context.db, {
      options,
      variants: [
        { values: ["Preto"], priceCents: 10_000, stock: 3 },
        { values: ["Azul"], priceCents: 11_000, stock: 2 },
      ],
    });
    const optionsOf = async () =>
      (await store.context.db.select().from(products).where(eq(products.id, product.id)))[0]!.options;
    const state = await catalogueState();

    expect(await csvAction("csv-import", await exportedRowsOf(product))).toMatchObject({ ok: true });
    expect(await catalogueState()).toEqual(state);
    expect(await optionsOf()).toEqual(options);

    // A new value follows the product's own, whatever the rows' order.
    const sold = { nome: product.name, categoria: product.category, opcao1_nome: "Cor", estoque: "1" };
    const rows = [
      row({
        ...sold,
        handle: `h-${product.id}`,
        opcao1_valor: "Verde",
        sku: `${variants[0]!.sku}-V`,
        preco: "12",
      }),
      row({ ...sold, handle: `h-${product.id}`, opcao1_valor: "Preto", sku: variants[0]!.sku, preco: "10" }),
    ];
    expect(await csvAction("csv-import", csvFile(rows))).toMatchObject({ ok: true });
    expect(await optionsOf()).toEqual([{ name: "Cor", values: ["Preto", "Branco", "Azul", "Verde"] }]);
  });
});

describe("npm run products", () => {
  it("exports and imports a file, refusing a bad one with its lines", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "vitrine-products-csv-"));
    const env = { DATA_DIR: path.join(folder, "data"), STORAGE: "local", LOG_LEVEL: "silent" };
    try {
      const prefix = `CLI-${unique()}`;
      const file = path.join(folder, "entrada.csv");
      await writeFile(file, csvFile(phoneRows(`cli-${prefix}`, prefix)));
      const dryRun = await runNpmScript("products", ["import", file, "--dry-run"], env);
      expect(dryRun).toMatchObject({ code: 0 });
      expect(dryRun.stdout).toContain("Verificado, nada gravado ainda: 1 produto novo");
      const imported = await runNpmScript("products", ["import", file], env);
      expect(imported.stdout).toContain("Importado: 1 produto novo, 0 produtos atualizados, 3 variantes.");

      const output = path.join(folder, "saida.csv");
      expect(await runNpmScript("products", ["export", output], env)).toMatchObject({ code: 0 });
      const text = await readFile(output, "utf8");
      expect(text).toContain(`${prefix}-P128`);
      expect((await runNpmScript("products", ["import", output], env)).stdout).toContain(
        "Importado: 0 produtos novos, 1 produto atualizado, 3 variantes.",
      );

      await writeFile(
        file,
        csvFile([row({ handle: "x", nome: "X", categoria: "X", sku: "X-1", preco: "abc" })]),
      );
      const refused = await runNpmScript("products", ["import", file], env);
      expect(refused).toMatchObject({ code: 1 });
      expect(refused.stderr).toContain('Linha 2: Preço inválido "abc"');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 180_000);
});
