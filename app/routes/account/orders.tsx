import { Check, Clock, Download, Trash2, Undo2 } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { toast } from "../../components/toasts";
import { z } from "../../lib/zod";
import type { Route } from "./+types/orders";
import { pageTitle, storeDescription } from "../../lib/seo";
import { Badge } from "../../components/ui/badge";
import { Button, buttonClasses } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { TextAreaField } from "../../components/ui/textarea-field";
import { NoOrdersYet } from "../../components/orders/no-orders-yet";
import { CarrierTrackingLink } from "../../components/orders/carrier-tracking-link";
import { OrderLines } from "../../components/orders/order-line-row";
import { OrderStatusBadge } from "../../components/orders/order-status-badge";
import { ReceiptDownloadLink } from "../../components/orders/receipt-download-link";
import { paymentDeps } from "../../context.server";
import { listCustomerOrders } from "../../domain/orders/customer-orders.server";
import { deleteCustomerOrder } from "../../domain/orders/delete-order.server";
import { PAYMENT_STATE_LABELS } from "../../domain/orders/order-lifecycle";
import { WITHDRAWAL_REASON_MAX, withdrawOrder } from "../../domain/orders/withdrawal.server";
import { paymentMethodLabel } from "../../domain/orders/payment-method";
import { carrierName, trackingLink } from "../../lib/carriers";
import { formatDate, formatDateTime } from "../../lib/dates";
import { formatBRL } from "../../lib/money";
import { requireUser } from "../guards.server";
import { invoicesOf } from "../../domain/fiscal/bling/bling-invoices.server";
import { InvoiceLinks, shownInvoice } from "../../components/orders/invoice-links";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  const orders = await listCustomerOrders(context.db, user.id);
  const invoices = await invoicesOf(
    context.db,
    orders.map((order) => order.id),
  );
  // Formatted here, in São Paulo time, so the server and the browser show the same text.
  return {
    orders: orders.map((order) => ({
      ...order,
      placedAt: formatDateTime(order.createdAt),
      refunds: order.refunds.map(
        (refund) =>
          `Reembolso de ${formatBRL(refund.amountCents)} em ${formatDate(refund.confirmedAt)}${refund.includesFreight ? ", frete incluído" : ""}`,
      ),
      arrivesBy: order.arrivesBy && `Chega até ${formatDate(order.arrivesBy)}`,
      tracking: order.tracking && {
        code: order.tracking.code,
        carrier: carrierName(order.tracking),
        link: trackingLink(order.tracking),
      },
      invoice: shownInvoice(invoices.get(order.id)),
    })),
    withdrawalReasonMax: WITHDRAWAL_REASON_MAX,
  };
}

// A missing or malformed id names no order: the domain answers 'Erro ao excluir pedido'.
const deleteOrderSchema = z.object({ orderId: z.string().catch("") });

// A missing or malformed id names no order of the customer's, and a reason too long is refused:
// the domain answers both.
const withdrawSchema = z.object({ orderId: z.string().catch(""), reason: z.string().catch("") });

interface OrderActionData {
  intent: "delete" | "withdraw";
  ok: boolean;
  message?: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(context, request);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "delete") {
    const { orderId } = deleteOrderSchema.parse(form);
    const outcome = await deleteCustomerOrder(context.db, user.id, orderId);
    return {
      intent: "delete",
      ok: outcome.ok,
      message: outcome.ok ? undefined : outcome.message,
    } satisfies OrderActionData;
  }
  if (form.intent === "withdraw") {
    const { orderId, reason } = withdrawSchema.parse(form);
    const outcome = await withdrawOrder(paymentDeps(context), user.id, orderId, reason);
    return { intent: "withdraw", ...outcome } satisfies OrderActionData;
  }
  throw data("Ação desconhecida", { status: 400 });
}

/** The fetcher every 'Confirmar desistência' shares, so the page tells its answer once. */
const WITHDRAW_FETCHER = "withdraw-order";

type ListedOrder = Route.ComponentProps["loaderData"]["orders"][number];

