import { createHmac, randomUUID } from "node:crypto";
import { pino } from "pino";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentDeps, type ServerContext } from "../../app/context.server";
import { blingOrders, blingWebhookEvents, mailOutbox } from "../../app/db/schema.server";
import { invoicesOf } from "../../app/domain/fiscal/bling/bling-invoices.server";
import { loader as customerOrders } from "../../app/routes/account/orders";
import { loader as receiptLoader } from "../../app/routes/account.order-receipt";
import { createBlingApi } from "../../app/domain/fiscal/bling/bling-api.server";
import { RequestSpacing } from "../../app/domain/fiscal/bling/bling-http.server";
import { runBlingJob } from "../../app/domain/fiscal/bling/bling-job.server";
import { blingOrderState, MAX_BLING_ATTEMPTS } from "../../app/domain/fiscal/bling/bling-orders.server";
import { action as adminOrderAction, loader as adminOrderLoader } from "../../app/routes/admin/order";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import {
  connectStoreToBling,
  invoiceEvent,
  postBlingWebhook,
  postSettings,
  startFakeBlingForStore,
} from "../support/bling";
import { payInSandbox, placeOrderThroughCheckout } from "../support/checkout";
import type { FakeBling } from "../support/fake-bling-server";
import { createTestContext, setUpTestStore, TEST_BASE_URL } from "../support/test-context";

/**
 * Issue 54, point 2: each paid order goes to Bling once as a 'pedido de venda' with its contact,
 * through the store's job against the fake Bling: also after a lost answer, with two processes,
 * past a 429 and a 5xx; Bling's refusal waits for the admin's 'Reenviar ao Bling'. Point 3: the
 * NF-e comes back, by a signed webhook or the store's own look, to the customer's pages and e-mail.
 * Point 4: a sale undone in whole moves its sales order to 'Cancelado' in Bling.
 */

const store = setUpTestStore();
let fake: FakeBling;
let context: ServerContext;
let admin: TestAdmin;

beforeAll(async () => {
  fake = await startFakeBlingForStore();
  context = createTestContext(store.database, undefined, { BLING_API_URL: fake.apiUrl });
  admin = await signedInAdmin(context);
  await connectStoreToBling(context, admin);
});
afterAll(() => fake?.stop());

const db = () => store.database.db;
/** One store process's job: its own pace towards Bling (none in the tests). */
const job = () => ({
  db: db(),
  env: context.env,
  logger: pino({ level: "warn" }),
  store: paymentDeps(context).store,
  spacing: new RequestSpacing({ minIntervalMs: 0 }),
});

/** A new buyer's order, placed at checkout and paid (sandbox PIX). */
async function paidOrder() {
  const { buyer, orderId } = await placeOrderThroughCheckout(store, context, {
    product: { name: "Teclado Mecânico", priceCents: 35_000, stock: 5 },
  });
  await payInSandbox(context, buyer, orderId);
  return { buyer, orderId };
}

const salesOrdersOf = (orderId: string) => fake.salesOrders.filter((order) => order.numeroLoja === orderId);
const postsOfSalesOrders = () =>
  fake.requests.filter((request) => request.method === "POST" && request.path.endsWith("/pedidos/vendas"))
    .length;

/** The admin's order page, as its loader answers it. */
const adminOrderPage = (orderId: string) =>
  adminOrderLoader({
    request: adminRequest(admin, `/admin/orders/${orderId}`),
    context: { ...context },
    params: { orderId },
  } as never);

/** The job run until the order is no longer due now (other tests' orders may share its runs). */
async function runJobFor(orderId: string, at = new Date()) {
  for (let run = 0; run < 5; run += 1) {
    await runBlingJob(job(), at);
    const [row] = await db().select().from(blingOrders).where(eq(blingOrders.orderId, orderId));
    if (row && (row.state !== "waiting" || row.nextAttemptAt > at)) return row;
  }
  throw new Error("o pedido continua na fila");
}

