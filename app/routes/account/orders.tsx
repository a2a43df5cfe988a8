import { Check, Clock, Download, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import { toast } from "../../components/toasts";
import { z } from "zod";
import type { Route } from "./+types/orders";
import { pageTitle } from "../../lib/seo";
import { Badge } from "../../components/ui/badge";
import { Button, buttonClasses } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { NoOrdersYet } from "../../components/orders/no-orders-yet";
import { OrderLines } from "../../components/orders/order-line-row";
import { listCustomerOrders } from "../../domain/orders/customer-orders.server";
import { deleteCustomerOrder } from "../../domain/orders/delete-order.server";
import { paymentMethodLabel } from "../../domain/orders/payment-method";
import { formatDateTime } from "../../lib/dates";
import { requireUser } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  const orders = await listCustomerOrders(context.db, user.id);
  // Formatted here, in São Paulo time, so the server and the browser show the same text.
  return { orders: orders.map((order) => ({ ...order, placedAt: formatDateTime(order.createdAt) })) };
}

// A missing or malformed id names no order: the domain answers 'Erro ao excluir pedido'.
const deleteOrderSchema = z.object({ orderId: z.string().catch("") });

interface OrderActionData {
  intent: "delete";
  ok: boolean;
  message?: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(context, request);
  const form = Object.fromEntries(await request.formData());
  if (form.intent !== "delete") throw data("Ação desconhecida", { status: 400 });
  const { orderId } = deleteOrderSchema.parse(form);
  const outcome = await deleteCustomerOrder(context.db, user.id, orderId);
  return {
    intent: "delete",
    ok: outcome.ok,
    message: outcome.ok ? undefined : outcome.message,
  } satisfies OrderActionData;
}

type ListedOrder = Route.ComponentProps["loaderData"]["orders"][number];

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useFetcher<OrderActionData>();

  useEffect(() => {
    if (!remove.data) return;
    if (remove.data.ok) toast.success("Pedido excluído com sucesso!");
    else toast.error(remove.data.message ?? "Erro ao excluir pedido");
  }, [remove.data]);

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
      {orders.length === 0 ? (
        <NoOrdersYet />
      ) : (
        <ul className="flex flex-col gap-4">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} onDelete={() => setRemoving(order.id)} />
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

function OrderCard({ order, onDelete }: { order: ListedOrder; onDelete: () => void }) {
  const number = order.id.slice(0, 8);
  return (
    <li aria-label={`Pedido #${number}`} className="rounded-xl border border-slate-200 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold">Pedido #{number}</p>
          <p className="text-sm text-slate-600">{order.placedAt}</p>
          <p className="text-sm text-slate-600">{`Pagamento: ${paymentMethodLabel(order)}`}</p>
        </div>
        <div className="flex items-center gap-2">
          <PaymentBadge paid={order.paid} />
          <a
            href={`/account/orders/${order.id}/receipt`}
            download
            aria-label={`Baixar comprovante do pedido #${number}`}
            className={buttonClasses("outline", "sm")}
            onClick={() => toast.success("Comprovante baixado com sucesso!")}
          >
            <Download aria-hidden className="size-4" />
            <span className="hidden sm:inline">Comprovante</span>
          </a>
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
      <OrderLines items={order.items} totalCents={order.totalCents} pixDiscount={order} />
    </li>
  );
}

/** The spec's '✓ Pago' or '⏱ Pendente', its symbol drawn as an icon. */
function PaymentBadge({ paid }: { paid: boolean }) {
  return paid ? (
    <Badge variant="default" icon={Check}>
      Pago
    </Badge>
  ) : (
    <Badge variant="secondary" icon={Clock}>
      Pendente
    </Badge>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, "Meus Pedidos")];
