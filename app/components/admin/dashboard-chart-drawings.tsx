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
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../domain/orders/order-lifecycle";
import { formatBRL } from "../../lib/money";
import { dayLabel, STATUS_COLOURS, type RevenueDay, type StatusCount } from "./dashboard-chart-data";

/*
 * The charts' drawings, in a module of their own: recharts is loaded by the browser when the
 * dashboard is shown, and never by the server, which renders the charts' tables and legends only.
 */

/**
 * The value axis' amounts, short enough for its 72 px whatever the store sells: 'R$ 350',
 * 'R$ 1,2 mil', 'R$ 350 mil', 'R$ 1,2 mi' (the tooltip and the table say them in full).
 */
const axisAmount = new Intl.NumberFormat("pt-BR", {
  style: "currency",
  currency: "BRL",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

export function RevenueBars({ days }: { days: RevenueDay[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={days} margin={{ left: 0, right: 8, top: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={dayLabel} fontSize={12} />
        <YAxis tickFormatter={(cents: number) => axisAmount.format(cents / 100)} fontSize={12} width={72} />
        <Tooltip
          labelFormatter={(day) => dayLabel(String(day))}
          formatter={(cents) => [formatBRL(Number(cents)), "Faturamento"]}
        />
        <Bar dataKey="revenueCents" fill="#2563eb" radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function StatusPie({ statuses }: { statuses: StatusCount[] }) {
  return (
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
        <Tooltip formatter={(orders, status) => [orders, ORDER_STATUS_LABELS[status as OrderStatus]]} />
      </PieChart>
    </ResponsiveContainer>
  );
}
