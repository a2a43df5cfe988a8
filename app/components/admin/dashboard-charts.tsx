import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../domain/orders/order-status";
import { formatBRL } from "../../lib/money";
import { useHydrated } from "../use-hydrated";

const STATUS_COLOURS: Record<OrderStatus, string> = {
  pending: "#94a3b8",
  processing: "#2563eb",
  completed: "#16a34a",
  cancelled: "#dc2626",
};

/** `2026-11-25` → `25/11`. */
function dayLabel(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/**
 * Revenue of the last 30 days, a bar a day. Drawn in the browser only (a chart measures its box);
 * the table beside it says the same for screen readers and before hydration. Not animated: a bar
 * grows from zero height, which recharts draws as nothing, and a render that lands on that frame
 * (a resize, a revalidation) left today's bar missing.
 */
export function RevenueChart({ days }: { days: { day: string; revenueCents: number }[] }) {
  const hydrated = useHydrated();
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold text-slate-700">
        Faturamento dos últimos 30 dias
      </figcaption>
      <div className="h-64" aria-hidden>
        {hydrated && (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={days} margin={{ left: 16, right: 8, top: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" tickFormatter={dayLabel} fontSize={12} />
              <YAxis tickFormatter={(cents: number) => formatBRL(cents)} fontSize={12} width={90} />
              <Tooltip
                labelFormatter={(day) => dayLabel(String(day))}
                formatter={(cents) => [formatBRL(Number(cents)), "Faturamento"]}
              />
              <Bar dataKey="revenueCents" fill="#2563eb" radius={[4, 4, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
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
export function StatusChart({ statuses }: { statuses: { status: OrderStatus; orders: number }[] }) {
  const hydrated = useHydrated();
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold text-slate-700">Pedidos por status</figcaption>
      {statuses.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum pedido ainda</p>
      ) : (
        <div className="h-48" aria-hidden>
          {hydrated && (
            <ResponsiveContainer width="100%" height="100%">
              <PieChart>
                <Pie
                  data={statuses}
                  dataKey="orders"
                  nameKey="status"
                  innerRadius={40}
                  outerRadius={80}
                  startAngle={90}
                  endAngle={-270}
                  stroke={statuses.length > 1 ? "#fff" : "none"}
                  isAnimationActive={false}
                >
                  {statuses.map((entry) => (
                    <Cell key={entry.status} fill={STATUS_COLOURS[entry.status]} />
                  ))}
                </Pie>
                <Tooltip
                  formatter={(orders, status) => [orders, ORDER_STATUS_LABELS[status as OrderStatus]]}
                />
              </PieChart>
            </ResponsiveContainer>
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
