import type { OrderStatus } from "../../domain/orders/order-lifecycle";

/** What the dashboard's charts show, shared by their drawings and the tables beside them. */
export const STATUS_COLOURS: Record<OrderStatus, string> = {
  pending: "#94a3b8",
  processing: "#2563eb",
  completed: "#16a34a",
  cancelled: "#dc2626",
  shipped: "#7c3aed",
  delivered: "#0d9488",
  return_requested: "#d97706",
  returned: "#78716c",
};

export type RevenueDay = { day: string; revenueCents: number };
export type StatusCount = { status: OrderStatus; orders: number };

/** `2026-11-25` → `25/11`. */
export function dayLabel(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}
