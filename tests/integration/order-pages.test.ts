import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { users } from "../../app/db/schema.server";
import { formatBRL } from "../../app/lib/money";
import { orderNumber } from "../../app/lib/order-number";
import { cookieHeader, signIn, signUpCustomer, type Customer } from "../support/accounts";
import { randomClientIp } from "../support/browser";
import { createOrder, createProduct, createRefund } from "../support/factories";
import { brl, htmlText } from "../support/page-text";
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
const CARD_CHECKOUT_URL = "https://mp.example/checkout/preferencia-1";
const ids = { tracked: "", late: "", brunos: "", mismatched: "", byCard: "", cardUnpaid: "" };
const CARD_PAYMENT_ID = "98765432101";

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
      // Paid after it had been cancelled, and the payment disputed (a MED): no goods came.
      overrides: { status: "cancelled", latePaymentAt: new Date(), disputedAt: new Date() },
    });
    // Delivered, and the customer asked to return it.
    await createOrder(db, {
      userId: null,
      lines: [{ product, quantity: 1 }],
      paid: true,
      overrides: { status: "return_requested" },
    });
    const mismatched = await createOrder(db, {
      userId: user!.id,
      lines: [{ product, quantity: 1 }],
      overrides: { paymentMismatchAt: new Date(), paymentMismatchCents: 100 },
    });
    ids.mismatched = mismatched.id;
    const card = { paymentMethod: "card", cardProvider: "mercadopago" } as const;
    const byCard = await createOrder(db, {
      userId: user!.id,
      lines: [{ product, quantity: 3 }],
      paid: true,
      overrides: {
        ...card,
        pixStatus: "ACTIVE",
        cardPaymentId: CARD_PAYMENT_ID,
        cardPaymentStatus: "approved",
        cardPaymentType: "credit_card",
        cardInstallments: 10,
      },
    });
    ids.byCard = byCard.id;
    // One of its three units refunded, and a second refund still pending at the provider.
    await createRefund(db, byCard.id, { amountCents: 19_990, status: "confirmed" });
    await createRefund(db, byCard.id, { amountCents: 19_990 });
    // Sent to the provider's checkout, where nothing was paid yet.
    const cardUnpaid = await createOrder(db, {
      userId: user!.id,
      lines: [{ product, quantity: 1 }],
      overrides: {
        ...card,
        cardCheckoutUrl: CARD_CHECKOUT_URL,
        paymentExpiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    ids.cardUnpaid = cardUnpaid.id;
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
    const link = /<a[^>]*>Rastrear nos Correios/.exec(body)?.[0] ?? "";
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

describe("how an order was paid, as the customer sees it", () => {
  it("is said on each order of 'Meus Pedidos'", async () => {
    const { status, body } = await page("/account/orders", cookieHeader(alice));
    expect(status).toBe(200);
    const cardOf = (orderId: string) =>
      new RegExp(`aria-label="Pedido #${orderId.slice(0, 8)}"[\\s\\S]*?</li>`).exec(body)?.[0] ?? "";
    expect(cardOf(ids.byCard)).toContain("Pagamento: Cartão de crédito em 10x");
    expect(cardOf(ids.cardUnpaid)).toContain("Pagamento: Cartão de crédito ou boleto");
    expect(cardOf(ids.tracked)).toContain("Pagamento: PIX");
    // The unpaid one leads back to its checkout at the provider; a paid one has nothing to pay.
    expect(cardOf(ids.cardUnpaid)).toMatch(
      new RegExp(`<a [^>]*href="${CARD_CHECKOUT_URL}"[^>]*>Pagar agora</a>`),
    );
    expect(cardOf(ids.byCard)).not.toContain("Pagar agora");
  });

  it("is on the receipt, which mentions PIX only for a PIX order", async () => {
    const byCard = await page(`/account/orders/${ids.byCard}/receipt`, cookieHeader(alice));
    expect(byCard.status).toBe(200);
    expect(byCard.body).toContain("Forma de pagamento:</span> Cartão de crédito em 10x</p>");
    // One of its units refunded, as the panel says.
    expect(byCard.body).toContain(">parcialmente reembolsado</span>");
    expect(byCard.body).not.toContain("PIX");
    const byPix = await page(`/account/orders/${ids.tracked}/receipt`, cookieHeader(alice));
    expect(byPix.body).toContain("Forma de pagamento:</span> PIX</p>");
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

  it("list how each order was paid, in the Pagamento column, and keep its filters", async () => {
    const rowOf = (body: string, orderId: string) =>
      new RegExp(`href="/admin/orders/${orderId}"[\\s\\S]*?</tr>`).exec(body)?.[0] ?? "";
    const all = await page("/admin/orders", adminCookie);
    // One of its units refunded: the payment shows it.
    expect(rowOf(all.body, ids.byCard)).toMatch(
      />Cartão de crédito em 10x<\/span>.*>parcialmente reembolsado</,
    );
    expect(rowOf(all.body, ids.cardUnpaid)).toMatch(/>Cartão de crédito ou boleto<\/span>.*>pendente</);
    expect(rowOf(all.body, ids.tracked)).toMatch(/>PIX<\/span>.*>pago</);
    const pending = await page("/admin/orders?payment=pending", adminCookie);
    expect(pending.body).toContain(`href="/admin/orders/${ids.cardUnpaid}"`);
    expect(pending.body).not.toContain(`href="/admin/orders/${ids.byCard}"`);
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
    // A PIX order's payment: its method, and nothing of a card.
    expect(body).toMatch(/>Forma de pagamento<\/dt><dd[^>]*>PIX<\/dd>/);
    expect(body).not.toContain("ID do pagamento");
    const mismatched = await page(`/admin/orders/${ids.mismatched}`, adminCookie);
    expect(mismatched.body).toMatch(
      /Valor pago diferente do total: R\$\s1,00 recebidos em [^<]+, total do pedido R\$\s[\d.,]+/,
    );
    // Received, though it did not pay the order: the panel counts it.
    expect(htmlText(mismatched.body)).toContain(`Total recebido ${brl(100)}`);
    for (const id of [randomUUID(), "nao-e-um-id"]) {
      const missing = await page(`/admin/orders/${id}`, adminCookie);
      expect(missing.status, id).toBe(404);
      expect(missing.body).toContain("Registro não encontrado.");
    }
  });

  it("show a card order's method, the provider's payment id and status, and the instalments", async () => {
    const paid = await page(`/admin/orders/${ids.byCard}`, adminCookie);
    expect(paid.status).toBe(200);
    for (const [label, value] of [
      ["Forma de pagamento", "Cartão de crédito em 10x"],
      ["Status", "parcialmente reembolsado"],
      ["ID do pagamento", CARD_PAYMENT_ID],
      ["Status no provedor", "Aprovado"],
      ["Parcelas", "10x"],
    ]) {
      expect(paid.body).toMatch(new RegExp(`>${label}</dt><dd[^>]*>${value}</dd>`));
    }
    // Its one payment: three units received, one given back (the pending refund gave nothing yet).
    expect(htmlText(paid.body)).toContain(
      `Total recebido ${brl(3 * 19_990)} Total reembolsado ${brl(19_990)}`,
    );
    expect(htmlText(paid.body)).toContain(
      `Pagamentos Cartão de crédito em 10x · mercadopago — parcialmente reembolsado Valor ${brl(3 * 19_990)} Recebido ${brl(3 * 19_990)} Reembolsado ${brl(19_990)}`,
    );
    const unpaid = await page(`/admin/orders/${ids.cardUnpaid}`, adminCookie);
    for (const [label, value] of [
      ["Forma de pagamento", "Cartão de crédito ou boleto"],
      ["Status", "pendente"],
      ["ID do pagamento", "—"],
      ["Status no provedor", "—"],
      ["Parcelas", "—"],
    ]) {
      expect(unpaid.body).toMatch(new RegExp(`>${label}</dt><dd[^>]*>${value}</dd>`));
    }
  });

  it("split the dashboard's revenue between PIX and card or boleto", async () => {
    const { status, body } = await page("/admin", adminCookie);
    expect(status).toBe(200);
    // Paid by PIX: 2 + 1 + 1 (one cancelled after its payment) + 1 (its return asked for) units; by
    // card, 3; all at R$ 199,90.
    expect(body).toContain(
      `>Faturamento Total</dt><dd class="mt-1 text-[clamp(1rem,13cqi,1.5rem)] leading-tight font-bold wrap-anywhere tabular-nums">${formatBRL(8 * 19_990)}</dd>`,
    );
    expect(body).toContain(`>PIX: ${formatBRL(5 * 19_990)}</dd>`);
    expect(body).toContain(`>Cartão/boleto: ${formatBRL(3 * 19_990)}</dd>`);
  });

  it("show on the dashboard what refunds gave back, the net revenue, open returns and disputes", async () => {
    const { body } = await page("/admin", adminCookie);
    // The card order's confirmed refund of one unit; its pending one gave nothing back yet.
    expect(htmlText(body)).toContain(
      [
        `Reembolsado ${brl(19_990)} PIX: ${brl(0)} Cartão/boleto: ${brl(19_990)}`,
        `Receita líquida ${brl(7 * 19_990)}`,
        "Devoluções em aberto 1",
        "Pedidos em disputa 1",
      ].join(" "),
    );
  });
});
