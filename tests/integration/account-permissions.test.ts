import { describe, expect, it } from "vitest";
import { orderItems, orders } from "../../app/db/schema.server";
import { signUpSchema } from "../../app/domain/accounts/account-schemas";
import { accountOverview } from "../../app/domain/accounts/overview.server";
import { exportPersonalData } from "../../app/domain/accounts/personal-data.server";
import { readSession } from "../../app/domain/accounts/session.server";
import { authCall } from "../../app/context.server";
import { signUp } from "../../app/domain/accounts/sign-in.server";
import { listCustomerOrders } from "../../app/domain/orders/customer-orders.server";
import { createAddress, createProduct } from "../support/factories";
import { setUpTestStore, requestWithCookies, TEST_BASE_URL } from "../support/test-context";

const store = setUpTestStore();

async function customer(email: string, cpf: string, extra: Record<string, string> = {}) {
  const input = signUpSchema.parse({
    userType: "PF",
    name: "Pessoa Teste",
    cpf,
    phone: "11987654321",
    email,
    password: "segredo1",
    ...extra,
  });
  const outcome = await signUp(
    store.context.db,
    store.context.logger,
    authCall(store.context, new Request(`${TEST_BASE_URL}/auth`)),
    input,
  );
  if (!outcome.ok) throw new Error(outcome.message);
  return (await readSession(store.context, requestWithCookies(outcome.headers))).user!;
}

describe("permissions", () => {
  it("never lets a sign-up choose its own role", async () => {
    const user = await customer("quer-ser-admin@example.com", "529.982.247-25", { role: "admin" });
    expect(user.role).toBe("user");
  });

  it("keeps one customer's orders and data away from another", async () => {
    const alice = await customer("alice@example.com", "111.444.777-35");
    const bruno = await customer("bruno@example.com", "390.533.447-05");
    const product = await createProduct(store.database.db);
    const address = await createAddress(store.database.db, alice.id);
    const [order] = await store.database.db
      .insert(orders)
      .values({
        userId: alice.id,
        totalCents: product.priceCents,
        customerName: "Alice",
        customerEmail: alice.email,
        customerPhone: "11987654321",
        customerTaxId: "11144477735",
        shippingAddress: address,
      })
      .returning();
    await store.database.db.insert(orderItems).values({
      orderId: order!.id,
      productId: product.id,
      variantId: product.variantId,
      sku: product.sku,
      productName: product.name,
      productImage: product.image,
      quantity: 1,
      unitPriceCents: product.priceCents,
    });

    expect((await listCustomerOrders(store.database.db, alice.id)).map((listed) => listed.id)).toEqual([
      order!.id,
    ]);
    expect(await listCustomerOrders(store.database.db, bruno.id)).toEqual([]);
    expect((await accountOverview(store.database.db, bruno.id)).orders).toBe(0);
    const exported = await exportPersonalData(store.database.db, bruno.id);
    expect(JSON.stringify(exported)).not.toContain(alice.email);
    expect(exported.pedidos).toEqual([]);
    expect(exported.enderecos).toEqual([]);
  });
});