describe("a paid order sent to Bling", () => {
  it("goes once as a 'pedido de venda' with its customer as a contact, and a later run sends nothing", async () => {
    const { buyer, orderId } = await paidOrder();

    const row = await runJobFor(orderId);

    const [sent] = salesOrdersOf(orderId);
    expect(row).toMatchObject({ state: "sent", salesOrderId: sent!.id, lastError: null });
    expect(sent!.body).toMatchObject({
      numeroLoja: orderId,
      itens: [{ descricao: "Teclado Mecânico", quantidade: 1, valor: 350 }],
      parcelas: [{ valor: 350, observacoes: "PIX" }],
    });
    const contact = fake.contacts.find((candidate) => candidate.numeroDocumento === buyer.cpf);
    expect(contact).toMatchObject({ tipo: "F", indicadorIe: 9, nome: "Maria Compradora" });
    expect((sent!.body as { contato: { id: number } }).contato.id).toBe(contact!.id);

    await runJobFor(orderId, new Date(Date.now() + 60 * 60_000));
    expect(salesOrdersOf(orderId)).toHaveLength(1);
    const page = await adminOrderPage(orderId);
    expect(page.bling).toMatchObject({ state: "sent", salesOrderId: sent!.id });
  });

  it("is not sent again when Bling already has it (an answer lost after Bling made it)", async () => {
    const { orderId } = await paidOrder();
    const api = createBlingApi({ apiUrl: fake.apiUrl, accessToken: fake.grantAccess().accessToken });
    const contactId = await api.createContact({
      nome: "Maria Compradora",
      numeroDocumento: "52998224725",
      tipo: "F",
      email: "maria@example.com",
      indicadorIe: 9,
      endereco: { endereco: "", numero: "", complemento: "", bairro: "", cep: "", municipio: "", uf: "" },
    });
    const madeBefore = await api.createSalesOrder({
      numeroLoja: orderId,
      data: "2026-11-30",
      contatoId: contactId,
      itens: [],
      freteCents: 0,
      parcelas: [],
      descontoCents: 0,
    });
    const posts = postsOfSalesOrders();

    expect(await runJobFor(orderId)).toMatchObject({ state: "sent", salesOrderId: madeBefore });
    expect(postsOfSalesOrders()).toBe(posts);
    expect(salesOrdersOf(orderId)).toHaveLength(1);
  });

  it("goes once when two store processes run the job at the same time", async () => {
    const { orderId } = await paidOrder();

    await Promise.all([runBlingJob(job()), runBlingJob(job())]);
    await runJobFor(orderId);

    expect(salesOrdersOf(orderId)).toHaveLength(1);
    expect(await blingOrderState(db(), orderId)).toMatchObject({ state: "sent" });
  });
});

describe("a hand-off that fails", () => {
  it("waits as long as Bling's 429 asks, and goes on the run after", async () => {
    const { orderId } = await paidOrder();
    const now = new Date();
    fake.answerNextTo(
      "GET /pedidos/vendas",
      429,
      { error: { type: "TOO_MANY_REQUESTS" } },
      { "Retry-After": "30" },
    );

    const waiting = await runJobFor(orderId, now);

    expect(waiting).toMatchObject({
      state: "waiting",
      attempts: 0,
      lastError: "O Bling pediu para esperar (limite de requisições): a loja tenta de novo sozinha",
    });
    expect(waiting.nextAttemptAt.getTime() - now.getTime()).toBe(30_000);
    expect(await runJobFor(orderId, new Date(now.getTime() + 31_000))).toMatchObject({ state: "sent" });
    expect(salesOrdersOf(orderId)).toHaveLength(1);
  });

  it("is tried again later after a 5xx, and after the last try waits for the admin", async () => {
    const { orderId } = await paidOrder();
    const now = new Date();
    fake.answerNextTo("GET /pedidos/vendas", 503, { error: { type: "SERVER_ERROR" } });

    const first = await runJobFor(orderId, now);

    expect(first).toMatchObject({ state: "waiting", attempts: 1 });
    expect(first.lastError).toBe("Bling respondeu HTTP 503 ao buscar o pedido de venda");
    expect(first.nextAttemptAt.getTime() - now.getTime()).toBe(60_000);
    await db()
      .update(blingOrders)
      .set({ attempts: MAX_BLING_ATTEMPTS - 1, nextAttemptAt: now })
      .where(eq(blingOrders.orderId, orderId));
    fake.answerNextTo("GET /pedidos/vendas", 502, { error: { type: "SERVER_ERROR" } });
    expect(await runJobFor(orderId, now)).toMatchObject({
      state: "failed",
      lastError: `Bling respondeu HTTP 502 ao buscar o pedido de venda (${MAX_BLING_ATTEMPTS} tentativas)`,
    });
    expect(salesOrdersOf(orderId)).toEqual([]);
  });

  it("shows Bling's refusal on the admin's order, and 'Reenviar ao Bling' sends it", async () => {
    const { orderId } = await paidOrder();
    fake.answerNextTo("POST /pedidos/vendas", 400, {
      error: {
        type: "VALIDATION_ERROR",
        message: "Não foi possível salvar a venda",
        fields: [{ msg: "A natureza de operação padrão não está configurada", element: "naturezaOperacao" }],
      },
    });

    expect(await runJobFor(orderId)).toMatchObject({
      state: "failed",
      lastError: "O Bling recusou o pedido: A natureza de operação padrão não está configurada",
    });
    // Failed: later runs leave it for the admin.
    await runJobFor(orderId, new Date(Date.now() + 24 * 60 * 60_000));
    expect(salesOrdersOf(orderId)).toEqual([]);
    const page = await adminOrderPage(orderId);
    expect(page.bling).toMatchObject({
      state: "failed",
      lastError: "O Bling recusou o pedido: A natureza de operação padrão não está configurada",
    });

    const resent = await adminOrderAction({
      request: adminRequest(admin, `/admin/orders/${orderId}`, { intent: "bling-resend" }),
      context: { ...context },
      params: { orderId },
    } as never);

    expect(resent).toEqual({
      intent: "bling-resend",
      ok: true,
      message: "O pedido voltou para a fila do Bling: ele é enviado em instantes",
    });
    expect(await runJobFor(orderId)).toMatchObject({ state: "sent" });
    expect(salesOrdersOf(orderId)).toHaveLength(1);
    const again = await adminOrderAction({
      request: adminRequest(admin, `/admin/orders/${orderId}`, { intent: "bling-resend" }),
      context: { ...context },
      params: { orderId },
    } as never);
    expect(again).toMatchObject({ ok: false, message: "Este pedido não tem envio ao Bling para refazer" });
  });
});

