import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { signUpSchema } from "../../app/domain/accounts/account-schemas";
import { cookieHeader } from "../../app/domain/accounts/auth-endpoints.server";
import { authCall } from "../../app/context.server";
import { signUp } from "../../app/domain/accounts/sign-in.server";
import * as orderDetails from "../../app/domain/orders/order-details.server";
import { loader } from "../../app/routes/payment-success";
import { randomCpf } from "../support/accounts";
import { nextClientIp, setUpTestStore, TEST_BASE_URL } from "../support/test-context";

// The real lookup, which a test can make fail as a database that stops answering would.
vi.mock("../../app/domain/orders/order-details.server", async (importOriginal) => {
  const original = await importOriginal<typeof orderDetails>();
  return { ...original, findOrderForViewer: vi.fn(original.findOrderForViewer) };
});

const store = setUpTestStore();
let cookie: string;

beforeAll(async () => {
  const input = signUpSchema.parse({
    userType: "PF",
    name: "Maria Compradora",
    cpf: randomCpf(),
    phone: "11987654321",
    email: `compradora-${randomUUID()}@example.com`,
    password: "segredo1",
  });
  const context = { ...store.context, clientIp: nextClientIp() };
  const outcome = await signUp(
    context.db,
    context.logger,
    authCall(context, new Request(`${TEST_BASE_URL}/auth`)),
    input,
  );
  if (!outcome.ok) throw new Error(outcome.message);
  cookie = cookieHeader(outcome.headers);
});

function visit(orderId: string) {
  const request = new Request(`${TEST_BASE_URL}/payment-success?orderId=${orderId}`, { headers: { cookie } });
  return loader({ request, context: store.context, params: {} } as Parameters<typeof loader>[0]);
}

describe("the payment success page's check of the order", () => {
  it("says 'Erro ao verificar pagamento' and logs why when the database fails", async () => {
    const error = vi.spyOn(store.context.logger, "error");
    const failure = new Error("conexão com o banco perdida");
    vi.mocked(orderDetails.findOrderForViewer).mockRejectedValueOnce(failure);
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
