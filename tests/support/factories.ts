import { randomUUID } from "node:crypto";
import type { Database } from "../../app/db/client.server";
import { addresses, products, users } from "../../app/db/schema.server";

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

export async function createAddress(db: Database, userId: string, overrides: Partial<NewAddress> = {}) {
  const [address] = await db
    .insert(addresses)
    .values({
      userId,
      cep: "01310100",
      street: "Avenida Paulista",
      number: "1000",
      neighborhood: "Bela Vista",
      city: "São Paulo",
      state: "SP",
      ...overrides,
    })
    .returning();
  return address!;
}
