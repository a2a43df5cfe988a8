import { randomUUID } from "node:crypto";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../app/db/client.server";
import {
  addresses,
  orderItems,
  orderRefunds,
  orders,
  productImages,
  products,
  productVariants,
  users,
} from "../../app/db/schema.server";
import { variantLabel, type ProductOption } from "../../app/domain/catalog/variants";

type NewProduct = typeof products.$inferInsert;
type NewAddress = typeof addresses.$inferInsert;

let sequence = 0;

/**
 * A product without options, sold as its one default variant (decision 0030): `priceCents` and
 * `stock` are the variant's. Answers the product with its variant's id, SKU, label and stock.
 */
export async function createProduct(
  db: Database,
  { stock = 10, ...overrides }: Partial<Omit<NewProduct, "priceMaxCents">> & { stock?: number } = {},
) {
  sequence += 1;
  const priceCents = overrides.priceCents ?? 19_990;
  const [product] = await db
    .insert(products)
    .values({
      name: `Produto de teste ${sequence}`,
      description: "Descrição do produto de teste.",
      category: "Acessórios",
      ...overrides,
      priceCents,
      priceMaxCents: priceCents,
    })
    .returning();
  const [variant] = await db
    .insert(productVariants)
    .values({ productId: product!.id, sku: `VTR-${product!.id}`, priceCents, stock })
    .returning();
  return { ...product!, stock, variantId: variant!.id, sku: variant!.sku, variantLabel: "" };
}

export type TestProduct = Awaited<ReturnType<typeof createProduct>>;

/** A product's stock: its active variants' sum. */
export async function stockOf(db: Database, productId: number): Promise<number> {
  const [row] = await db
    .select({ stock: sql<number>`coalesce(sum(${productVariants.stock}), 0)`.mapWith(Number) })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.active, true)));
  return row!.stock;
}

/** Sets the stock of a product without options (its default variant's). */
export async function setStock(
  db: Database | Transaction,
  productId: number,
  stock: number | SQL,
): Promise<void> {
  await db.update(productVariants).set({ stock }).where(eq(productVariants.productId, productId));
}

/**
 * A product sold in variants, inserted as the admin saves it: the product, then one variant per
 * given combination of its `options` ('Cor' Preto/Branco...; none: one default variant), with its
 * price, stock, "de" price and photos, and the product's gallery; the variants' trigger sets the
 * product's price range. Answers the product and its variants as cart and order lines name them.
 */
export async function createProductWithVariants(
  db: Database,
  {
    options = [],
    variants,
    gallery = [],
    ...overrides
  }: Partial<Omit<NewProduct, "priceCents" | "priceMaxCents" | "options">> & {
    options?: ProductOption[];
    /** The product's own photos after its cover, in display order (the demo's hold the cover too). */
    gallery?: string[];
    variants: {
      values?: string[];
      priceCents: number;
      stock: number;
      compareAtCents?: number;
      gtin?: string;
      active?: boolean;
      /** The variant's own photos, in display order. */
      images?: string[];
    }[];
  },
) {
  sequence += 1;
  const prices = variants.map((variant) => variant.priceCents);
  const [product] = await db
    .insert(products)
    .values({
      name: `Produto com variações ${sequence}`,
      description: "Descrição do produto de teste.",
      category: "Celulares",
      ...overrides,
      options,
      priceCents: Math.min(...prices),
      priceMaxCents: Math.max(...prices),
    })
    .returning();
  const rows = await db
    .insert(productVariants)
    .values(
      variants.map(({ values = [], images: _images, ...variant }, index) => ({
        ...variant,
        productId: product!.id,
        sku: `VTR-${product!.id}-${index + 1}`,
        optionValues: values,
        displayOrder: index,
      })),
    )
    .returning();
  const photos = [
    ...gallery.map((imageUrl, displayOrder) => ({ productId: product!.id, imageUrl, displayOrder })),
    ...rows.flatMap((row, index) =>
      (variants[index]!.images ?? []).map((imageUrl, displayOrder) => ({
        productId: product!.id,
        variantId: row.id,
        imageUrl,
        displayOrder,
      })),
    ),
  ];
  if (photos.length > 0) await db.insert(productImages).values(photos);
  const sold = rows.map((row) => ({
    ...product!,
    priceCents: row.priceCents,
    compareAtCents: row.compareAtCents,
    stock: row.stock,
    active: row.active,
    variantId: row.id,
    sku: row.sku,
    optionValues: row.optionValues,
    variantLabel: variantLabel(options, row.optionValues),
  }));
  return { product: product!, variants: sold };
}

