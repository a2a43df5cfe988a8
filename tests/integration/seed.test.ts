import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { count, countDistinct, eq, sql } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareStore } from "../../app/startup/prepare-store.server";
import { seedSyntheticProducts } from "../../app/startup/seed/synthetic-products.server";
import {
  accounts,
  productImages,
  products,
  productVariants,
  userRoles,
  users,
} from "../../app/db/schema.server";
import { smallProductImageUrl } from "../../app/lib/product-images";
import { createLocalFileStorage } from "../../app/storage/local-file-storage.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const silent = pino({ level: "silent" });
const env = { ADMIN_EMAIL: "Dona@Loja.com.br", ADMIN_PASSWORD: "senha-forte-123", SEED_DEMO: true };

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-seed-"));
  await prepareStore(database, createLocalFileStorage(dataDir), env, silent);
}, 120_000);
afterAll(async () => {
  await database.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

describe("first start", () => {
  it("loads a demo catalogue of at least 40 products in at least 6 categories", async () => {
    const [totals] = await database.db
      .select({ products: count(), categories: countDistinct(products.category) })
      .from(products);
    expect(totals!.products).toBeGreaterThanOrEqual(40);
    expect(totals!.categories).toBeGreaterThanOrEqual(6);
  });

  it("gives every product a stored WebP main image, in two widths, and at least 10 products a gallery of 3-4", async () => {
    const rows = await database.db.select({ image: products.image }).from(products);
    for (const { image } of rows) {
      expect(image).toMatch(/^\/uploads\/products\/[\w-]+\.webp$/);
      for (const [url, width] of [
        [image, 800],
        [smallProductImageUrl(image), 400],
      ] as const) {
        const bytes = await readFile(path.join(dataDir, url.replace(/^\//, "")));
        expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
        expect(bytes.length).toBeLessThanOrEqual(60 * 1024);
        expect((await sharp(bytes).metadata()).width).toBe(width);
      }
    }
    const galleries = await database.db
      .select({ productId: productImages.productId, images: count() })
      .from(productImages)
      .groupBy(productImages.productId);
    expect(
      galleries.filter((gallery) => gallery.images >= 3 && gallery.images <= 4).length,
    ).toBeGreaterThanOrEqual(10);
  });

  it("sells a phone, a notebook and a 110/220 V appliance as variants, and every other product as one", async () => {
    const rows = await database.db
      .select({
        id: products.id,
        name: products.name,
        brand: products.brand,
        priceCents: products.priceCents,
        priceMaxCents: products.priceMaxCents,
        specs: products.specs,
        variants: sql<string[]>`array_agg(${productVariants.sku} order by ${productVariants.displayOrder})`,
        stock: sql<number>`sum(${productVariants.stock})`.mapWith(Number),
      })
      .from(products)
      .innerJoin(productVariants, eq(productVariants.productId, products.id))
      .groupBy(products.id);
    expect(rows.filter((row) => row.brand === null)).toEqual([]);
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get("Smartphone Nova X5 Pro")).toMatchObject({
      brand: "Nova",
      priceCents: 269_990,
      priceMaxCents: 329_990,
      stock: 24,
      variants: [
        "NOVA-X5PRO-GRF-256",
        "NOVA-X5PRO-GRF-512",
        "NOVA-X5PRO-PRT-256",
        "NOVA-X5PRO-PRT-512",
        "NOVA-X5PRO-VRD-256",
        "NOVA-X5PRO-VRD-512",
      ],
      specs: expect.arrayContaining([{ name: "Memória RAM", value: "12 GB" }]),
    });
    expect(byName.get("Notebook Atlas Pro 14 Ryzen 7")).toMatchObject({
      priceCents: 529_990,
      priceMaxCents: 609_990,
      variants: ["ATLAS-PRO14-R7-16", "ATLAS-PRO14-R7-32"],
    });
    expect(byName.get("Soundbar Atlas 2.1 300 W com Subwoofer")).toMatchObject({
      variants: ["ATLAS-SB300-110", "ATLAS-SB300-220"],
    });
    const single = rows.filter((row) => row.variants.length === 1);
    expect(single.length).toBe(rows.length - 3);
    for (const row of single) expect(row.variants).toEqual([`VTR-${row.id}`]);
  });

  it("creates the configured admin, with the admin role and a hashed password", async () => {
    const [admin] = await database.db.select().from(users).where(eq(users.email, "dona@loja.com.br"));
    expect(admin).toBeDefined();
    const roles = await database.db.select().from(userRoles).where(eq(userRoles.userId, admin!.id));
    expect(roles.map((row) => row.role)).toEqual(["admin"]);
    const [account] = await database.db.select().from(accounts).where(eq(accounts.userId, admin!.id));
    expect(account!.password).not.toContain("senha-forte-123");
    expect(await verifyPassword({ hash: account!.password!, password: "senha-forte-123" })).toBe(true);
  });

  it("changes nothing when the store starts again", async () => {
    const before = await database.db.select({ total: count() }).from(products);
    await prepareStore(
      database,
      createLocalFileStorage(dataDir),
      { ...env, ADMIN_PASSWORD: "outra-senha-456" },
      silent,
    );
    const after = await database.db.select({ total: count() }).from(products);
    expect(after).toEqual(before);
    const admins = await database.db.select().from(users).where(eq(users.email, "dona@loja.com.br"));
    expect(admins).toHaveLength(1);
    const [account] = await database.db.select().from(accounts).where(eq(accounts.userId, admins[0]!.id));
    expect(await verifyPassword({ hash: account!.password!, password: "senha-forte-123" })).toBe(true);
  });
});

describe("synthetic products", () => {
  it("adds the requested number of products, reusing the catalogue's images", async () => {
    const [before] = await database.db.select({ total: count() }).from(products);
    await seedSyntheticProducts(database.db, 2_500);
    const [after] = await database.db.select({ total: count() }).from(products);
    expect(after!.total - before!.total).toBe(2_500);
    const [placeholders] = await database.db
      .select({ total: count() })
      .from(products)
      .where(eq(products.image, "/placeholder.svg"));
    expect(placeholders!.total).toBe(0);
    const [synthetic] = await database.db
      .select({
        withoutBrand:
          sql<number>`count(distinct ${products.id}) filter (where ${products.brand} is null)`.mapWith(
            Number,
          ),
        variants: count(),
      })
      .from(products)
      .innerJoin(productVariants, eq(productVariants.productId, products.id))
      .where(sql`${products.description} like 'Produto sintético%'`);
    expect(synthetic).toEqual({ withoutBrand: 0, variants: 2_500 * 6 });
  });
});
