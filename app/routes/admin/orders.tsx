import { Form, Link } from "react-router";
import type { Route } from "./+types/orders";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import { OrderNumberLink } from "../../components/admin/order-number-link";
import { OrderStatusBadge } from "../../components/orders/order-status-badge";
import { Badge } from "../../components/ui/badge";
import { Button, buttonClasses } from "../../components/ui/button";
import { inputClasses } from "../../components/ui/form-field";
import { Pagination } from "../../components/ui/pagination";
import { adminOrdersSearch, readAdminOrdersQuery } from "../../domain/admin/admin-orders-query";
import { listAdminOrders } from "../../domain/admin/list-admin-orders.server";
import {
  DISPUTED_LABEL,
  ORDER_STATUS_LABELS,
  PAYMENT_MISMATCH_LABEL,
  DUPLICATE_PAYMENT_LABEL,
  PAYMENT_STATE_LABELS,
} from "../../domain/orders/order-lifecycle";
import { paymentMethodLabel } from "../../domain/orders/payment-method";
import { formatDateTime } from "../../lib/dates";
import { formatBRL } from "../../lib/money";
import { requireAdmin } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const query = readAdminOrdersQuery(new URL(request.url).searchParams);
  const list = await listAdminOrders(context.db, query);
  return {
    ...list,
    // The page actually shown (a page past the end shows the last one).
    query: { ...query, page: list.page },
    orders: list.orders.map((order) => ({ ...order, placedAt: formatDateTime(order.createdAt) })),
  };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, query, page, pageCount, matching } = loaderData;
  const filtered = Boolean(query.q || query.status || query.payment);
  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">
        Pedidos <span className="text-base font-normal text-slate-600">({matching})</span>
      </h2>
      {/* A GET form: the filters live in the address, so a filtered list is a link. */}
      <Form
        method="get"
        action="/admin/orders"
        role="search"
        className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
      >
        <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
          Buscar
          <input
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={100}
            placeholder="Número do pedido, nome ou e-mail"
            className={inputClasses}
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
          Status
          <select name="status" defaultValue={query.status} className={inputClasses}>
            <option value="">Todos</option>
            {Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
          Pagamento
          <select name="payment" defaultValue={query.payment} className={inputClasses}>
            <option value="">Todos</option>
            {Object.entries(PAYMENT_STATE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-2">
          <Button type="submit">Filtrar</Button>
          {filtered && (
            <Link to="/admin/orders" className={buttonClasses("outline")}>
              Limpar
            </Link>
          )}
        </div>
      </Form>

      {orders.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          Nenhum pedido encontrado
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th className="px-3 py-2 font-medium">Pedido</th>
                <th className="px-3 py-2 font-medium">Data</th>
                <th className="px-3 py-2 font-medium">Cliente</th>
                <th className="px-3 py-2 font-medium">Total</th>
                <th className="px-3 py-2 font-medium">Status</th>
                <th className="px-3 py-2 font-medium">Pagamento</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className="border-t border-slate-100 align-top">
                  <td className="px-3 py-2">
                    <OrderNumberLink orderId={order.id} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{order.placedAt}</td>
                  <td className="px-3 py-2">
                    <p>{order.customerName}</p>
                    <p className="text-xs text-slate-500">{order.customerEmail}</p>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatBRL(order.totalCents)}</td>
                  <td className="px-3 py-2">
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-col items-start gap-1">
                      <span className="whitespace-nowrap">{paymentMethodLabel(order)}</span>
                      <Badge variant={order.paid ? "default" : "secondary"}>
                        {PAYMENT_STATE_LABELS[order.paymentState]}
                      </Badge>
                      {order.latePayment && <Badge variant="destructive">Pagamento após o vencimento</Badge>}
                      {order.paymentMismatch && <Badge variant="destructive">{PAYMENT_MISMATCH_LABEL}</Badge>}
                      {order.duplicatePayment && (
                        <Badge variant="destructive">{DUPLICATE_PAYMENT_LABEL}</Badge>
                      )}
                      {order.disputed && <Badge variant="destructive">{DISPUTED_LABEL}</Badge>}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(target) => `/admin/orders${adminOrdersSearch({ ...query, page: target })}`}
      />
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
