import { Truck } from "lucide-react";
import { Form, useSubmit } from "react-router";
import type { Route } from "./+types/track";
import { pageTitle, storeDescription } from "../../lib/seo";
import { CarrierTrackingLink } from "../../components/orders/carrier-tracking-link";
import { NoOrdersYet } from "../../components/orders/no-orders-yet";
import { Button } from "../../components/ui/button";
import { inputClasses } from "../../components/ui/form-field";
import { listCustomerOrders } from "../../domain/orders/customer-orders.server";
import { ORDER_STATUS_LABELS } from "../../domain/orders/order-lifecycle";
import { findTrackedOrder } from "../../domain/orders/order-timeline.server";
import { carrierName, trackingLink } from "../../lib/carriers";
import { formatDate, formatDateTime } from "../../lib/dates";
import { orderNumber } from "../../lib/order-number";
import { requireUser } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  const selected = new URL(request.url).searchParams.get("order") ?? "";
  const [orders, tracked] = await Promise.all([
    listCustomerOrders(context.db, user.id),
    selected ? findTrackedOrder(context.db, user.id, selected) : null,
  ]);
  return {
    orders: orders.map((order) => ({
      id: order.id,
      label: `#${orderNumber(order.id)} - ${formatDateTime(order.createdAt)}`,
    })),
    // Another customer's order, or none at all, reads the same: not found.
    notFound: selected !== "" && !tracked,
    tracked: tracked && {
      ...tracked,
      arrivesBy: tracked.arrivesBy && formatDate(tracked.arrivesBy),
      timeline: tracked.timeline.map((step) => ({ ...step, at: formatDateTime(step.at) })),
      tracking: tracked.tracking && {
        code: tracked.tracking.code,
        carrier: carrierName(tracked.tracking),
        link: trackingLink(tracked.tracking),
      },
    },
  };
}

export default function TrackOrder({ loaderData }: Route.ComponentProps) {
  const { orders, notFound, tracked } = loaderData;
  const submit = useSubmit();
  if (orders.length === 0) {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">Rastrear Pedido</h1>
        <NoOrdersYet />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Rastrear Pedido</h1>
      {/* A GET form: the chosen order is in the address (?order=), so it can be shared or reloaded. */}
      <Form method="get" action="/account/track" className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-64 flex-1 flex-col gap-1.5 text-sm font-medium text-slate-700">
          Pedido
          <select
            name="order"
            defaultValue={tracked?.id ?? ""}
            key={tracked?.id ?? ""}
            className={inputClasses}
            onChange={(event) => void submit(event.currentTarget.form)}
          >
            <option value="" disabled>
              Selecione um pedido
            </option>
            {orders.map((order) => (
              <option key={order.id} value={order.id}>
                {order.label}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="outline">
          Ver andamento
        </Button>
      </Form>

      {notFound && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          Pedido não encontrado
        </p>
      )}
      {tracked ? (
        <section
          aria-label={`Andamento do pedido #${orderNumber(tracked.id)}`}
          className="rounded-xl border border-slate-200 p-5"
        >
          <h2 className="font-semibold">
            Pedido #{orderNumber(tracked.id)}{" "}
            <span className="font-normal text-slate-600">({ORDER_STATUS_LABELS[tracked.status]})</span>
          </h2>
          <ol className="mt-4 flex flex-col gap-4 border-l-2 border-slate-200 pl-5">
            {tracked.timeline.map((step, index) => (
              <li key={index} className="relative">
                <span
                  aria-hidden
                  className="absolute top-1.5 -left-[1.7rem] size-3 rounded-full border-2 border-white bg-brand-600"
                />
                <p className="font-medium">{step.label}</p>
                {step.detail && <p className="text-sm text-slate-700">Motivo: {step.detail}</p>}
                <p className="text-sm text-slate-600">{step.at}</p>
              </li>
            ))}
          </ol>
          {(tracked.freight || tracked.arrivesBy) && (
            <p className="mt-4 text-sm text-slate-700">
              {[
                tracked.freight && `Entrega: ${tracked.freight}`,
                tracked.arrivesBy && `Chega até ${tracked.arrivesBy}`,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          )}
          {tracked.tracking && (
            <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
              <Truck aria-hidden className="size-5 text-slate-500" />
              <p>
                Código de rastreio ({tracked.tracking.carrier}):{" "}
                <span className="font-mono font-semibold break-all">{tracked.tracking.code}</span>
              </p>
              {tracked.tracking.link && <CarrierTrackingLink link={tracked.tracking.link} />}
            </div>
          )}
        </section>
      ) : (
        !notFound && <p className="text-slate-600">Selecione um pedido para ver o seu andamento.</p>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Rastrear Pedido"),
  ...storeDescription(matches),
];
