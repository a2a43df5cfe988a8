import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, orderItems, products, productVariants } from "../../app/db/schema.server";
import type { AdminProductRow } from "../../app/domain/admin/admin-product";
import { auditEntries, productForm, productPages, productRow } from "../support/admin-products";
import { signedInAdmin, type TestAdmin } from "../support/admin";
import { createOrder } from "../support/factories";
import { setUpTestStore } from "../support/test-context";

const store = setUpTestStore();
let admin: TestAdmin;
let pages: ReturnType<typeof productPages>;

beforeAll(async () => {
  admin = await signedInAdmin(store.context);
  pages = productPages(store.context, admin);
});

let skuCounter = 0;
const uniqueSku = (prefix: string) => `${prefix}-${Date.now()}-${++skuCounter}`;

/** A phone in two colours and two storage sizes, as the form's grid posts it. */
function phoneForm(skuPrefix: string, overrides: Record<string, string> = {}): Record<string, string> {
  const combinations = [
    ["Preto", "128 GB"],
    ["Preto", "256 GB"],
    ["Branco", "128 GB"],
    ["Branco", "256 GB"],
  ];
  const grid = Object.fromEntries(
    combinations.flatMap((values, index) => [
      [`variants.${index}.optionValues`, JSON.stringify(values)],
      [`variants.${index}.sku`, `${skuPrefix}-${index}`],
      [`variants.${index}.price`, values[1] === "128 GB" ? "1.999,90" : "2.499,90"],
      [`variants.${index}.compareAt`, ""],
      [`variants.${index}.stock`, String(index + 1)],
      [`variants.${index}.gtin`, ""],
      [`variants.${index}.active`, "on"],
    ]),
  );
  return {
    ...productForm({ name: "Celular Variantes", category: "Celulares" }),
    price: "",
    stock: "",
    brand: "Marca X",
    "options.0.name": "Cor",
    "options.0.values": "Preto, Branco",
    "options.1.name": "Armazenamento",
    "options.1.values": "128 GB, 256 GB",
    "options.2.name": "",
    "options.2.values": "",
    "specs.0.name": "Tela",
    "specs.0.value": '6,7" OLED',
    "specs.1.name": "",
    "specs.1.value": "",
    ...grid,
    ...overrides,
  };
}

async function variantsOf(productId: number) {
  return store.context.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.displayOrder));
}

async function createPhone(skuPrefix: string): Promise<number> {
  const answer = await pages.create(phoneForm(skuPrefix));
  expect(answer).toMatchObject({ ok: true });
  return (answer as { productId: number }).productId;
}

describe("a product with options", () => {
  it("is created with its variants, brand, specs and price range, and audited", async () => {
    const prefix = uniqueSku("CEL");
    const id = await createPhone(prefix);
    expect(await productRow(store.context, id)).toMatchObject({
      brand: "Marca X",
      options: [
        { name: "Cor", values: ["Preto", "Branco"] },
        { name: "Armazenamento", values: ["128 GB", "256 GB"] },
      ],
      specs: [{ name: "Tela", value: '6,7" OLED' }],
      priceCents: 199_990,
      priceMaxCents: 249_990,
    });
    const variants = await variantsOf(id);
    expect(
      variants.map((variant) => [variant.sku, variant.optionValues, variant.priceCents, variant.stock]),
    ).toEqual([
      [`${prefix}-0`, ["Preto", "128 GB"], 199_990, 1],
      [`${prefix}-1`, ["Preto", "256 GB"], 249_990, 2],
      [`${prefix}-2`, ["Branco", "128 GB"], 199_990, 3],
      [`${prefix}-3`, ["Branco", "256 GB"], 249_990, 4],
    ]);
    const [entry] = await auditEntries(store.context, "product", id);
    expect(entry).toMatchObject({ action: "product.create", adminId: admin.id });
    expect((entry!.after as { variants: unknown[] }).variants).toHaveLength(4);
  });

  it("leaves out the combinations without price and SKU, and makes a SKU left empty", async () => {
    const answer = await pages.create(
      phoneForm(uniqueSku("PARCIAL"), {
        "variants.1.price": "",
        "variants.1.sku": "",
        "variants.3.sku": "",
      }),
    );
    expect(answer).toMatchObject({ ok: true });
    const id = (answer as { productId: number }).productId;
    const variants = await variantsOf(id);
    expect(variants.map((variant) => variant.optionValues)).toEqual([
      ["Preto", "128 GB"],
      ["Branco", "128 GB"],
      ["Branco", "256 GB"],
    ]);
    expect(variants[2]!.sku).toBe(`VTR-${id}-BRANCO-256-GB`);
  });

  it("moves a SKU it makes past one another product already has, instead of failing", async () => {
    const id = await createPhone(uniqueSku("GERADO"));
    const generated = `VTR-${id}-BRANCO-256-GB`;
    const other = await pages.create(phoneForm(uniqueSku("OUTRO"), { "variants.0.sku": generated }));
    expect(other).toMatchObject({ ok: true });

    const form = { ...phoneForm(`GERADO-${id}`, { "variants.3.sku": "" }), intent: "update" };
    expect(await pages.edit(id, form)).toMatchObject({ ok: true });
    expect((await variantsOf(id))[3]!.sku).toBe(`${generated}-2`);
  });

  it("shows its total stock (active variants) and variant count in the panel's list", async () => {
    const id = await createPhone(uniqueSku("LISTA"));
    const form = { ...phoneForm(`LISTA-${id}`), intent: "update" };
    delete (form as Record<string, string>)["variants.3.active"];
    expect(await pages.edit(id, form)).toMatchObject({ ok: true });
    const list = await pages.list(`?q=${encodeURIComponent("Celular Variantes")}`);
    const row = list.products.find((product: AdminProductRow) => product.id === id);
    expect(row).toMatchObject({ stock: 1 + 2 + 3, variantCount: 4 });
  });
});

