import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { users } from "../../app/db/schema.server";
import { orderNumber } from "../../app/lib/order-number";
import { cookieHeader, signIn, signUpCustomer, type Customer } from "../support/accounts";
import { randomClientIp } from "../support/browser";
import { createOrder, createProduct } from "../support/factories";
import { setUpStartedStore } from "../support/started-store";
import { startStoreServer } from "../support/store-server";

// What a person sees on the order pages, rendered by the started store.
const ADMIN = { email: "admin@vitrine.local", password: "senha-do-admin-1" };
const GATE_PASSWORD = "portao-do-painel-1";
const STORE_ENV = { SEED_DEMO: "false", ADMIN_PASSWORD: ADMIN.password, ADMIN_PANEL_PASSWORD: GATE_PASSWORD };
const started = setUpStartedStore(STORE_ENV);

let alice: Customer;
let bruno: Customer;
let newcomer: Customer;
let adminCookie: string;
const ids = { tracked: "", late: "", brunos: "", mismatched: "" };

beforeAll(async () => {
  alice = await signUpCustomer(started.store.url);
  bruno = await signUpCustomer(started.store.url);
  newcomer = await signUpCustomer(started.store.url);
  await started.store.stop();
  // The embedded database opens only while the store is stopped.
  const { env, dataDir } = started.data;
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir });
  try {
    const { db } = database;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, alice.email));
    const product = await createProduct(db, { name: "Fone Bluetooth" });
    const tracked = await createOrder(db, {
      userId: user!.id,
      lines: [{ product, quantity: 2 }],
      paid: true,
      overrides: { status: "processing", trackingCode: "PB123456789BR" },
    });
    const late = await createOrder(db, {
      userId: user!.id,
      lines: [{ product, quantity: 1 }],
      paid: true,
      overrides: { status: "cancelled", latePaymentAt: new Date() },
    });
    const mismatched = await createOrder(db, {
      userId: user!.id,
      lines: [{ product, quantity: 1 }],
      overrides: { paymentMismatchAt: new Date(), paymentMismatchCents: 100 },
    });
    ids.mismatched = mismatched.id;
    const [brunoUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, bruno.email));
    const brunos = await createOrder(db, {
      userId: brunoUser!.id,
      lines: [{ product, quantity: 1 }],
      paid: true,
      overrides: { status: "processing", trackingCode: "QQ987654321BR" },
    });
    ids.brunos = brunos.id;
    ids.tracked = tracked.id;
    ids.late = late.id;
  } finally {
    await database.close();
  }
  started.store = await startStoreServer(STORE_ENV, started.data);

  adminCookie = cookieHeader(await signIn(started.store.url, ADMIN));
  const gate = await fetch(`${started.store.url}/api/admin/verify-password`, {
    method: "POST",
    headers: { cookie: adminCookie, origin: started.store.url, "X-Forwarded-For": randomClientIp() },
    body: new URLSearchParams({ password: GATE_PASSWORD }),
  });
  if (gate.status !== 200) throw new Error(`O portão do painel recusou: ${gate.status}`);
});

async function page(path: string, cookie: string) {
  const response = await fetch(`${started.store.url}${path}`, {
    headers: { cookie, "X-Forwarded-For": randomClientIp() },
    redirect: "manual",
  });
  return { status: response.status, body: await response.text() };
}

describe("Rastrear Pedido, as the customer sees it", () => {
  it("invites a customer without orders to start shopping", async () => {
    const { status, body } = await page("/account/track", cookieHeader(newcomer));
    expect(status).toBe(200);
    expect(body).toContain("Nenhum pedido ainda");
    expect(body).toMatch(/<a[^>]*href="\/"[^>]*>Começar a Comprar<\/a>/);
  });

  it("shows the timeline and a link to follow the parcel on the Correios site", async () => {
    const { body } = await page(`/account/track?order=${ids.tracked}`, cookieHeader(alice));
    for (const text of [
      "Pedido realizado",
      "Pagamento confirmado",
      "PB123456789BR",
      orderNumber(ids.tracked),
    ]) {
      expect(body).toContain(text);
    }
    const link = /<a[^>]*>Acompanhar nos Correios/.exec(body)?.[0] ?? "";
    expect(link).toContain('href="https://rastreamento.correios.com.br/app/index.php?objetos=PB123456789BR"');
    expect(link).toContain('target="_blank"');
    expect(link).toMatch(/rel="[^"]*noopener/);
  });

  it("says 'Pedido não encontrado' for another customer's order, and shows nothing of it", async () => {
    for (const asked of [ids.brunos, randomUUID(), "nao-e-um-id"]) {
      const { status, body } = await page(`/account/track?order=${asked}`, cookieHeader(alice));
      expect(status).toBe(200);
      expect(body).toContain("Pedido não encontrado");
      // The picker stays, with Alice's own orders only.
      expect(body).toContain(orderNumber(ids.tracked));
      expect(body).not.toContain(orderNumber(ids.brunos));
      expect(body).not.toContain("QQ987654321BR");
    }
  });
});

describe("the panel's order pages, as the admin sees them", () => {
  it("list the orders with a late payment or another amount paid flagged, and say when nothing matches", async () => {
    const all = await page("/admin/orders", adminCookie);
    expect(all.status).toBe(200);
    expect(all.body).toContain(`href="/admin/orders/${ids.late}"`);
    expect(all.body).toContain("Pagamento após o vencimento");
    expect(all.body).toContain(`href="/admin/orders/${ids.mismatched}"`);
    expect(all.body).toContain("Valor pago diferente do total");
    const none = await page("/admin/orders?q=ninguem-com-este-nome", adminCookie);
    expect(none.body).toContain("Nenhum pedido encontrado");
  });

  it("answer any odd query with a normal page", async () => {
    const queries = [
      "page=1000000000",
      "page=-1",
      "page=abc",
      "status=desconhecido&payment=x",
      `q=${"a".repeat(1000)}`,
      "q=%25",
      "q=_",
      "q=%5C",
      "q[]=1&page[]=2",
    ];
    for (const query of queries) {
      expect((await page(`/admin/orders?${query}`, adminCookie)).status, query).toBe(200);
    }
  });

  it("show an order with its masked documents, and 404 for an unknown or malformed id", async () => {
    const { status, body } = await page(`/admin/orders/${ids.tracked}`, adminCookie);
    expect(status).toBe(200);
    for (const text of [
      "529.982.247-25",
      "(11) 98765-4321",
      "Avenida Paulista",
      "Fone Bluetooth",
      "Histórico de status",
    ]) {
      expect(body).toContain(text);
    }
    const mismatched = await page(`/admin/orders/${ids.mismatched}`, adminCookie);
    expect(mismatched.body).toMatch(
      /Valor pago diferente do total: R\$\s1,00 recebidos em [^<]+, total do pedido R\$\s[\d.,]+/,
    );
    for (const id of [randomUUID(), "nao-e-um-id"]) {
      const missing = await page(`/admin/orders/${id}`, adminCookie);
      expect(missing.status, id).toBe(404);
      expect(missing.body).toContain("Registro não encontrado.");
    }
  });
});
