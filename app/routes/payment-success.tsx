import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { toast } from "../components/toasts";
import type { Route } from "./+types/payment-success";
import { pageTitle } from "../lib/seo";
import { PaidOrder } from "../components/orders/paid-order";
import {
  findCustomerOrderDetails,
  isOrderId,
  type OrderDetails,
} from "../domain/orders/order-details.server";
import { requireUser } from "./guards.server";
import { paidOrderPage } from "./paid-order.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get("orderId");
  if (!orderId) return { problem: "Pedido não encontrado" as const };
  const { user } = await requireUser(context, request);
  // An id that is not an order's cannot be checked, nor can any order while the database fails:
  // the spec says so ('Erro ao verificar pagamento') and goes home, rather than to the error page.
  if (!isOrderId(orderId)) return { problem: "Erro ao verificar pagamento" as const };
  let order: OrderDetails | null;
  try {
    // Only the customer's own order, whatever their role.
    order = await findCustomerOrderDetails(context.db, user.id, orderId);
  } catch (error) {
    context.logger.error({ err: error, orderId }, "Falha ao verificar o pagamento do pedido");
    return { problem: "Erro ao verificar pagamento" as const };
  }
  if (!order) return { problem: "Pedido não encontrado" as const };
  if (!order.paid) {
    // Back to where the order is paid: its PIX code, or a card order's own page.
    const paymentPath =
      order.paymentMethod === "card" ? `/payment/card/${order.id}` : `/payment?orderId=${order.id}`;
    return { problem: "Pagamento ainda não confirmado" as const, paymentPath };
  }
  return { problem: null, ...(await paidOrderPage(context, order)) };
}

export default function PaymentSuccessPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  useEffect(() => {
    if (loaderData.problem === "Pagamento ainda não confirmado") {
      toast.error(loaderData.problem);
      void navigate(loaderData.paymentPath, { replace: true });
    } else if (loaderData.problem !== null) {
      // 'Pedido não encontrado' or 'Erro ao verificar pagamento': nothing to show, so home.
      toast.error(loaderData.problem);
      void navigate("/", { replace: true });
    }
  }, [loaderData, navigate]);
  if (loaderData.problem !== null) return null;
  const { order, sender } = loaderData;
  return (
    <main className="mx-auto max-w-2xl px-4 py-8 sm:py-10">
      <div className="flex flex-col items-center text-center">
        <CheckCircle2 aria-hidden className="size-14 text-emerald-600" />
        <h1 className="mt-3 text-3xl font-bold tracking-tight">Pagamento Confirmado!</h1>
        <p className="mt-2 text-slate-600">Obrigado pela sua compra.</p>
      </div>
      <PaidOrder order={order} sender={sender} />
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Pagamento Confirmado"),
  { name: "robots", content: "noindex" },
];