export async function createUser(db: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  sequence += 1;
  const [user] = await db
    .insert(users)
    .values({
      id: randomUUID(),
      name: `Cliente ${sequence}`,
      email: `cliente${sequence}@example.com`,
      ...overrides,
    })
    .returning();
  return user!;
}

/** The test customers' address (as a form, a checkout snapshot or a database row takes it). */
export const TEST_ADDRESS = {
  cep: "01310100",
  street: "Avenida Paulista",
  number: "1000",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  state: "SP",
};

export async function createAddress(db: Database, userId: string, overrides: Partial<NewAddress> = {}) {
  const [address] = await db
    .insert(addresses)
    .values({ userId, ...TEST_ADDRESS, ...overrides })
    .returning();
  return address!;
}

type NewOrder = typeof orders.$inferInsert;

/**
 * An order with its lines, as checkout leaves it (stock is not taken): pending and unpaid unless
 * `paid` (then its charge completed, as a confirmed payment leaves it).
 */
export async function createOrder(
  db: Database,
  options: {
    userId: string | null;
    lines: { product: TestProduct; quantity: number }[];
    paid?: boolean;
    overrides?: Partial<NewOrder>;
  },
) {
  // Paid in the same instant it is placed (the database's clock), unless a test says when.
  const paidAt = options.paid ? (options.overrides?.paidAt ?? sql`now()`) : null;
  const [order] = await db
    .insert(orders)
    .values({
      userId: options.userId,
      totalCents: options.lines.reduce((total, line) => total + line.product.priceCents * line.quantity, 0),
      customerName: "Maria Compradora",
      customerEmail: "maria@example.com",
      customerPhone: "11987654321",
      customerTaxId: "52998224725",
      shippingAddress: TEST_ADDRESS,
      ...(paidAt ? { paidAt, paymentStatus: "paid" as const, pixStatus: "COMPLETED" as const } : {}),
      ...options.overrides,
    })
    .returning();
  await db.insert(orderItems).values(
    options.lines.map((line) => ({
      orderId: order!.id,
      productId: line.product.id,
      variantId: line.product.variantId,
      productName: line.product.name,
      variantLabel: line.product.variantLabel,
      sku: line.product.sku,
      productImage: line.product.image,
      quantity: line.quantity,
      unitPriceCents: line.product.priceCents,
    })),
  );
  return order!;
}

type NewRefund = typeof orderRefunds.$inferInsert;

/**
 * A refund an admin asked for of an order, pending at its provider unless `status` says otherwise;
 * a confirmed one adds to the order's refunded amount in the same transaction, as confirming a
 * refund does.
 */
export async function createRefund(
  db: Database,
  orderId: string,
  overrides: Pick<NewRefund, "amountCents"> & Partial<Omit<NewRefund, "orderId">>,
) {
  return db.transaction(async (tx) => {
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        id: randomUUID(),
        orderId,
        reason: "Pedido do cliente",
        origin: "admin",
        ...(overrides.status === "confirmed" && { confirmedAt: sql`now()` }),
        ...overrides,
      })
      .returning();
    if (refund!.status === "confirmed") {
      await tx
        .update(orders)
        .set({ refundedCents: sql`${orders.refundedCents} + ${refund!.amountCents}` })
        .where(eq(orders.id, orderId));
    }
    return refund!;
  });
}
