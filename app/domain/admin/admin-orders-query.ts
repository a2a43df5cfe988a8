import { readListingQuery, type ListingQuery } from "./listing";
import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATE_LABELS,
  type OrderStatus,
  type PaymentState,
} from "../orders/order-lifecycle";

/**
 * The panel's order list as it appears in the URL query (?q=&status=&payment=&page=), read into
 * one canonical form: anything unknown or out of range reads as no filter, or page 1.
 */
export interface AdminOrdersQuery extends ListingQuery {
  /** `q`: an order number, a customer's name or e-mail; "" for every order. */
  status: OrderStatus | "";
  payment: PaymentState | "";
}

// The labels name every status (the browser cannot import the schema's lists).
const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];
const PAYMENT_STATES = Object.keys(PAYMENT_STATE_LABELS) as PaymentState[];

function readOne<T extends string>(value: string | null, allowed: readonly T[]): T | "" {
  return allowed.find((option) => option === value) ?? "";
}

export function readAdminOrdersQuery(searchParams: URLSearchParams): AdminOrdersQuery {
  return {
    ...readListingQuery(searchParams),
    status: readOne(searchParams.get("status"), ORDER_STATUSES),
    payment: readOne(searchParams.get("payment"), PAYMENT_STATES),
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
