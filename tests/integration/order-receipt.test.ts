import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { orderItems, orders, users } from "../../app/db/schema.server";
import { findCustomerOrderDetails, findOrderDetails } from "../../app/domain/orders/order-details.server";
import { cookieHeader, type Customer, signUpCustomer } from "../support/accounts";
import { createAddress, createProduct, stockOf } from "../support/factories";
import { setUpStartedStore } from "../support/started-store";
import { startStoreServer } from "../support/store-server";

const STORE_ENV = { SEED_DEMO: "false" };
const started = setUpStartedStore(STORE_ENV);

/** The store's own database; the embedded one only opens while the store is stopped. */
function openStoreDatabase() {
  const { env, dataDir } = started.data;
  return openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir });
}

let alice: Customer;
let bruno: Customer;
const ids = { product: 0, pending: "", paid: "", receipt: "", brunos: "" };
const STOCK = 10;
const PENDING_QUANTITY = 3;

beforeAll(async () => {
  alice = await signUpCustomer(started.store.url);
  bruno = await signUpCustomer(started.store.url);
  await started.store.stop();

  const database = await openStoreDatabase();
  try {
    const { db } = database;
    const userIdOf = async (email: string) =>
      (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    const product = await createProduct(db, {
      name: "Teclado Mecânico <b>RGB</b>",
      stock: STOCK,
      priceCents: 30_000,
    });
    ids.product = product.id;
    const placeOrder = async (email: string, quantity: number, paid: boolean) => {
      const userId = await userIdOf(email);
      const address = await createAddress(db, userId);
      const [order] = await db
        .insert(orders)
        .values({
          userId,
          totalCents: quantity * product.priceCents,
          customerName: "Cliente Teste",
          customerEmail: email,
          customerPhone: "11987654321",
          customerTaxId: "52998224725",
          shippingAddress: address,
          ...(paid
            ? { paymentStatus: "paid" as const, pixStatus: "COMPLETED" as const, paidAt: new Date() }
            : {}),
        })
        .returning();
      await db.insert(orderItems).values({
        orderId: order!.id,
        productId: product.id,
        variantId: product.variantId,
        sku: product.sku,
        productName: product.name,
        productImage: product.image,
        quantity,
        unitPriceCents: product.priceCents,
      });
      return order!.id;
    };
    ids.receipt = await placeOrder(alice.email, 2, true);
    ids.pending = await placeOrder(alice.email, PENDING_QUANTITY, false);
    ids.paid = await placeOrder(alice.email, 1, true);
    ids.brunos = await placeOrder(bruno.email, 1, false);
  } finally {
    await database.close();
  }
  started.store = await startStoreServer(STORE_ENV, started.data);
});

function getReceipt(orderId: string, customer?: Customer) {
  return fetch(`${started.store.url}/account/orders/${orderId}/receipt`, {
    headers: customer ? { cookie: cookieHeader(customer) } : {},
    redirect: "manual",
  });
}

/** The delete dialog's request, as the page's own script sends it. */
async function deleteOrder(customer: Customer, orderId: string) {
  const response = await fetch(`${started.store.url}/account/orders`, {
    method: "POST",
    headers: { cookie: cookieHeader(customer), origin: started.store.url },
    body: new URLSearchParams({ intent: "delete", orderId }),
    redirect: "manual",
  });
  return { status: response.status, body: await response.text() };
}

async function listedOrderIds(customer: Customer): Promise<string[]> {
  const response = await fetch(`${started.store.url}/account/orders`, {
    headers: { cookie: cookieHeader(customer) },
  });
  const page = await response.text();
  return [ids.receipt, ids.pending, ids.paid, ids.brunos].filter((id) => page.includes(id));
}

describe("order receipt download", () => {
  it("gives the owner an HTML file with the order's items", async () => {
    const response = await getReceipt(ids.receipt, alice);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="comprovante-pedido-${ids.receipt.slice(0, 8)}.html"`,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toContain("nosniff");
    expect(response.headers.get("content-security-policy")).toContain(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    const html = await response.text();
    expect(html).toContain("Comprovante de Pedido");
    expect(html).toContain(`#${ids.receipt.slice(0, 8).toUpperCase()}`);
    expect(html).toContain("Teclado Mecânico &lt;b&gt;RGB&lt;/b&gt;");
    expect(html).not.toContain("<b>RGB");
    expect(html).toContain("R$\u00a0600,00");
    expect(html).toContain("PIX");
  });

  it("is not found for another customer, nor for an id that is not one", async () => {
    const other = await getReceipt(ids.receipt, bruno);
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain("Teclado");
    expect((await getReceipt("nao-e-um-uuid", alice)).status).toBe(404);
    expect((await getReceipt("00000000-0000-4000-8000-000000000000", alice)).status).toBe(404);
  });

  it("sends a signed-out visitor to sign in", async () => {
    const response = await getReceipt(ids.receipt);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\b/);
  });
});

describe("deleting an order from 'Meus Pedidos'", () => {
  it("cancels an unpaid order, hides a paid one, and leaves another customer's order alone", async () => {
    expect(await listedOrderIds(alice)).toEqual([ids.receipt, ids.pending, ids.paid]);

    const refused = await deleteOrder(alice, ids.brunos);
    expect(refused.status).toBe(200);
    expect(refused.body).toContain("Erro ao excluir pedido");
    expect(await listedOrderIds(bruno)).toEqual([ids.brunos]);

    for (const orderId of [ids.pending, ids.paid]) {
      const deleted = await deleteOrder(alice, orderId);
      expect(deleted.status).toBe(200);
      expect(deleted.body).not.toContain("Erro ao excluir pedido");
    }
    expect(await listedOrderIds(alice)).toEqual([ids.receipt]);
    // A deleted order's receipt is gone from the customer's reach too.
    expect((await getReceipt(ids.pending, alice)).status).toBe(404);
    // Deleting it again finds nothing to delete.
    expect((await deleteOrder(alice, ids.pending)).body).toContain("Erro ao excluir pedido");

    await started.store.stop();
    const database = await openStoreDatabase();
    try {
      const { db } = database;
      const rows = await db
        .select()
        .from(orders)
        .where(inArray(orders.id, [ids.pending, ids.paid, ids.brunos]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(ids.pending)).toMatchObject({ status: "cancelled" });
      expect(byId.get(ids.pending)!.hiddenByCustomerAt).not.toBeNull();
      expect(byId.get(ids.paid)).toMatchObject({ status: "pending", paymentStatus: "paid" });
      expect(byId.get(ids.paid)!.hiddenByCustomerAt).not.toBeNull();
      expect(byId.get(ids.brunos)).toMatchObject({ status: "pending", hiddenByCustomerAt: null });
      expect(await stockOf(db, ids.product)).toBe(STOCK + PENDING_QUANTITY);

      // The store keeps the paid order: an admin still finds it, its customer no longer does.
      const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, alice.email));
      expect(await findCustomerOrderDetails(db, owner!.id, ids.paid)).toBeNull();
      expect(await findOrderDetails(db, ids.paid)).toMatchObject({
        id: ids.paid,
        paid: true,
        items: [expect.objectContaining({ name: "Teclado Mecânico <b>RGB</b>", quantity: 1 })],
      });
    } finally {
      await database.close();
    }
  });
});
