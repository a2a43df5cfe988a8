import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { setUpStartedStore } from "../support/started-store";

// Every resource route a page's script calls for a signed-in customer, asked by a visitor over
// HTTP: one guard refuses them all with 401 and 'Usuário não autenticado', each in the JSON shape
// its client reads (the client shows that text), and no copy of the answer is kept.

const started = setUpStartedStore({ SEED_DEMO: "false" });

const NOT_SIGNED_IN = "Usuário não autenticado";
const ORDER_ID = randomUUID();

interface ResourceCall {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /** What the route's client reads of a refusal. */
  answer: Record<string, unknown>;
}

const CALLS: ResourceCall[] = [
  {
    method: "POST",
    path: "/api/cart",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ intent: "add", productId: 1 }),
    answer: { error: NOT_SIGNED_IN },
  },
  { method: "GET", path: "/api/cep/01310100", answer: { error: NOT_SIGNED_IN } },
  {
    method: "POST",
    path: "/api/create-payment",
    headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
    body: JSON.stringify({ products: [], customer: {}, addressId: randomUUID() }),
    answer: { success: false, error: NOT_SIGNED_IN },
  },
  {
    method: "POST",
    path: "/api/favorites",
    body: new URLSearchParams({ productId: "1", intent: "add" }),
    answer: { error: NOT_SIGNED_IN },
  },
  { method: "GET", path: `/api/orders/${ORDER_ID}/payment`, answer: { error: NOT_SIGNED_IN } },
  { method: "POST", path: `/api/orders/${ORDER_ID}/payment`, answer: { error: NOT_SIGNED_IN } },
  {
    method: "POST",
    path: "/api/passkey-options",
    body: new URLSearchParams({ ceremony: "registration" }),
    answer: { ok: false, message: NOT_SIGNED_IN },
  },
  {
    method: "POST",
    path: "/api/sandbox/payment",
    body: new URLSearchParams({ orderId: ORDER_ID }),
    answer: { error: NOT_SIGNED_IN },
  },
];

describe("a signed-out visitor calling a customer's resource route", () => {
  it.each(CALLS.map((call) => [`${call.method} ${call.path}`, call] as const))(
    "%s is refused with 401 in its client's shape",
    async (_name, call) => {
      const response = await fetch(`${started.store.url}${call.path}`, {
        method: call.method,
        headers: { ...call.headers, origin: started.store.url },
        body: call.body,
        redirect: "manual",
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(response.headers.get("cache-control")).toContain("no-store");
      expect(await response.json()).toEqual(call.answer);
    },
  );

  it("still gets the options to sign in with a passkey, which need no session", async () => {
    const response = await fetch(`${started.store.url}/api/passkey-options`, {
      method: "POST",
      headers: { origin: started.store.url },
      body: new URLSearchParams({ ceremony: "authentication" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, options: { challenge: expect.any(String) } });
  });
});
