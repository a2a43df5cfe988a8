import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
} from "../orders/order-status";

/**
 * The panel's order list as it appears in the URL query (?q=&status=&payment=&page=), read into
 * one canonical form: anything unknown or out of range reads as no filter, or page 1.
 */
export interface AdminOrdersQuery {
  /** An order number, a customer's name or e-mail; "" for every order. */
  q: string;
  status: OrderStatus | "";
  payment: PaymentStatus | "";
  /** 1-based; the list clamps it to its last page. */
  page: number;
}

// The labels name every status (the browser cannot import the schema's lists).
const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];
const PAYMENT_STATUSES = Object.keys(PAYMENT_STATUS_LABELS) as PaymentStatus[];
const MAX_SEARCH = 100;
const MAX_PAGE = 100_000;

function readOne<T extends string>(value: string | null, allowed: readonly T[]): T | "" {
  return allowed.find((option) => option === value) ?? "";
}

function readPage(value: string | null): number {
  const page = /^\d+$/.test(value ?? "") ? Number(value) : 1;
  return Math.min(Math.max(page, 1), MAX_PAGE);
}

export function readAdminOrdersQuery(searchParams: URLSearchParams): AdminOrdersQuery {
  return {
    q: (searchParams.get("q") ?? "").slice(0, MAX_SEARCH).trim(),
    status: readOne(searchParams.get("status"), ORDER_STATUSES),
    payment: readOne(searchParams.get("payment"), PAYMENT_STATUSES),
    page: readPage(searchParams.get("page")),
  };
}

/** The query string of a list in its one spelling: fixed order, defaults left out. */
export function adminOrdersSearch(query: AdminOrdersQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.payment) params.set("payment", query.payment);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}