/** The admin refunds `amount` (pt-BR reais) of the order at the provider. */
async function refund(orderId: string, amount: string) {
  const refunded = await adminOrderAction({
    request: adminRequest(admin, `/admin/orders/${orderId}`, {
      intent: "refund",
      refundId: randomUUID(),
      amount,
      reason: "Cliente desistiu",
    }),
    context: { ...context },
    params: { orderId },
  } as never);
  expect(refunded).toMatchObject({ ok: true });
}

const situationChangesOf = (salesOrderId: number) =>
  fake.requests.filter(
    (request) =>
      request.method === "PATCH" && request.path.endsWith(`/pedidos/vendas/${salesOrderId}/situacoes/12`),
  );

describe("a sale undone (point 4)", () => {
  it("moves its sales order to 'Cancelado' in Bling once refunded in whole, not on a partial refund; a refusal waits for 'Reenviar ao Bling'", async () => {
    const { orderId } = await paidOrder();
    const { salesOrderId } = await runJobFor(orderId);
    await refund(orderId, "10,00");
    await runJobFor(orderId);
    expect(situationChangesOf(salesOrderId!)).toEqual([]);

    await refund(orderId, "340,00");
    fake.answerNextTo(`PATCH /pedidos/vendas/${salesOrderId}/situacoes/12`, 400, {
      error: {
        type: "VALIDATION_ERROR",
        message: "Não foi possível alterar a situação",
        description: "A situação não pode ser alterada enquanto a nota fiscal está pendente",
      },
    });
    const refused =
      "O Bling recusou o cancelamento do pedido: A situação não pode ser alterada enquanto a nota fiscal está pendente";
    expect(await runJobFor(orderId)).toMatchObject({ state: "failed", salesOrderId, lastError: refused });
    expect((await adminOrderPage(orderId)).bling).toMatchObject({ state: "failed", lastError: refused });

    await adminOrderAction({
      request: adminRequest(admin, `/admin/orders/${orderId}`, { intent: "bling-resend" }),
      context: { ...context },
      params: { orderId },
    } as never);
    const cancelled = await runJobFor(orderId);

    expect(cancelled).toMatchObject({ state: "sent", salesOrderId, lastError: null });
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
    expect(fake.salesOrders.find((order) => order.id === salesOrderId)?.situacaoId).toBe(12);
    expect((await adminOrderPage(orderId)).bling?.cancelledAtText).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
    // Later runs leave it: the refused try and the one that went.
    await runJobFor(orderId, new Date(Date.now() + 60 * 60_000));
    expect(situationChangesOf(salesOrderId!)).toHaveLength(2);
    expect(salesOrdersOf(orderId)).toHaveLength(1);
  });

  it("leaves its sales order's situation alone when the owner left the cancelled situation blank", async () => {
    const options = {
      intent: "bling-options",
      pixPaymentFormId: "",
      cardPaymentFormId: "",
      boletoPaymentFormId: "",
    };
    expect(await postSettings(context, admin, { ...options, cancelledSituationId: "" })).toMatchObject({
      ok: true,
    });
    try {
      const { orderId } = await paidOrder();
      const { salesOrderId } = await runJobFor(orderId);
      await refund(orderId, "350,00");

      expect(await runJobFor(orderId)).toMatchObject({ state: "sent", cancelledAt: null });
      expect(situationChangesOf(salesOrderId!)).toEqual([]);
    } finally {
      await postSettings(context, admin, { ...options, cancelledSituationId: "12" });
    }
  });

  it("is not sent at all when it was undone before it reached Bling", async () => {
    const { orderId } = await paidOrder();
    fake.answerNextTo("POST /pedidos/vendas", 503, {});
    expect(await runJobFor(orderId)).toMatchObject({ state: "waiting", attempts: 1 });

    await refund(orderId, "350,00");
    await runBlingJob(job(), new Date(Date.now() + 60 * 60_000));

    expect(salesOrdersOf(orderId)).toEqual([]);
    expect(await blingOrderState(db(), orderId)).toBeNull();
  });
});

