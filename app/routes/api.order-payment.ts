import { data } from "react-router";
import type { Route } from "./+types/api.order-payment";
import { paymentDeps } from "../context.server";
import { checkOrderPayment, findCustomerOrder } from "../domain/orders/order-payment.server";
import { isPaid } from "../domain/orders/paid.server";
import { requireUserForJson } from "./guards.server";

export interface OrderPaymentAnswer {
  paid?: boolean;
  error?: string;
}

/** The payment page's polling: whether the customer's own order is paid, as the server knows it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireUserForJson(context, request);
  const order = await findCustomerOrder(context.db, user.id, params.orderId);
  if (!order) return data<OrderPaymentAnswer>({ error: "Pedido não encontrado" }, { status: 404 });
  return data<OrderPaymentAnswer>({ paid: isPaid(order) });
}

/** 'Já Paguei - Verificar Status': the provider is asked about the charge now. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requireUserForJson(context, request);
  try {
    const paid = await checkOrderPayment(paymentDeps(context), user.id, params.orderId);
    if (paid === null) return data<OrderPaymentAnswer>({ error: "Pedido não encontrado" }, { status: 404 });
    return data<OrderPaymentAnswer>({ paid });
  } catch (error) {
    context.logger.warn({ err: error }, "Consulta ao provedor PIX falhou");
    return data<OrderPaymentAnswer>({ error: "Erro ao verificar pagamento" }, { status: 502 });
  }
}