describe("refusing a bad product", () => {
  const refusals: [string, Record<string, string>, string, string][] = [
    [
      "a SKU typed twice",
      { "variants.1.sku": "REPETIDO", "variants.2.sku": "REPETIDO" },
      "variants.2.sku",
      "SKU repetido: REPETIDO",
    ],
    [
      'a "de" price not above the price',
      { "variants.0.compareAt": "1.999,90" },
      "variants.0.compareAt",
      'Preço "de" deve ser maior que o preço',
    ],
    [
      "a negative stock",
      { "variants.2.stock": "-3" },
      "variants.2.stock",
      "Estoque deve ser um número inteiro maior ou igual a zero",
    ],
    [
      "a fourth option",
      {
        "options.2.name": "Voltagem",
        "options.2.values": "110 V",
        "options.3.name": "Tamanho",
        "options.3.values": "P",
      },
      "options",
      "No máximo 3 opções por produto",
    ],
    [
      "an option without values",
      { "options.1.values": " , " },
      "options.1.values",
      "Informe ao menos um valor para a opção",
    ],
    [
      "a value twice in an option",
      { "options.0.values": "Preto, Branco, Preto" },
      "options.0.values",
      "Valor repetido na opção Cor: Preto",
    ],
    [
      "a variant that is not a combination of the options",
      { "variants.3.optionValues": JSON.stringify(["Verde", "256 GB"]) },
      "variants.3.optionValues",
      "Combinação inexistente nas opções do produto: Verde / 256 GB",
    ],
    [
      "a GTIN whose check digit is wrong",
      { "variants.1.gtin": "7891234567894" },
      "variants.1.gtin",
      "GTIN inválido: confira o último dígito (dígito verificador)",
    ],
    [
      "a GTIN of 9 digits",
      { "variants.1.gtin": "789123456" },
      "variants.1.gtin",
      "GTIN deve ter 8, 12, 13 ou 14 dígitos",
    ],
    ["a long brand", { brand: "m".repeat(81) }, "brand", "Marca deve ter no máximo 80 caracteres"],
    [
      "a spec without value",
      { "specs.1.name": "Bateria" },
      "specs.1.value",
      "Ficha técnica: informe o valor",
    ],
    [
      "more than 40 spec rows",
      Object.fromEntries(
        Array.from({ length: 41 }, (_, index) => [
          [`specs.${index}.name`, `Item ${index}`],
          [`specs.${index}.value`, "sim"],
        ]).flat(),
      ),
      "specs",
      "Ficha técnica deve ter no máximo 40 linhas",
    ],
  ];

  it.each(refusals)(
    "refuses %s with its pt-BR message, and changes nothing",
    async (_, overrides, field, message) => {
      const id = await createPhone(uniqueSku("INTACTO"));
      const before = { product: await productRow(store.context, id), variants: await variantsOf(id) };
      const created = await pages.create(phoneForm(uniqueSku("NOVO"), overrides));
      expect(created).toMatchObject({ intent: "create", ok: false, errors: { [field]: message } });
      const updated = await pages.edit(id, {
        ...phoneForm(before.variants[0]!.sku.slice(0, -2)),
        ...overrides,
        intent: "update",
      });
      expect(updated).toMatchObject({ intent: "update", ok: false, errors: { [field]: message } });
      expect({ product: await productRow(store.context, id), variants: await variantsOf(id) }).toEqual(
        before,
      );
    },
  );

  it("refuses a SKU of another product, on creating and on editing", async () => {
    const other = uniqueSku("OUTRO");
    await createPhone(other);
    const id = await createPhone(uniqueSku("MEU"));
    const before = await variantsOf(id);
    const message = `SKU já usado por outro produto: ${other}-2`;
    const created = await pages.create(phoneForm(uniqueSku("NOVO"), { "variants.0.sku": `${other}-2` }));
    expect(created).toMatchObject({ ok: false, errors: { "variants.0.sku": message } });
    const edited = await pages.edit(id, {
      ...phoneForm(before[0]!.sku.slice(0, -2), { "variants.1.sku": `${other}-2` }),
      intent: "update",
    });
    expect(edited).toMatchObject({ ok: false, errors: { "variants.1.sku": message } });
    expect(await variantsOf(id)).toEqual(before);
  });

  it("refuses a SKU of another product for a product without options, at the SKU field", async () => {
    const other = uniqueSku("SIMPLES");
    await createPhone(other);
    const answer = await pages.create(productForm({ sku: `${other}-0` }));
    expect(answer).toMatchObject({
      ok: false,
      errors: { sku: `SKU já usado por outro produto: ${other}-0` },
    });
  });
});