export default function OrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, withdrawalReasonMax } = loaderData;
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useFetcher<OrderActionData>();
  const withdrawal = useFetcher<OrderActionData>({ key: WITHDRAW_FETCHER });

  useEffect(() => {
    if (!remove.data) return;
    if (remove.data.ok) toast.success("Pedido excluído com sucesso!");
    else toast.error(remove.data.message ?? "Erro ao excluir pedido");
  }, [remove.data]);

  useEffect(() => {
    const answer = withdrawal.data;
    if (!answer?.message) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.message);
  }, [withdrawal.data]);

  const confirmDelete = async () => {
    if (!removing) return;
    // Resolves once the action ran and the list was loaded again.
    await remove.submit({ intent: "delete", orderId: removing }, { method: "post" });
    setRemoving(null);
  };

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">
        Meus Pedidos{" "}
        <span className="text-base font-normal text-slate-600">
          ({orders.length} {orders.length === 1 ? "Pedido" : "Pedidos"})
        </span>
      </h1>
      {/* Before scripts run, a form posts the whole page: its answer is shown here. */}
      {actionData?.message && (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={
            actionData.ok
              ? "rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-800"
              : "rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          }
        >
          {actionData.message}
        </p>
      )}
      {orders.length === 0 ? (
        <NoOrdersYet />
      ) : (
        <ul className="flex flex-col gap-4">
          {orders.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              withdrawalReasonMax={withdrawalReasonMax}
              onDelete={() => setRemoving(order.id)}
            />
          ))}
        </ul>
      )}
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => !open && remove.state === "idle" && setRemoving(null)}
        title="Excluir Pedido"
        description="Tem certeza que deseja excluir este pedido? Esta ação não pode ser desfeita."
      >
        <div className="flex gap-2">
          <Button
            variant="outline"
            className="flex-1"
            disabled={remove.state !== "idle"}
            onClick={() => setRemoving(null)}
          >
            Cancelar
          </Button>
          <Button
            variant="destructive"
            className="flex-1"
            disabled={remove.state !== "idle"}
            onClick={confirmDelete}
          >
            {remove.state !== "idle" ? "Excluindo..." : "Excluir"}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function OrderCard({
  order,
  withdrawalReasonMax,
  onDelete,
}: {
  order: ListedOrder;
  withdrawalReasonMax: number;
  onDelete: () => void;
}) {
  const number = order.id.slice(0, 8);
  return (
    <li aria-label={`Pedido #${number}`} className="rounded-xl border border-slate-200 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold">Pedido #{number}</p>
          <p className="text-sm text-slate-600">{order.placedAt}</p>
          <p className="text-sm text-slate-600">{`Pagamento: ${paymentMethodLabel(order)}`}</p>
          {order.arrivesBy && <p className="text-sm text-slate-600">{order.arrivesBy}</p>}
          {order.tracking && (
            <p className="text-sm text-slate-600">
              {`Rastreio (${order.tracking.carrier}): `}
              <span className="font-mono break-all">{order.tracking.code}</span>
            </p>
          )}
          {order.invoice && <p className="text-sm text-slate-600">{`Nota fiscal: ${order.invoice.title}`}</p>}
          {order.refunds.map((refund, index) => (
            // Listed in the order they were confirmed, never reordered.
            <p key={index} className="text-sm text-slate-600">
              {refund}
            </p>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} paid={order.paid} />
          <PaymentBadge order={order} />
          {order.payNowPath && (
            <Link
              to={order.payNowPath}
              aria-label={`Pagar agora o pedido #${number}`}
              className={buttonClasses("default", "sm")}
            >
              Pagar agora
            </Link>
          )}
          {order.tracking?.link && <CarrierTrackingLink link={order.tracking.link} />}
          {order.invoice && <InvoiceLinks invoice={order.invoice} orderNumber={number} />}
          <ReceiptDownloadLink
            orderId={order.id}
            label={`Baixar comprovante do pedido #${number}`}
            className={buttonClasses("outline", "sm")}
          >
            <Download aria-hidden className="size-4" />
            <span className="hidden sm:inline">Comprovante</span>
          </ReceiptDownloadLink>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Excluir pedido #${number}`}
            className="text-slate-500 hover:text-red-600"
            onClick={onDelete}
          >
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      </div>
      <OrderLines items={order.items} adjustments={order.adjustments} totalCents={order.totalCents} />
      {order.withdrawal && <WithdrawForm order={order} number={number} reasonMax={withdrawalReasonMax} />}
    </li>
  );
}

/**
 * 'Desistir da compra': a details element opens the form and the form posts, so both work
 * before scripts arrive; with them, the answer comes as a toast.
 */
function WithdrawForm({
  order,
  number,
  reasonMax,
}: {
  order: ListedOrder;
  number: string;
  reasonMax: number;
}) {
  const withdrawal = useFetcher<OrderActionData>({ key: WITHDRAW_FETCHER });
  const sending = withdrawal.state !== "idle";
  return (
    <details className="mt-4 border-t border-slate-100 pt-4">
      <summary className={buttonClasses("outline", "sm")}>Desistir da compra</summary>
      <withdrawal.Form
        method="post"
        aria-label={`Desistir da compra do pedido #${number}`}
        className="mt-3 flex max-w-lg flex-col gap-3"
      >
        <input type="hidden" name="intent" value="withdraw" />
        <input type="hidden" name="orderId" value={order.id} />
        <p className="text-sm text-slate-700">
          {order.withdrawal === "withdraw"
            ? "O pedido será cancelado e o valor pago, reembolsado pelo mesmo meio de pagamento."
            : "Você devolve os produtos e o reembolso é feito assim que os recebermos."}
        </p>
        <TextAreaField label="Motivo (opcional)" name="reason" rows={3} maxLength={reasonMax} />
        <Button type="submit" variant="destructive" className="self-start" disabled={sending}>
          {sending ? "Enviando..." : "Confirmar desistência"}
        </Button>
      </withdrawal.Form>
    </details>
  );
}

/**
 * The spec's '✓ Pago' or '⏱ Pendente', its symbol drawn as an icon; a paid order refunded in part
 * or in full says so.
 */
function PaymentBadge({ order }: { order: ListedOrder }) {
  if (!order.paid) {
    return (
      <Badge variant="secondary" icon={Clock}>
        Pendente
      </Badge>
    );
  }
  if (order.paymentState === "refunded" || order.paymentState === "partially_refunded") {
    return (
      <Badge variant="outline" icon={Undo2}>
        {PAYMENT_STATE_LABELS[order.paymentState]}
      </Badge>
    );
  }
  return (
    <Badge variant="default" icon={Check}>
      Pago
    </Badge>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Meus Pedidos"),
  ...storeDescription(matches),
];
