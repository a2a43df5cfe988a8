import { Package } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/orders";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";
import { requireUser } from "../../domain/accounts/session.server";
import { listCustomerOrders } from "../../domain/orders/customer-orders.server";
import { formatDateTime } from "../../lib/dates";
import { formatBRL } from "../../lib/money";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  const orders = await listCustomerOrders(context.db, user.id);
  // Formatted here, in São Paulo time, so the server and the browser show the same text.
  return { orders: orders.map((order) => ({ ...order, placedAt: formatDateTime(order.createdAt) })) };
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">
        Meus Pedidos{" "}
        <span className="text-base font-normal text-slate-600">
          ({orders.length} {orders.length === 1 ? "Pedido" : "Pedidos"})
        </span>
      </h1>
      {orders.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <Package aria-hidden className="mx-auto size-10 text-slate-400" />
          <p className="mt-4 font-medium">Nenhum pedido ainda</p>
          <Link to="/" className={buttonClasses("default", "md", "mt-4")}>
            Começar a Comprar
          </Link>
        </div>
      ) : (
        <ul className="flex flex-col gap-4">
          {orders.map((order) => (
            <li key={order.id} className="rounded-xl border border-slate-200 p-5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="font-semibold">Pedido #{order.id.slice(0, 8)}</p>
                  <p className="text-sm text-slate-600">{order.placedAt}</p>
                </div>
                <Badge variant={order.paid ? "default" : "secondary"}>
                  {order.paid ? "✓ Pago" : "⏱ Pendente"}
                </Badge>
              </div>
              <ul className="mt-4 flex flex-col gap-3">
                {order.items.map((item) => (
                  <li key={item.id} className="flex items-center gap-3">
                    <img
                      src={item.image}
                      alt=""
                      width={56}
                      height={56}
                      loading="lazy"
                      className="size-14 rounded-lg bg-slate-50 object-cover"
                    />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium">{item.name}</p>
                      <p className="text-sm text-slate-600">
                        {item.quantity} x {formatBRL(item.unitPriceCents)}
                      </p>
                    </div>
                    <p className="font-medium">{formatBRL(item.quantity * item.unitPriceCents)}</p>
                  </li>
                ))}
              </ul>
              <p className="mt-4 text-right font-semibold">Total: {formatBRL(order.totalCents)}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Meus Pedidos | Vitrine" }];