describe("editing the variants", () => {
  it("keeps the ids of the combinations still sold, drops the others from carts, adds the new ones", async () => {
    const prefix = uniqueSku("EDITA");
    const id = await createPhone(prefix);
    const [blackSmall, , whiteSmall] = await variantsOf(id);
    await store.context.db.insert(cartItems).values([
      { userId: admin.id, productId: id, variantId: blackSmall!.id, quantity: 1 },
      { userId: admin.id, productId: id, variantId: whiteSmall!.id, quantity: 1 },
    ]);
    const answer = await pages.edit(id, {
      ...phoneForm(prefix),
      intent: "update",
      "options.0.values": "Preto, Azul",
      "variants.2.optionValues": JSON.stringify(["Azul", "128 GB"]),
      "variants.2.sku": `${prefix}-azul`,
      "variants.3.optionValues": JSON.stringify(["Azul", "256 GB"]),
      "variants.3.sku": `${prefix}-3`,
      "variants.0.price": "1.899,90",
      "variants.0.compareAt": "1.999,90",
    });
    expect(answer).toMatchObject({ intent: "update", ok: true });
    const variants = await variantsOf(id);
    expect(variants.map((variant) => variant.optionValues)).toEqual([
      ["Preto", "128 GB"],
      ["Preto", "256 GB"],
      ["Azul", "128 GB"],
      ["Azul", "256 GB"],
    ]);
    expect(variants[0]).toMatchObject({ id: blackSmall!.id, priceCents: 189_990, compareAtCents: 199_990 });
    expect(variants.map((variant) => variant.id)).not.toContain(whiteSmall!.id);
    const cart = await store.context.db.select().from(cartItems).where(eq(cartItems.userId, admin.id));
    expect(cart.map((line) => line.variantId)).toEqual([blackSmall!.id]);
    expect(await productRow(store.context, id)).toMatchObject({
      priceCents: 189_990,
      priceMaxCents: 249_990,
    });
    const [entry] = await auditEntries(store.context, "product", id);
    expect(entry).toMatchObject({ action: "product.update" });
    expect(Object.keys(entry!.after as object).sort()).toEqual(["options", "variants"]);
  });

  it("leaves the order lines of a removed variant as they were sold, without the link", async () => {
    const prefix = uniqueSku("VENDIDO");
    const id = await createPhone(prefix);
    const [, , whiteSmall] = await variantsOf(id);
    const sold = {
      ...(await productRow(store.context, id))!,
      priceCents: whiteSmall!.priceCents,
      variantId: whiteSmall!.id,
      sku: whiteSmall!.sku,
      variantLabel: "Cor: Branco · Armazenamento: 128 GB",
    };
    const order = await createOrder(store.database.db, {
      userId: null,
      lines: [{ product: sold, quantity: 1 }],
    });
    const answer = await pages.edit(id, {
      ...phoneForm(prefix),
      intent: "update",
      "variants.2.price": "",
      "variants.2.sku": "",
    });
    expect(answer).toMatchObject({ ok: true });
    const [line] = await store.context.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({
      productId: id,
      variantId: null,
      variantLabel: "Cor: Branco · Armazenamento: 128 GB",
      sku: whiteSmall!.sku,
    });
  });

  it("records nothing when nothing changed", async () => {
    const prefix = uniqueSku("IGUAL");
    const id = await createPhone(prefix);
    const entries = (await auditEntries(store.context, "product", id)).length;
    expect(await pages.edit(id, { ...phoneForm(prefix), intent: "update" })).toMatchObject({ ok: true });
    expect(await auditEntries(store.context, "product", id)).toHaveLength(entries);
  });

  it("turns a product with options into one without: a single default variant", async () => {
    const id = await createPhone(uniqueSku("SEM"));
    const sku = uniqueSku("UNICO");
    const answer = await pages.edit(id, {
      ...productForm({ price: "99,90", stock: "5", sku }),
      intent: "update",
    });
    expect(answer).toMatchObject({ ok: true });
    expect(
      (await variantsOf(id)).map((variant) => [variant.sku, variant.optionValues, variant.stock]),
    ).toEqual([[sku, [], 5]]);
    expect(
      await store.context.db.select({ options: products.options }).from(products).where(eq(products.id, id)),
    ).toEqual([{ options: [] }]);
  });
});
