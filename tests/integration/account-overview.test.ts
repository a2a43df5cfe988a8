import { describe, expect, it } from "vitest";
import { favorites, orders } from "../../app/db/schema.server";
import { accountOverview } from "../../app/domain/accounts/overview.server";
import { listCustomerOrders } from "../../app/domain/orders/customer-orders.server";
import { deleteCustomerOrder } from "../../app/domain/orders/delete-order.server";
import { createAddress, createProduct, createUser } from "../support/factories";
import { setUpTestStore } from "../support/test-context";

const store = setUpTestStore();

async function orderOf(userId: string, totalCents: number, paid: boolean) {
  const address = await createAddress(store.database.db, userId);
  const [order] = await store.database.db
    .insert(orders)
    .values({
      userId,
      totalCents,
      customerName: "Maria Silva",
      customerEmail: "maria@example.com",
      customerPhone: "11987654321",
      customerTaxId: "52998224725",
      shippingAddress: address,
      ...(paid
        ? { paymentStatus: "paid" as const, pixStatus: "COMPLETED" as const, paidAt: new Date() }
        : {}),
    })
    .returning();
  return order!.id;
}

describe("account overview", () => {
  it("counts in total spent only the paid orders among those 'Meus Pedidos' lists", async () => {
    const customer = await createUser(store.database.db);
    await orderOf(customer.id, 10_000, true);
    await orderOf(customer.id, 2_500, false);
    const deletedPaid = await orderOf(customer.id, 40_000, true);
    const deletedPending = await orderOf(customer.id, 7_000, false);
    expect(await deleteCustomerOrder(store.database.db, customer.id, deletedPaid)).toEqual({ ok: true });
    expect(await deleteCustomerOrder(store.database.db, customer.id, deletedPending)).toEqual({ ok: true });

    const overview = await accountOverview(store.database.db, customer.id);
    expect(overview).toMatchObject({ orders: 2, spentCents: 10_000 });
    expect(overview.orders).toBe((await listCustomerOrders(store.database.db, customer.id)).length);
  });

  it("shows nothing spent for a customer whose only orders are pending or deleted", async () => {
    const customer = await createUser(store.database.db);
    await orderOf(customer.id, 2_500, false);
    const deletedPaid = await orderOf(customer.id, 40_000, true);
    await deleteCustomerOrder(store.database.db, customer.id, deletedPaid);
    expect(await accountOverview(store.database.db, customer.id)).toMatchObject({ orders: 1, spentCents: 0 });
  });

  it("counts the customer's own favourites, with or without orders", async () => {
    const [customer, other] = [await createUser(store.database.db), await createUser(store.database.db)];
    const [first, second] = [await createProduct(store.database.db), await createProduct(store.database.db)];
    await store.database.db.insert(favorites).values([
      { userId: customer.id, productId: first.id },
      { userId: customer.id, productId: second.id },
      { userId: other.id, productId: first.id },
    ]);
    expect(await accountOverview(store.database.db, customer.id)).toMatchObject({
      orders: 0,
      spentCents: 0,
      favorites: 2,
    });
    await orderOf(other.id, 5_000, true);
    expect(await accountOverview(store.database.db, other.id)).toMatchObject({
      orders: 1,
      spentCents: 5_000,
      favorites: 1,
    });
  });
});
