import { Form, Link, useActionData, useNavigation } from "react-router";
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
import { labelDeps } from "../../context.server";
import { buyLabels } from "../../domain/shipping/labels/buy-labels.server";
import { orderNumber } from "../../lib/order-number";
import { z } from "../../lib/zod";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const query = readAdminOrdersQuery(new URL(request.url).searchParams);
  const list = await listAdminOrders(context.db, query);
  return {
    ...list,
    // The page actually shown (a page past the end shows the last one).
    query: { ...query, page: list.page },
    orders: list.orders.map((order) => ({ ...order, placedAt: formatDateTime(order.createdAt) })),
    // Labels are bought with the server's Melhor Envio token.
    labels: Boolean(context.env.MELHOR_ENVIO_TOKEN),
  };
}

/** Labels bought in one try at most: each order is a few calls to Melhor Envio. */
const LABELS_AT_ONCE = 20;

const labelsForm = z.object({ orderId: z.array(z.uuid()).max(LABELS_AT_ONCE) });

/** 'Comprar etiquetas': the selected orders' labels, bought and printed together. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(context, request);
  const parsed = labelsForm.safeParse({ orderId: (await request.formData()).getAll("orderId") });
  if (!parsed.success || parsed.data.orderId.length === 0) {
    return {
      message: `Selecione de 1 a ${LABELS_AT_ONCE} pedidos para comprar as etiquetas`,
      labelled: [],
      printUrl: null,
      refused: [],
    };
  }
  const outcome = await buyLabels(
    await labelDeps(context),
    { id: user.id, email: user.email },
    parsed.data.orderId.map((orderId) => ({ orderId })),
  );
  return {
    message: null,
    printUrl: outcome.printUrl,
    labelled: outcome.labelled.map(({ orderId, trackingCode }) => ({
      number: orderNumber(orderId),
      trackingCode,
    })),
    refused: outcome.refused.map(({ orderId, message }) => ({ number: orderNumber(orderId), message })),
  };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, query, page, pageCount, matching, labels } = loaderData;
  const filtered = Boolean(query.q || query.status || query.payment);
  const bought = useActionData<typeof action>();
  // The filters' form is a GET: only the labels' POST makes the page busy.
  const buying = useNavigation().formMethod?.toUpperCase() === "POST";
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

      {labels && orders.length > 0 && (
        // The rows' boxes belong to this form (their `form` attribute): it works before scripts.
        <Form method="post" id="etiquetas" className="flex flex-col gap-3">
          <Button type="submit" variant="outline" className="self-start" disabled={buying}>
            Comprar etiquetas dos selecionados
          </Button>
          {bought && <LabelsBought bought={bought} />}
        </Form>
      )}

      {orders.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          Nenhum pedido encontrado
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                {labels && (
                  <th className="px-3 py-2 font-medium">
                    <span className="sr-only">Selecionar</span>
                  </th>
                )}
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
                  {labels && (
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        name="orderId"
                        value={order.id}
                        form="etiquetas"
                        aria-label={`Selecionar o pedido #${orderNumber(order.id)}`}
                        className="size-4 accent-brand-600"
                      />
                    </td>
                  )}
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

/** What a 'Comprar etiquetas' try did: the PDF to print, the codes, and each order left with why. */
function LabelsBought({ bought }: { bought: NonNullable<ReturnType<typeof useActionData<typeof action>>> }) {
  return (
    <div role="status" className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4 text-sm">
      {bought.message && <p className="text-red-600">{bought.message}</p>}
      {bought.labelled.length > 0 && (
        <>
          <p>
            {bought.labelled.length === 1
              ? "1 etiqueta comprada"
              : `${bought.labelled.length} etiquetas compradas`}
          </p>
          <ul className="flex flex-col gap-1">
            {bought.labelled.map(({ number, trackingCode }) => (
              <li key={number}>
                #{number}:{" "}
                {trackingCode ? `código de rastreio ${trackingCode}` : "código de rastreio a caminho"}
              </li>
            ))}
          </ul>
          {bought.printUrl && (
            <a
              href={bought.printUrl}
              target="_blank"
              rel="noreferrer"
              className={buttonClasses("default", "sm", "self-start")}
            >
              Imprimir etiquetas
            </a>
          )}
        </>
      )}
      {bought.refused.length > 0 && (
        <ul className="flex flex-col gap-1 text-red-600">
          {bought.refused.map(({ number, message }) => (
            <li key={number}>
              #{number}: {message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