const postWebhook = (body: string, signature?: string) => postBlingWebhook(context, body, signature);

/** An order sent to Bling, and the NF-e the owner then has Bling issue for it. */
async function invoicedOrder(at: Date) {
  const placed = await paidOrder();
  const { salesOrderId } = await runJobFor(placed.orderId, at);
  const owner = createBlingApi({ apiUrl: fake.apiUrl, accessToken: fake.grantAccess().accessToken });
  const invoiceId = await owner.generateInvoice(salesOrderId!);
  const invoice = fake.invoiceIssued(salesOrderId!);
  return { ...placed, invoiceId, invoice };
}

const invoiceMails = (orderId: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, `order-update:${orderId}:invoice_issued`));

describe("the NF-e coming back from Bling", () => {
  it("is read at once when a signed webhook says it changed, and shows on the customer's orders, receipt and e-mail", async () => {
    const now = new Date();
    const { buyer, orderId, invoiceId, invoice } = await invoicedOrder(now);
    // Asked a minute ago, before Bling issued it: not asked again for ten minutes without a word from Bling.
    const soon = new Date(now.getTime() + 60_000);
    await runBlingJob(job(), soon);
    expect(await invoicesOf(db(), [orderId])).toEqual(new Map());

    const event = invoiceEvent(invoiceId);
    expect((await postWebhook(event)).data).toEqual({ ok: true });
    // Bling delivers again when unsure: kept once.
    expect((await postWebhook(event)).data).toEqual({ ok: true });
    // The NF-e is not linked to an order yet: every order waiting for one is asked about, a few a run.
    for (let run = 0; run < 5 && (await invoicesOf(db(), [orderId])).size === 0; run += 1) {
      await runBlingJob(job(), soon);
    }

    expect((await invoicesOf(db(), [orderId])).get(orderId)).toMatchObject({
      number: invoice.numero,
      series: "1",
      accessKey: invoice.chaveAcesso,
      danfeUrl: invoice.linkDanfe,
      xmlUrl: invoice.xml,
    });
    const request = (path: string) =>
      new Request(`${TEST_BASE_URL}${path}`, { headers: { cookie: buyer.cookie } });
    const orders = await customerOrders({
      request: request("/account/orders"),
      context: { ...context },
      params: {},
    } as never);
    expect(orders.orders.find((order) => order.id === orderId)?.invoice).toMatchObject({
      title: `NF-e nº ${invoice.numero}, série 1`,
      danfeUrl: invoice.linkDanfe,
      xmlUrl: invoice.xml,
    });
    const receipt = (await receiptLoader({
      request: request(`/account/orders/${orderId}/receipt`),
      context: { ...context },
      params: { orderId },
    } as never)) as Response;
    expect(await receipt.text()).toContain(`Nota fiscal:</span> NF-e nº ${invoice.numero}, série 1`);
    const adminOrder = await adminOrderPage(orderId);
    expect(adminOrder.bling?.invoice).toMatchObject({ title: `NF-e nº ${invoice.numero}, série 1` });
    const [mail] = await invoiceMails(orderId);
    expect(mail).toMatchObject({
      subject: `Nota fiscal emitida — pedido #${orderId.slice(0, 8).toUpperCase()}`,
    });
    expect(mail!.html).toContain(`href="${invoice.linkDanfe}"`);
    // Later runs keep it, and write no second e-mail.
    await runBlingJob(job(), new Date(now.getTime() + 60 * 60_000));
    expect(await invoiceMails(orderId)).toHaveLength(1);
  });

  it("is found by the store's own look ten minutes later, without a webhook", async () => {
    const now = new Date();
    const { orderId, invoice } = await invoicedOrder(now);

    await runBlingJob(job(), new Date(now.getTime() + 11 * 60_000));

    expect((await invoicesOf(db(), [orderId])).get(orderId)).toMatchObject({
      accessKey: invoice.chaveAcesso,
    });
  });

  it("tells the admin to cancel it in Bling once part of the sale is refunded (point 4)", async () => {
    const now = new Date();
    const { orderId, invoice } = await invoicedOrder(now);
    await runBlingJob(job(), new Date(now.getTime() + 11 * 60_000));
    expect((await adminOrderPage(orderId)).bling?.invoiceNotice).toBeNull();

    const refunded = await adminOrderAction({
      request: adminRequest(admin, `/admin/orders/${orderId}`, {
        intent: "refund",
        refundId: randomUUID(),
        amount: "10,00",
        reason: "Desconto por atraso",
      }),
      context: { ...context },
      params: { orderId },
    } as never);

    expect(refunded).toMatchObject({ ok: true });
    expect((await adminOrderPage(orderId)).bling?.invoiceNotice).toMatch(
      new RegExp(`^Cancele a NF-e nº ${invoice.numero}, série 1 no Bling: o prazo de cancelamento vai até `),
    );
  });

  it("is not taken from a webhook with a wrong signature, a body that is not JSON, or an unknown event", async () => {
    const now = new Date();
    const { orderId, invoiceId } = await invoicedOrder(now);
    const event = invoiceEvent(invoiceId);

    const forged = await postWebhook(
      event,
      `sha256=${createHmac("sha256", "outro-segredo").update(event).digest("hex")}`,
    );
    expect(forged.init?.status).toBe(401);
    expect(forged.data).toEqual({ error: "Assinatura inválida" });
    expect((await postWebhook(event, "")).init?.status).toBe(401);
    const notJson = await postWebhook("isto não é json");
    expect(notJson).toMatchObject({ data: { error: "Corpo inválido" }, init: { status: 400 } });
    const unknown = JSON.stringify({ eventId: randomUUID(), event: "product.created", data: { id: 1 } });
    expect((await postWebhook(unknown)).data).toEqual({ ok: true });
    await runBlingJob(job(), new Date(now.getTime() + 60_000));

    expect(await invoicesOf(db(), [orderId])).toEqual(new Map());
    expect(
      await db().select().from(blingWebhookEvents).where(eq(blingWebhookEvents.event, "product.created")),
    ).toEqual([]);
  });
});

