import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import { addresses, orderItems, orders, products, users } from "../../app/db/schema.server";

type NewProduct = typeof products.$inferInsert;
type NewAddress = typeof addresses.$inferInsert;

let sequence = 0;

export async function createProduct(db: Database, overrides: Partial<NewProduct> = {}) {
  sequence += 1;
  const [product] = await db
    .insert(products)
    .values({
      name: `Produto de teste ${sequence}`,
      description: "Descrição do produto de teste.",
      priceCents: 19_990,
      category: "Acessórios",
      stock: 10,
      ...overrides,
    })
    .returning();
  return product!;
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
    lines: { product: typeof products.$inferSelect; quantity: number }[];
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
      productName: line.product.name,
      productImage: line.product.image,
      quantity: line.quantity,
      unitPriceCents: line.product.priceCents,
    })),
  );
  return order!;
}
