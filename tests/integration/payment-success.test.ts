import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loader } from "../../app/routes/payment-success";
import { setUpTestStore, TEST_BASE_URL, signUpInStore } from "../support/test-context";

const store = setUpTestStore();
let cookie: string;

beforeAll(async () => {
  ({ cookie } = await signUpInStore(store));
});

function visit(orderId: string) {
  const request = new Request(`${TEST_BASE_URL}/payment-success?orderId=${orderId}`, { headers: { cookie } });
  return loader({ request, context: store.context, params: {} } as Parameters<typeof loader>[0]);
}

describe("the payment success page's check of the order", () => {
  it("says 'Erro ao verificar pagamento' and logs why when the database fails", async () => {
    const error = vi.spyOn(store.context.logger, "error");
    const orderId = randomUUID();
    // The session is still found; the query for the order fails in the database.
    await store.database.db.execute(sql`ALTER TABLE orders RENAME TO orders_fora`);
    try {
      expect(await visit(orderId)).toEqual({ problem: "Erro ao verificar pagamento" });
    } finally {
      await store.database.db.execute(sql`ALTER TABLE orders_fora RENAME TO orders`);
    }
    expect(error).toHaveBeenCalledWith(
      { err: expect.any(Error), orderId },
      "Falha ao verificar o pagamento do pedido",
    );
    error.mockRestore();
  });

  it("says 'Erro ao verificar pagamento' for an id that cannot name an order", async () => {
    expect(await visit("nao-e-um-pedido")).toEqual({ problem: "Erro ao verificar pagamento" });
  });

  it("says 'Pedido não encontrado' for an order id the customer has no order with", async () => {
    expect(await visit(randomUUID())).toEqual({ problem: "Pedido não encontrado" });
  });
});
