import { lazy, Suspense } from "react";
import { ORDER_STATUS_LABELS } from "../../domain/orders/order-lifecycle";
import { formatBRL } from "../../lib/money";
import { useHydrated } from "../use-hydrated";
import { dayLabel, STATUS_COLOURS, type RevenueDay, type StatusCount } from "./dashboard-chart-data";

const RevenueBars = lazy(() =>
  import("./dashboard-chart-drawings").then((drawings) => ({ default: drawings.RevenueBars })),
);
const StatusPie = lazy(() =>
  import("./dashboard-chart-drawings").then((drawings) => ({ default: drawings.StatusPie })),
);

/**
 * Revenue of the last 30 days, a bar a day. Drawn in the browser only (a chart measures its box);
 * the table beside it says the same for screen readers and before hydration. Not animated: a bar
 * grows from zero height, which recharts draws as nothing, and a render that lands on that frame
 * (a resize, a revalidation) left today's bar missing.
 */
export function RevenueChart({ days }: { days: RevenueDay[] }) {
  const hydrated = useHydrated();
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold text-slate-700">
        Faturamento dos últimos 30 dias
      </figcaption>
      <div className="h-64" aria-hidden>
        {hydrated && (
          <Suspense>
            <RevenueBars days={days} />
          </Suspense>
        )}
      </div>
      <table className="sr-only">
        <caption>Faturamento por dia</caption>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{dayLabel(day.day)}</th>
              <td>{formatBRL(day.revenueCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/**
 * Orders by status, a slice each, with a legend that reads without the chart. Starts at 12
 * o'clock; slices are parted by a white line only when there are two or more, or a lone full
 * ring would show its seam. Not animated, for the same reason as the revenue chart.
 */
export function StatusChart({ statuses }: { statuses: StatusCount[] }) {
  const hydrated = useHydrated();
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold text-slate-700">Pedidos por status</figcaption>
      {statuses.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum pedido ainda</p>
      ) : (
        <div className="h-48" aria-hidden>
          {hydrated && (
            <Suspense>
              <StatusPie statuses={statuses} />
            </Suspense>
          )}
        </div>
      )}
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {statuses.map((entry) => (
          <li key={entry.status} className="flex items-center gap-2">
            <span
              aria-hidden
              className="size-3 rounded-sm"
              style={{ background: STATUS_COLOURS[entry.status] }}
            />
            {ORDER_STATUS_LABELS[entry.status]}: {entry.orders}
          </li>
        ))}
      </ul>
    </figure>
  );
}
