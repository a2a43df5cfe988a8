import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../app/db/schema.server";
import { action as deleteOrderAction } from "../../app/routes/account/orders";
import { loader as receiptLoader } from "../../app/routes/account.order-receipt";
import { action as checkPayment, loader as pollPayment } from "../../app/routes/api.order-payment";
import { action as simulatePayment } from "../../app/routes/api.sandbox-payment";
import { signedInAdmin } from "../support/admin";
import { placeOrderThroughCheckout } from "../support/checkout";
import { createAddress, createOrder, createProduct } from "../support/factories";
import { setUpTestStore, signUpInStore, TEST_BASE_URL } from "../support/test-context";

// Who gets an order, through the routes that serve one: its customer while it is in their list,
// an admin only past the gate (DESIGN point 5), nobody else.

const store = setUpTestStore();

/** Route handlers answer with a value or a Response, and refuse by throwing a Response. */
type Handler = (args: never) => Promise<unknown>;

async function call(handler: Handler, path: string, cookie: string, form?: Record<string, string>) {
  const request = new Request(`${TEST_BASE_URL}${path}`, {
    method: form ? "POST" : "GET",
    headers: { cookie },
    body: form ? new URLSearchParams(form) : undefined,
  });
  const args = { request, context: store.context, params: paramsOf(path) };
  return (handler as (args: unknown) => Promise<unknown>)(args).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  });
}

/** The route's `:orderId`, read from the path as the router does. */
function paramsOf(path: string): Record<string, string> {
  const orderId = /\/orders\/([^/]+)\//.exec(path)?.[1];
  return orderId ? { orderId } : {};
}

/** What a `data()` answer or a Response carries: status and JSON or text. */
async function answerOf(result: unknown): Promise<{ status: number; body: unknown }> {
  if (result instanceof Response) {
    const text = await result.text();
    const json = result.headers.get("content-type")?.includes("json");
    return { status: result.status, body: json ? JSON.parse(text) : text };
  }
  const { data, init } = result as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data };
}

describe("an order's receipt", () => {
  // Personal data that only the order's customer and the store may read.
  const PERSONAL = {
    customerName: "Bruna Sigilosa",
    customerEmail: `bruna-${randomUUID()}@example.com`,
    customerPhone: "21912345678",
    customerTaxId: "11144477735",
  };
  const STREET = "Rua do Segredo Guardado";
  let customer: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  let orderId: string;

  const getReceipt = async (cookie: string, id = orderId) => {
    const response = (await call(receiptLoader, `/account/orders/${id}/receipt`, cookie)) as Response;
    return { status: response.status, body: await response.text() };
  };
  // As the receipt shows them: the phone and the CPF masked.
  const SHOWN = [PERSONAL.customerName, PERSONAL.customerEmail, "(21) 91234-5678", "111.444.777-35", STREET];
  const expectNoPersonalData = (body: string) => {
    for (const text of SHOWN) expect(body).not.toContain(text);
  };

  beforeAll(async () => {
    customer = await signUpInStore(store);
    other = await signUpInStore(store);
    const product = await createProduct(store.database.db, { name: "Monitor 27" });
    const address = await createAddress(store.database.db, customer.id, { street: STREET });
    const order = await createOrder(store.database.db, {
      userId: customer.id,
      lines: [{ product, quantity: 1 }],
      paid: true,
      overrides: { ...PERSONAL, shippingAddress: address },
    });
    orderId = order.id;
  });

  it("is the customer's own, with their data", async () => {
    const receipt = await getReceipt(customer.cookie);
    expect(receipt.status).toBe(200);
    for (const text of SHOWN) expect(receipt.body).toContain(text);
  });

  it("is not found for another customer, and shows them nothing of the order", async () => {
    const receipt = await getReceipt(other.cookie);
    expect(receipt).toEqual({ status: 404, body: "Pedido não encontrado" });
    expectNoPersonalData(receipt.body);
  });

  it("is refused to an admin who has not passed the gate, with the gate's message and no personal data", async () => {
    const admin = await signedInAdmin(store.context, { gate: false });
    const receipt = await getReceipt(admin.cookie);
    expect(receipt).toEqual({ status: 403, body: "Autenticação de administrador necessária" });
    expectNoPersonalData(receipt.body);
  });

  it("is the store's for an admin who passed the gate", async () => {
    const admin = await signedInAdmin(store.context);
    const receipt = await getReceipt(admin.cookie);
    expect(receipt.status).toBe(200);
    for (const text of SHOWN) expect(receipt.body).toContain(text);
    // A made-up order is not found, for the admin too.
    expect(await getReceipt(admin.cookie, randomUUID())).toEqual({
      status: 404,
      body: "Pedido não encontrado",
    });
  });

  it("of an admin's own purchase is theirs without the gate", async () => {
    const admin = await signedInAdmin(store.context, { gate: false });
    const product = await createProduct(store.database.db, { name: "Cadeira Gamer" });
    const own = await createOrder(store.database.db, { userId: admin.id, lines: [{ product, quantity: 1 }] });
    const receipt = await getReceipt(admin.cookie, own.id);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toContain("Cadeira Gamer");
  });
});

describe("an order the customer deleted from 'Meus Pedidos'", () => {
  it("is no longer found by the payment page's polling, its check, or the sandbox's payment", async () => {
    const { buyer: customer, orderId } = await placeOrderThroughCheckout(store, store.context, {
      product: { priceCents: 9_990, stock: 4 },
    });
    const paymentPath = `/api/orders/${orderId}/payment`;
    expect(await answerOf(await call(pollPayment, paymentPath, customer.cookie))).toEqual({
      status: 200,
      body: { paid: false },
    });

    const deleted = await call(deleteOrderAction, "/account/orders", customer.cookie, {
      intent: "delete",
      orderId,
    });
    expect(deleted).toMatchObject({ ok: true });

    const notFound = { status: 404, body: { error: "Pedido não encontrado" } };
    expect(await answerOf(await call(pollPayment, paymentPath, customer.cookie))).toEqual(notFound);
    expect(await answerOf(await call(checkPayment, paymentPath, customer.cookie, {}))).toEqual(notFound);
    expect(
      await answerOf(await call(simulatePayment, "/api/sandbox/payment", customer.cookie, { orderId })),
    ).toEqual(notFound);
    // The deleted order stays cancelled and unpaid: nothing was paid behind the customer's back.
    const [order] = await store.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: "cancelled", paymentStatus: "pending", paidAt: null });
  });
});
