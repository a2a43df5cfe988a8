import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, orders, productVariants, profiles } from "../../app/db/schema.server";
import { expectConstraintViolation } from "../support/constraints";
import { createAddress, createProduct, createProductWithVariants, createUser } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("products", () => {
  it("never holds negative stock", async () => {
    await expectConstraintViolation(
      createProduct(database.db, { stock: -1 }),
      "product_variants_stock_non_negative",
    );
  });

  it("holds prices as positive centavos up to R$ 1.000.000,00", async () => {
    await expectConstraintViolation(createProduct(database.db, { priceCents: 0 }), "products_price_positive");
    await expectConstraintViolation(
      createProduct(database.db, { priceCents: 100_000_001 }),
      "products_price_positive",
    );
    const product = await createProduct(database.db, { priceCents: 100_000_000 });
    expect(product.priceCents).toBe(100_000_000);
  });

  it("defaults a new product to the placeholder image, and a new variant to no stock", async () => {
    const product = await createProduct(database.db, { image: undefined });
    expect(product.image).toBe("/placeholder.svg");
    const [variant] = await database.db
      .insert(productVariants)
      .values({
        productId: product.id,
        sku: `SEM-ESTOQUE-${product.id}`,
        optionValues: ["Azul"],
        priceCents: 100,
      })
      .returning();
    expect(variant!.stock).toBe(0);
  });
});

describe("product variants", () => {
  it("refuse a duplicate SKU, a 'de' price not above the price and a repeated option combination", async () => {
    const { product, variants } = await createProductWithVariants(database.db, {
      options: [{ name: "Cor", values: ["Preto", "Branco"] }],
      variants: [{ values: ["Preto"], priceCents: 1_000, stock: 1 }],
    });
    const variant = { productId: product.id, priceCents: 1_000 };
    await expectConstraintViolation(
      database.db
        .insert(productVariants)
        .values({ ...variant, sku: variants[0]!.sku, optionValues: ["Branco"] }),
      "product_variants_sku_key",
    );
    await expectConstraintViolation(
      database.db
        .insert(productVariants)
        .values({ ...variant, sku: `DE-${product.id}`, optionValues: ["Branco"], compareAtCents: 1_000 }),
      "product_variants_compare_at_above_price",
    );
    await expectConstraintViolation(
      database.db
        .insert(productVariants)
        .values({ ...variant, sku: `OUTRA-${product.id}`, optionValues: ["Preto"] }),
      "product_variants_product_options_key",
    );
  });
});

describe("profiles", () => {
  const base = { fullName: "Maria Silva", phone: "11987654321", email: "maria@example.com" };

  it("keeps a CPF only for PF and a CNPJ only for PJ", async () => {
    const pf = await createUser(database.db);
    await expectConstraintViolation(
      database.db.insert(profiles).values({ ...base, id: pf.id, userType: "PF", cnpj: "11222333000181" }),
      "profiles_document_matches_type",
    );
    await database.db.insert(profiles).values({ ...base, id: pf.id, userType: "PF", cpf: "52998224725" });

    const pj = await createUser(database.db);
    await expectConstraintViolation(
      database.db.insert(profiles).values({ ...base, id: pj.id, userType: "PJ", cpf: "52998224725" }),
      "profiles_document_matches_type",
    );
    await database.db.insert(profiles).values({
      ...base,
      id: pj.id,
      userType: "PJ",
      cnpj: "11222333000181",
      companyWebsite: "https://a.com.br",
    });
    const saved = await database.db.select().from(profiles).where(eq(profiles.id, pj.id));
    expect(saved[0]).toMatchObject({ userType: "PJ", cnpj: "11222333000181", cpf: null });
  });

  it("keeps a CNPJ in its one stored spelling: 12 upper-case letters or digits, then 2 digits", async () => {
    const company = { ...base, userType: "PJ" as const, companyWebsite: "https://a.com.br" };
    for (const cnpj of [
      "12abc34501de35",
      "12.ABC.345/01DE-35",
      "12ABC34501DEA5",
      "12ABC34501DE3",
      "12ÁBC34501DE35",
    ]) {
      const user = await createUser(database.db);
      await expectConstraintViolation(
        database.db.insert(profiles).values({ ...company, id: user.id, cnpj }),
        "profiles_document_matches_type",
      );
    }
    const user = await createUser(database.db);
    await database.db.insert(profiles).values({ ...company, id: user.id, cnpj: "12ABC34501DE35" });
    const saved = await database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(saved[0]).toMatchObject({ userType: "PJ", cnpj: "12ABC34501DE35" });
  });

  it("stores the phone as 10 or 11 digits", async () => {
    const user = await createUser(database.db);
    await expectConstraintViolation(
      database.db
        .insert(profiles)
        .values({ ...base, id: user.id, userType: "PF", cpf: "52998224725", phone: "(11) 98765-4321" }),
      "profiles_phone_digits",
    );
  });
});

describe("addresses", () => {
  it("allows at most one default address per user", async () => {
    const user = await createUser(database.db);
    await createAddress(database.db, user.id, { isDefault: true });
    await createAddress(database.db, user.id, { isDefault: false });
    await expectConstraintViolation(
      createAddress(database.db, user.id, { isDefault: true }),
      "addresses_one_default_per_user",
    );
    const other = await createUser(database.db);
    const otherDefault = await createAddress(database.db, other.id, { isDefault: true });
    expect(otherDefault.isDefault).toBe(true);
  });

  it("requires an 8-digit CEP and a two-letter UF", async () => {
    const user = await createUser(database.db);
    await expectConstraintViolation(
      createAddress(database.db, user.id, { cep: "0131010" }),
      "addresses_cep_digits",
    );
    await expectConstraintViolation(
      createAddress(database.db, user.id, { state: "São" }),
      "addresses_state_uf",
    );
  });
});

describe("favorites", () => {
  it("holds a product once per user", async () => {
    const user = await createUser(database.db);
    const product = await createProduct(database.db);
    await database.db.insert(favorites).values({ userId: user.id, productId: product.id });
    await expectConstraintViolation(
      database.db.insert(favorites).values({ userId: user.id, productId: product.id }),
      "favorites_user_id_product_id_pk",
    );
  });
});

describe("orders", () => {
  async function newOrder() {
    const user = await createUser(database.db);
    const address = await createAddress(database.db, user.id);
    return {
      userId: user.id,
      totalCents: 19_990,
      customerName: "Maria Silva",
      customerEmail: "maria@example.com",
      customerPhone: "11987654321",
      customerTaxId: "52998224725",
      shippingAddress: address,
    };
  }

  it("marks an order paid only together with its payment time", async () => {
    const order = await newOrder();
    await expectConstraintViolation(
      database.db.insert(orders).values({ ...order, paymentStatus: "paid" }),
      "orders_paid_consistency",
    );
    const [paid] = await database.db
      .insert(orders)
      .values({ ...order, paymentStatus: "paid", paidAt: new Date() })
      .returning();
    expect(paid!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("holds only the PIX statuses ACTIVE, COMPLETED and EXPIRED", async () => {
    const order = await newOrder();
    await expectConstraintViolation(
      database.db.insert(orders).values({ ...order, pixStatus: "PAID" as "COMPLETED" }),
      "orders_pix_status",
    );
    const [active] = await database.db.insert(orders).values(order).returning();
    await expectConstraintViolation(
      database.db.execute(sql`update orders set pix_status = 'PAID' where id = ${active!.id}`),
      "orders_pix_status",
    );
    const [kept] = await database.db.select().from(orders).where(eq(orders.id, active!.id));
    expect(kept!.pixStatus).toBe("ACTIVE");
  });
});
