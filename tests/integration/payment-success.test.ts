import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as orderDetails from "../../app/domain/orders/order-details.server";
import { loader } from "../../app/routes/payment-success";
import { setUpTestStore, TEST_BASE_URL, signUpInStore } from "../support/test-context";

// The real lookup, which a test can make fail as a database that stops answering would.
vi.mock("../../app/domain/orders/order-details.server", async (importOriginal) => {
  const original = await importOriginal<typeof orderDetails>();
  return { ...original, findCustomerOrderDetails: vi.fn(original.findCustomerOrderDetails) };
});

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
    const failure = new Error("conexão com o banco perdida");
    vi.mocked(orderDetails.findCustomerOrderDetails).mockRejectedValueOnce(failure);
    const orderId = randomUUID();

    expect(await visit(orderId)).toEqual({ problem: "Erro ao verificar pagamento" });
    expect(error).toHaveBeenCalledWith({ err: failure, orderId }, "Falha ao verificar o pagamento do pedido");
    error.mockRestore();
  });

  it("says 'Erro ao verificar pagamento' for an id that cannot name an order", async () => {
    expect(await visit("nao-e-um-pedido")).toEqual({ problem: "Erro ao verificar pagamento" });
  });

  it("says 'Pedido não encontrado' for an order id the customer has no order with", async () => {
    expect(await visit(randomUUID())).toEqual({ problem: "Pedido não encontrado" });
  });
});