describe("the hand-off's options", () => {
  it("pays the parcel with the owner's form of payment and, when asked, has Bling generate and transmit the NF-e once", async () => {
    const options = {
      intent: "bling-options",
      pixPaymentFormId: "77",
      cardPaymentFormId: "",
      boletoPaymentFormId: "",
      cancelledSituationId: "12",
    };
    expect(await postSettings(context, admin, { ...options, issueInvoices: "on" })).toEqual({
      intent: "bling-options",
      ok: true,
    });
    try {
      const { orderId } = await paidOrder();

      await runJobFor(orderId);

      const [sent] = salesOrdersOf(orderId);
      expect(sent!.body).toMatchObject({ parcelas: [{ formaPagamento: { id: 77 }, observacoes: "PIX" }] });
      expect(fake.invoices.filter((invoice) => invoice.salesOrderId === sent!.id)).toMatchObject([
        { sent: true },
      ]);
      // Sent again by the admin: Bling already has the order and its NF-e; nothing is made twice.
      await db()
        .update(blingOrders)
        .set({ state: "failed", salesOrderId: null, sentAt: null })
        .where(eq(blingOrders.orderId, orderId));
      await adminOrderAction({
        request: adminRequest(admin, `/admin/orders/${orderId}`, { intent: "bling-resend" }),
        context: { ...context },
        params: { orderId },
      } as never);
      await runJobFor(orderId);
      expect(salesOrdersOf(orderId)).toHaveLength(1);
      expect(fake.invoices.filter((invoice) => invoice.salesOrderId === sent!.id)).toHaveLength(1);
    } finally {
      await postSettings(context, admin, options);
    }
  });
});
