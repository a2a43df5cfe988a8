import { parseCartItems, type CartItem, type ServerCartAnswer } from "../../domain/cart/cart-items";
import type { CartRequest } from "../../domain/cart/cart-request";

/**
 * The signed-in customer's cart as this page knows it: a copy of the one the server keeps, read
 * when the customer is seen signed in (or taken from the page, when its loader read it) and
 * replaced by the server's answer to each change. Changes are sent one after another, so the copy
 * ends as the last one left the server. The snapshot is null until the cart is first known. An
 * external store for `useSyncExternalStore`.
 */
let snapshot: CartItem[] | null = null;
let queue: Promise<unknown> = Promise.resolve();
const listeners = new Set<() => void>();

function show(items: CartItem[] | null): void {
  snapshot = items;
  for (const listener of listeners) listener();
}

async function exchange(init?: RequestInit): Promise<ServerCartAnswer> {
  const response = await fetch("/api/cart", {
    ...init,
    headers: { Accept: "application/json", ...(init?.body ? { "Content-Type": "application/json" } : {}) },
  });
  if (response.status === 404) {
    const refusal = (await response.json().catch(() => null)) as { error?: unknown } | null;
    if (typeof refusal?.error === "string") throw new CartRequestRefused(refusal.error);
  }
  if (!response.ok) throw new Error(`/api/cart respondeu ${response.status}`);
  const answer = (await response.json()) as ServerCartAnswer;
  const items = parseCartItems(answer.items);
  if (!items) throw new Error("/api/cart respondeu com dados inválidos");
  show(items);
  return { ...answer, items };
}

/** The server refused the change (a product or variant it does not sell), with its pt-BR reason. */
export class CartRequestRefused extends Error {}

/** Runs after every exchange already asked for, whatever became of them. */
function inTurn(run: () => Promise<ServerCartAnswer>): Promise<ServerCartAnswer> {
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

export const customerCart = {
  getSnapshot(): CartItem[] | null {
    return snapshot;
  },
  getServerSnapshot(): CartItem[] | null {
    return null;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The server's cart as it is now. */
  load(): Promise<ServerCartAnswer> {
    return inTurn(() => exchange());
  },
  /** The cart as the page's loader read it from the server, unless the server has answered since. */
  adopt(items: CartItem[]): void {
    if (snapshot === null) show(items);
  },
  send(request: CartRequest): Promise<ServerCartAnswer> {
    return inTurn(() => exchange({ method: "POST", body: JSON.stringify(request) }));
  },
  /** Signed out: this page no longer knows the customer's cart (the server keeps it). */
  forget(): void {
    show(null);
  },
};
