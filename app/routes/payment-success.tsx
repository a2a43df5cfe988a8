import { CheckCircle2, Download, Mail } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "../components/toasts";
import type { Route } from "./+types/payment-success";
import { pageTitle } from "../lib/seo";
import { OrderLines } from "../components/orders/order-line-row";
import { ReceiptDownloadLink } from "../components/orders/receipt-download-link";
import { buttonClasses } from "../components/ui/button";
import {
  findCustomerOrderDetails,
  isOrderId,
  type OrderDetails,
} from "../domain/orders/order-details.server";
import { orderNumber } from "../lib/order-number";
import { formatDateTime } from "../lib/dates";
import { formatBRL } from "../lib/money";
import { storefrontSettings } from "../domain/store-settings/store-settings.server";
import { describeSender, mailSender } from "../mail/sender.server";
import { requireUser } from "./guards.server";

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
  if (!order.paid) return { problem: "Pagamento ainda não confirmado" as const, orderId };
  return {
    problem: null,
    order: { ...order, paidAtText: formatDateTime(order.paidAt!) },
    // Whom the confirmation e-mail comes from, as the outbox sends it: the store's name now.
    sender: describeSender(
      mailSender(context.env.MAIL_FROM, (await storefrontSettings(context.db, context.env)).identity.name),
    ),
  };
}

export default function PaymentSuccessPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  useEffect(() => {
    if (loaderData.problem === "Pagamento ainda não confirmado") {
      toast.error(loaderData.problem);
      void navigate(`/payment?orderId=${loaderData.orderId}`, { replace: true });
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
      <section className="mt-8 rounded-xl border border-slate-200 bg-white p-6">
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Pedido</dt>
            <dd className="font-semibold">#{orderNumber(order.id)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Total</dt>
            <dd className="font-semibold">{formatBRL(order.totalCents)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Pago em</dt>
            <dd className="font-semibold">{order.paidAtText}</dd>
          </div>
        </dl>
        <OrderLines items={order.items} adjustments={order.adjustments} totalCents={order.totalCents} />
      </section>
      <p className="mt-6 flex gap-2 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
        <Mail aria-hidden className="size-5 shrink-0" />
        <span>
          Você receberá um e-mail de confirmação em breve. Se não encontrá-lo, verifique a caixa de spam e
          adicione <strong>{sender}</strong> aos seus contatos.
        </span>
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <ReceiptDownloadLink orderId={order.id} className={buttonClasses("default", "md", "sm:flex-1")}>
          <Download aria-hidden className="size-4" />
          Baixar Comprovante de Pedido
        </ReceiptDownloadLink>
        <Link to="/account/orders" className={buttonClasses("outline", "md", "sm:flex-1")}>
          Ver Meus Pedidos
        </Link>
        <Link to="/" className={buttonClasses("ghost", "md", "sm:flex-1")}>
          Continuar Comprando
        </Link>
      </div>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Pagamento Confirmado"),
  { name: "robots", content: "noindex" },
];
