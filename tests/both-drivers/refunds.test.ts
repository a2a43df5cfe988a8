import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentDeps, type ServerContext } from "../../app/context.server";
import { adminAuditLog, orderRefunds, orders, paymentEvents } from "../../app/db/schema.server";
import { followPendingRefunds } from "../../app/domain/orders/refunds.server";
import { withdrawOrder } from "../../app/domain/orders/withdrawal.server";
import { cardPaymentEvent } from "../../app/domain/payments/card-provider";
import { receiveChargeEvent } from "../../app/domain/orders/charge-events.server";
import { loader as receiptLoader } from "../../app/routes/account.order-receipt";
import { action as orderAction, loader as orderLoader } from "../../app/routes/admin/order";
import { action as webhook } from "../../app/routes/api.webhooks";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { waitUntil } from "../support/eventually";
import { createOrder, createProduct, stockOf } from "../support/factories";
import { startFakeMercadoPagoServer, type FakeMercadoPagoServer } from "../support/fake-mercadopago-server";
import { startFakeWooviServer, type FakeWooviServer } from "../support/fake-woovi-server";
import { createTestContext, nextClientIp, signUpInStore, TEST_BASE_URL } from "../support/test-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Refunds from the panel (issue 29), through the provider that took the payment: Woovi's stand-in
// on loopback, the admin's order page's action, the webhook route and the refund job.
const WOOVI_APP_ID = "app-id-dos-reembolsos-do-painel";
let database: TestDatabase;
let woovi: FakeWooviServer;
let context: () => ServerContext;
let admin: TestAdmin;

beforeAll(async () => {
  [database, woovi] = await Promise.all([
    createTestDatabase(),
    startFakeWooviServer({ appId: WOOVI_APP_ID }),
  ]);
  const env = {
    PIX_PROVIDER: "woovi",
    WOOVI_APP_ID,
    WOOVI_API_URL: woovi.url,
    WOOVI_WEBHOOK_PUBLIC_KEY: woovi.publicKeyPem,
  };
  const shared = createTestContext(database, nextClientIp(), env);
  context = () => ({ ...shared });
  admin = await signedInAdmin(context());
});
afterAll(async () => {
  await Promise.all([database?.destroy(), woovi?.stop()]);
});

/** A PIX order of `quantity` units of R$ 100,00, paid at Woovi `paidDaysAgo` days ago. */
async function paidOrder(paidDaysAgo = 1, quantity = 1) {
  const product = await createProduct(database.db, { priceCents: 10_000, stock: 5 });
  const order = await createOrder(database.db, {
    userId: null,
    lines: [{ product, quantity }],
    paid: true,
    overrides: { pixProvider: "woovi", paidAt: new Date(Date.now() - paidDaysAgo * 86_400_000) },
  });
  const { chargeId } = await context().pix.createCharge({
    orderId: order.id,
    amountCents: order.totalCents,
    customer: { name: "Maria", email: "maria@example.com", phone: "11987654321", taxId: "52998224725" },
  });
  woovi.complete(chargeId);
  await database.db.update(orders).set({ pixChargeId: chargeId }).where(eq(orders.id, order.id));
  return { ...order, chargeId, product };
}

/**
 * The refund form; `lines`: units typed in 'Itens reembolsados', by the line's id; `restock`: 'Devolver
 * ao estoque os itens reembolsados' ticked.
 */
type RefundForm = {
  amount: string;
  reason?: string;
  lines?: Record<number, string>;
  restock?: boolean;
  refundId?: string;
  /** The payment given back; the one that paid the order when none is named. */
  paymentId?: string;
};

function refund(orderId: string, form: RefundForm, intent = "refund") {
  return orderAction({
    request: adminRequest(admin, `/admin/orders/${orderId}`, {
      intent,
      refundId: form.refundId ?? randomUUID(),
      ...(form.paymentId && { paymentId: form.paymentId }),
      amount: form.amount,
      reason: form.reason ?? "Produto com defeito",
      ...Object.fromEntries(
        Object.entries(form.lines ?? {}).map(([lineId, units]) => [`line.${lineId}`, units]),
      ),
      ...(form.restock && { restock: "on" }),
    }),
    context: context(),
    params: { orderId },
  } as Parameters<typeof orderAction>[0]);
}

/** The admin's status select on the order's page. */
function changeStatus(orderId: string, status: string) {
  return orderAction({
    request: adminRequest(admin, `/admin/orders/${orderId}`, { intent: "status", status }),
    context: context(),
    params: { orderId },
  } as Parameters<typeof orderAction>[0]);
}

function orderPage(orderId: string) {
  return orderLoader({
    request: adminRequest(admin, `/admin/orders/${orderId}`),
    context: context(),
    params: { orderId },
  } as Parameters<typeof orderLoader>[0]);
}

async function orderRow(orderId: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

const refundsOf = (orderId: string) =>
  database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

/** Woovi posts a signed webhook to the store's route; returns once the store has handled it. */
async function deliver({ body, signature }: { body: string; signature: string }) {
  const request = new Request(`${TEST_BASE_URL}/api/webhooks/woovi`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-webhook-signature": signature },
    body,
  });
  await webhook({ request, context: context(), params: { provider: "woovi" } } as Parameters<
    typeof webhook
  >[0]);
  const eventType = `refund:${(JSON.parse(body) as { event: string }).event}`;
  await waitUntil(async () => {
    const kept = await database.db.select().from(paymentEvents).where(eq(paymentEvents.eventType, eventType));
    return kept.length > 0 && kept.every((event) => event.processedAt !== null);
  });
}

describe("refunds from the panel through Woovi", () => {
  it("refunds part of a paid order, then the rest, and refuses a refund once nothing is left", async () => {
    const order = await paidOrder();
    expect(await refund(order.id, { amount: "30,00" })).toMatchObject({
      ok: true,
      message: "Reembolso confirmado!",
    });
    let shown = await orderPage(order.id);
    expect(shown.order.paymentState).toBe("partially_refunded");
    expect(shown.refunds.refundable.map((payment) => payment.leftCents)).toEqual([7_000]);

    expect(await refund(order.id, { amount: "70" })).toMatchObject({
      ok: true,
      message: "Reembolso confirmado!",
    });
    shown = await orderPage(order.id);
    expect(shown.order.paymentState).toBe("refunded");
    expect(shown.refunds.list.map((made) => [made.amountCents, made.status, made.by])).toEqual([
      [3_000, "confirmed", admin.email],
      [7_000, "confirmed", admin.email],
    ]);
    expect(woovi.refundsOf(order.chargeId).map((made) => made.value)).toEqual([3_000, 7_000]);

    expect(await refund(order.id, { amount: "1,00" })).toMatchObject({
      ok: false,
      message: "Este pedido já foi reembolsado por inteiro",
    });
    expect((await orderRow(order.id)).refundedCents).toBe(10_000);
    const audit = await database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, order.id));
    expect(audit.map((entry) => [entry.action, entry.adminEmail])).toEqual([
      ["order.refund", admin.email],
      ["order.refund", admin.email],
    ]);
  });

  it("refunds once when the same request comes twice", async () => {
    const order = await paidOrder();
    const refundId = randomUUID();
    const answers = await Promise.all([
      refund(order.id, { amount: "40,00", refundId }),
      refund(order.id, { amount: "40,00", refundId }),
    ]);
    expect(answers.map((answer) => answer.message)).toEqual([
      "Reembolso confirmado!",
      "Reembolso confirmado!",
    ]);
    expect(woovi.refundsOf(order.chargeId)).toHaveLength(1);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).refundedCents).toBe(4_000);
  });

  it("refuses more than what is left, an unpaid order, a missing reason or amount, and changes nothing", async () => {
    const order = await paidOrder();
    await refund(order.id, { amount: "60,00" });
    const refusals: [string, RefundForm, string][] = [
      [
        order.id,
        { amount: "40,01" },
        "O reembolso não pode passar de R$\u00a040,00, o que resta do valor pago",
      ],
      [order.id, { amount: "0" }, "Informe um valor de reembolso maior que zero"],
      [order.id, { amount: "dez reais" }, "Informe um valor de reembolso maior que zero"],
      [order.id, { amount: "10,00", reason: "  " }, "Informe o motivo do reembolso"],
    ];
    const product = await createProduct(database.db);
    const unpaid = await createOrder(database.db, { userId: null, lines: [{ product, quantity: 1 }] });
    refusals.push([unpaid.id, { amount: "1,00" }, "Este pedido não foi pago: não há valor a reembolsar"]);
    for (const [orderId, form, message] of refusals) {
      expect(await refund(orderId, form), message).toMatchObject({ ok: false, message });
    }
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await refundsOf(unpaid.id)).toEqual([]);
    expect(woovi.refundsOf(order.chargeId)).toHaveLength(1);
    expect((await orderRow(order.id)).refundedCents).toBe(6_000);
  });

  it("keeps a refund pending while Woovi fails, and the job makes it once Woovi answers", async () => {
    const order = await paidOrder();
    woovi.failNextRefunds(1);
    expect(await refund(order.id, { amount: "25,00" })).toMatchObject({
      ok: true,
      message: "Reembolso solicitado; aguardando a confirmação do provedor",
    });
    expect((await refundsOf(order.id)).map((made) => made.status)).toEqual(["pending"]);
    expect((await orderRow(order.id)).refundedCents).toBe(0);
    // While it is pending, it counts against what may still be refunded.
    expect(await refund(order.id, { amount: "75,01" })).toMatchObject({ ok: false });

    await followPendingRefunds(paymentDeps(context()), { now: new Date(Date.now() + 120_000) });
    expect((await refundsOf(order.id)).map((made) => made.status)).toEqual(["confirmed"]);
    expect((await orderRow(order.id)).refundedCents).toBe(2_500);
    expect(woovi.refundsOf(order.chargeId)).toHaveLength(1);
  });

  it("confirms a refund in process when Woovi's webhook says so; a late, contrary notification changes nothing", async () => {
    const order = await paidOrder();
    woovi.holdNextRefunds(1);
    expect(await refund(order.id, { amount: "50,00" })).toMatchObject({
      message: "Reembolso solicitado; aguardando a confirmação do provedor",
    });
    const [held] = await refundsOf(order.id);
    woovi.confirmRefund(held!.id);
    await deliver(woovi.signedRefundWebhook("PIX_TRANSACTION_REFUND_SENT_CONFIRMED", held!.id));
    expect((await refundsOf(order.id)).map((made) => made.status)).toEqual(["confirmed"]);
    expect((await orderRow(order.id)).refundedCents).toBe(5_000);

    // Out of order, after the refund was final: it stays as it was.
    await deliver(woovi.signedRefundWebhook("PIX_TRANSACTION_REFUND_SENT_REJECTED", held!.id));
    expect((await refundsOf(order.id)).map((made) => made.status)).toEqual(["confirmed"]);
    expect((await orderRow(order.id)).refundedCents).toBe(5_000);
  });

  it("shows a refund Woovi rejects as failed, with its reason, and lets the admin refund again", async () => {
    const order = await paidOrder();
    woovi.holdNextRefunds(1);
    await refund(order.id, { amount: "100,00" });
    const [held] = await refundsOf(order.id);
    woovi.rejectRefund(held!.id);
    await deliver(woovi.signedRefundWebhook("PIX_TRANSACTION_REFUND_SENT_REJECTED", held!.id));
    const shown = await orderPage(order.id);
    expect(shown.refunds.list.map((made) => made.status)).toEqual(["failed"]);
    expect(shown.order.paymentState).toBe("paid");
    expect(shown.refunds.refundable.map((payment) => payment.leftCents)).toEqual([10_000]);
    expect(await refund(order.id, { amount: "100,00" })).toMatchObject({ message: "Reembolso confirmado!" });
  });

  it("after PIX's 90 days, tells the admin to refund by other means and records it", async () => {
    const order = await paidOrder(91);
    const told =
      "O prazo de 90 dias para devolver um PIX pelo provedor terminou: faça o reembolso por outro meio e registre-o aqui";
    expect(await refund(order.id, { amount: "100,00" })).toMatchObject({ ok: false, message: told });
    expect((await orderPage(order.id)).refunds.refundable.map((payment) => payment.providerClosed)).toEqual([
      told,
    ]);
    expect(await refund(order.id, { amount: "100,00" }, "refund-outside")).toMatchObject({
      ok: true,
      message: "Reembolso registrado",
    });
    expect(woovi.refundsOf(order.chargeId)).toEqual([]);
    expect((await orderPage(order.id)).refunds.list.map((made) => [made.status, made.outside])).toEqual([
      ["confirmed", true],
    ]);
    expect((await orderRow(order.id)).refundedCents).toBe(10_000);

    // Within the 90 days, the provider gives it back: nothing is recorded by hand.
    const recent = await paidOrder(1);
    expect(await refund(recent.id, { amount: "10,00" }, "refund-outside")).toMatchObject({
      ok: false,
      message: "Este pagamento pode ser reembolsado pelo provedor: use 'Reembolsar'",
    });
  });

  it("names the units each refund gives back, each unit once, and returns them to stock when asked", async () => {
    const order = await paidOrder(1, 4);
    const [line] = (await orderPage(order.id)).refunds.lines;
    const units = (typed: string) => ({ [line!.orderItemId]: typed });
    const stock = () => stockOf(database.db, order.product.id);

    const first = randomUUID();
    const back = { amount: "1,00", lines: units("1"), restock: true, refundId: first };
    expect(await refund(order.id, back)).toMatchObject({ ok: true });
    expect(await stock()).toBe(6);
    // The form sent again (a double click, a retry): the same refund, nothing more back.
    await refund(order.id, back);
    expect(await stock()).toBe(6);

    // More than the line has left, a fraction, another order's line: refused, nothing changes.
    const other = await paidOrder();
    const [otherLine] = (await orderPage(other.id)).refunds.lines;
    for (const [lines, message] of [
      [units("4"), `Reembolse no máximo 3 unidades de ${order.product.name}`],
      [units("1,5"), "Informe em números inteiros quantas unidades de cada item o reembolso devolve"],
      [{ [otherLine!.orderItemId]: "1" }, "Escolha itens deste pedido"],
    ] as const) {
      expect(await refund(order.id, { amount: "1,00", lines, restock: true })).toEqual({
        intent: "refund",
        ok: false,
        message,
      });
    }
    expect(await stock()).toBe(6);
    // One refund, flagged as back in stock: the release before this one shows 'estoque devolvido' from it.
    expect((await refundsOf(order.id)).map((made) => made.restock)).toEqual([true]);

    const page = await orderPage(order.id);
    expect(page.refunds.lines).toMatchObject([
      { name: order.product.name, quantity: 4, refundedQuantity: 1, returnedQuantity: 1 },
    ]);
    expect(page.refunds.list.map((made) => [made.lines, made.restocked])).toEqual([
      [[{ name: order.product.name, quantity: 1 }], true],
    ]);

    // The other 3 back with a second refund: nothing is left to give back, nor to send.
    await refund(order.id, { amount: "1,00", lines: units("3"), restock: true });
    expect(await stock()).toBe(9);
    expect(await refund(order.id, { amount: "1,00", lines: units("1") })).toMatchObject({
      ok: false,
      message: `Todas as unidades de ${order.product.name} já foram reembolsadas`,
    });
    await changeStatus(order.id, "processing");
    await database.db.update(orders).set({ trackingCode: "AA123456789BR" }).where(eq(orders.id, order.id));
    for (const status of ["shipped", "completed"]) {
      expect(await changeStatus(order.id, status)).toEqual({
        intent: "status",
        ok: false,
        message: "Todos os itens deste pedido voltaram ao estoque: não há o que enviar ou entregar",
      });
    }
    expect((await orderRow(order.id)).status).toBe("processing");
  });

  it("gives back a unit the customer keeps (it arrived broken) without returning it to stock", async () => {
    const order = await paidOrder(1, 2);
    const [line] = (await orderPage(order.id)).refunds.lines;
    expect(await refund(order.id, { amount: "50,00", lines: { [line!.orderItemId]: "1" } })).toMatchObject({
      ok: true,
    });
    expect(await stockOf(database.db, order.product.id)).toBe(5);
    const page = await orderPage(order.id);
    expect(page.refunds.lines).toMatchObject([{ quantity: 2, refundedQuantity: 1, returnedQuantity: 0 }]);
    expect(page.refunds.list.map((made) => [made.lines, made.restocked])).toEqual([
      [[{ name: order.product.name, quantity: 1 }], false],
    ]);
    // Once given back, a unit cannot be given back again, kept or returned.
    expect(
      await refund(order.id, { amount: "50,00", lines: { [line!.orderItemId]: "2" }, restock: true }),
    ).toMatchObject({ ok: false, message: `Reembolse no máximo 1 unidade de ${order.product.name}` });
    expect(await stockOf(database.db, order.product.id)).toBe(5);
  });

  it("gives back on cancellation only the units no refund returned", async () => {
    const order = await paidOrder(1, 4);
    const [line] = (await orderPage(order.id)).refunds.lines;
    await refund(order.id, { amount: "1,00", lines: { [line!.orderItemId]: "2" }, restock: true });
    expect(await stockOf(database.db, order.product.id)).toBe(7);
    const cancelled = await changeStatus(order.id, "cancelled");
    expect(cancelled).toMatchObject({ ok: true });
    expect(await stockOf(database.db, order.product.id)).toBe(9);
    expect((await orderPage(order.id)).refunds.lines).toMatchObject([{ quantity: 4, returnedQuantity: 4 }]);
  });
});

describe("money received that did not pay the order, through Woovi", () => {
  it("refunds a charge paid with another amount than the total, after the admin cancelled the order", async () => {
    // An order of R$ 200,00 whose charge was paid with R$ 100,00: received, not paid.
    const product = await createProduct(database.db, { priceCents: 10_000, stock: 5 });
    const order = await createOrder(database.db, {
      userId: null,
      lines: [{ product, quantity: 2 }],
      overrides: { pixProvider: "woovi" },
    });
    const { chargeId } = await context().pix.createCharge({
      orderId: order.id,
      amountCents: 10_000,
      customer: { name: "Maria", email: "maria@example.com", phone: "11987654321", taxId: "52998224725" },
    });
    woovi.complete(chargeId);
    await database.db
      .update(orders)
      .set({ pixChargeId: chargeId, paymentMismatchAt: new Date(), paymentMismatchCents: 10_000 })
      .where(eq(orders.id, order.id));
    expect(await changeStatus(order.id, "cancelled")).toMatchObject({ ok: true });

    const shown = await orderPage(order.id);
    expect(shown.order.paymentMismatch).toMatchObject({ receivedCents: 10_000 });
    expect(shown.refunds.refundable).toEqual([
      expect.objectContaining({ settlesOrder: false, leftCents: 10_000, providerClosed: null }),
    ]);
    const paymentId = shown.refunds.refundable[0]!.paymentId;
    expect(await refund(order.id, { amount: "100,01", paymentId })).toMatchObject({
      ok: false,
      message: "O reembolso não pode passar de R$\u00a0100,00, o que resta do valor pago",
    });
    expect(await refund(order.id, { amount: "100,00", paymentId })).toMatchObject({
      ok: true,
      message: "Reembolso confirmado!",
    });
    expect(woovi.refundsOf(chargeId)).toHaveLength(1);
    const after = await orderPage(order.id);
    expect(after.money.payments).toEqual([
      expect.objectContaining({ receivedCents: 10_000, refundedCents: 10_000, statusLabel: "reembolsado" }),
    ]);
    expect(after.refunds.refundable).toEqual([]);
    // The order was never paid: its own refunded total, which the previous release reads, stays.
    expect((await orderRow(order.id)).refundedCents).toBe(0);
  });
});

describe("a customer's withdrawal (CDC art. 49) through Woovi", () => {
  async function customersOrder(paidDaysAgo = 1) {
    const customer = await signUpInStore({ context: context() });
    const order = await paidOrder(paidDaysAgo);
    await database.db.update(orders).set({ userId: customer.id }).where(eq(orders.id, order.id));
    return { customer, order };
  }

  it("cancels a paid order not yet shipped, returns its stock and refunds it in full at once", async () => {
    const { customer, order } = await customersOrder();
    const outcome = await withdrawOrder(paymentDeps(context()), customer.id, order.id, "Comprei errado");
    expect(outcome).toEqual({ ok: true, message: "Pedido cancelado e reembolsado" });
    const row = await orderRow(order.id);
    expect([row.status, row.refundedCents, row.withdrawalReason]).toEqual([
      "cancelled",
      10_000,
      "Comprei errado",
    ]);
    expect(await stockOf(database.db, order.product.id)).toBe(6);
    expect(woovi.refundsOf(order.chargeId).map((made) => [made.value, made.comment])).toEqual([
      [10_000, "Desistência da compra: Comprei errado"],
    ]);
    // The whole purchase given back, its units already back in stock by the cancellation.
    expect(
      (await orderPage(order.id)).refunds.list.map((made) => [made.by, made.lines, made.restocked]),
    ).toEqual([["Cliente (desistência)", [{ name: order.product.name, quantity: 1 }], false]]);

    // 'Baixar comprovante': the order as it ended, no longer 'pago'.
    const receipt = await receiptLoader({
      request: new Request(`${TEST_BASE_URL}/account/orders/${order.id}/receipt`, {
        headers: { cookie: customer.cookie },
      }),
      context: context(),
      params: { orderId: order.id },
    } as Parameters<typeof receiptLoader>[0]);
    const html = await receipt.text();
    expect(html).toContain("Situação:</span> cancelado</p>");
    expect(html).toContain(">reembolsado</span>");
    expect(html).toMatch(
      /<p class="field">R\$\u00a0100,00 reembolsados em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}<\/p>/,
    );
    expect(html).not.toContain(">pago");
  });

  it("after the parcel left, asks for the goods back; the admin receives them and refunds", async () => {
    const { customer, order } = await customersOrder();
    await database.db
      .update(orders)
      .set({ status: "delivered", trackingCode: "AA123456789BR", deliveredAt: new Date() })
      .where(eq(orders.id, order.id));
    expect(await withdrawOrder(paymentDeps(context()), customer.id, order.id, "")).toEqual({
      ok: true,
      message: "Devolução solicitada. Envie o produto de volta: o reembolso é feito quando o recebermos",
    });
    expect((await orderRow(order.id)).status).toBe("return_requested");
    expect(woovi.refundsOf(order.chargeId)).toEqual([]);

    const received = await changeStatus(order.id, "returned");
    expect(received).toMatchObject({ ok: true, message: "Status do pedido atualizado!" });
    const [line] = (await orderPage(order.id)).refunds.lines;
    expect(
      await refund(order.id, { amount: "100,00", lines: { [line!.orderItemId]: "1" }, restock: true }),
    ).toMatchObject({
      message: "Reembolso confirmado!",
    });
    const row = await orderRow(order.id);
    expect([row.status, row.refundedCents]).toEqual(["returned", 10_000]);
    expect(await stockOf(database.db, order.product.id)).toBe(6);
  });

  it("refuses after 7 days, or for another customer's order, and changes nothing", async () => {
    const { customer, order } = await customersOrder(8);
    expect(await withdrawOrder(paymentDeps(context()), customer.id, order.id, "")).toEqual({
      ok: false,
      message: "O prazo de 7 dias para desistir da compra terminou",
    });
    const other = await customersOrder();
    expect(await withdrawOrder(paymentDeps(context()), customer.id, other.order.id, "")).toEqual({
      ok: false,
      message: "Pedido não encontrado",
    });
    for (const untouched of [order, other.order]) {
      const row = await orderRow(untouched.id);
      expect([row.status, row.refundedCents, row.withdrawalRequestedAt]).toEqual(["pending", 0, null]);
      expect(woovi.refundsOf(untouched.chargeId)).toEqual([]);
    }
  });
});

describe("refunds of a card payment through Mercado Pago", () => {
  let mercadoPago: FakeMercadoPagoServer;
  let cardContext: () => ServerContext;
  let cardAdmin: TestAdmin;
  beforeAll(async () => {
    mercadoPago = await startFakeMercadoPagoServer({
      accessToken: "APP_USR-token-dos-reembolsos",
      webhookSecret: "segredo-dos-reembolsos",
    });
    const shared = createTestContext(database, nextClientIp(), {
      CARD_PROVIDER: "mercadopago",
      MERCADOPAGO_API_URL: mercadoPago.url,
      MERCADOPAGO_ACCESS_TOKEN: "APP_USR-token-dos-reembolsos",
      MERCADOPAGO_WEBHOOK_SECRET: "segredo-dos-reembolsos",
    });
    cardContext = () => ({ ...shared });
    cardAdmin = await signedInAdmin(cardContext());
  });
  afterAll(() => mercadoPago?.stop());

  /** A card order of R$ 100,00, paid on its Mercado Pago checkout: the order and its payment's id. */
  async function paidCardOrder() {
    const product = await createProduct(database.db, { priceCents: 10_000 });
    const order = await createOrder(database.db, {
      userId: null,
      lines: [{ product, quantity: 1 }],
      paid: true,
      overrides: { paymentMethod: "card", pixStatus: "ACTIVE", cardProvider: "mercadopago" },
    });
    const { checkoutId } = await cardContext().card!.createCheckout({
      orderId: order.id,
      items: [{ name: product.name, quantity: 1, unitPriceCents: 10_000 }],
      payer: { name: "Maria", email: "maria@example.com", taxId: "52998224725" },
      returnUrl: `${TEST_BASE_URL}/payment/card/${order.id}`,
      maxInstallments: 12,
      expiresAt: new Date(Date.now() + 3_600_000),
      boletoDueAt: new Date(Date.now() + 3 * 86_400_000),
    });
    const paymentId = mercadoPago.pay(checkoutId, { status: "approved" });
    await database.db
      .update(orders)
      .set({ cardCheckoutId: checkoutId, cardPaymentId: paymentId, cardPaymentStatus: "approved" })
      .where(eq(orders.id, order.id));
    return { ...order, paymentId, checkoutId };
  }

  const refundCard = (orderId: string, amount: string, refundId = randomUUID(), paymentId?: string) =>
    orderAction({
      request: adminRequest(cardAdmin, `/admin/orders/${orderId}`, {
        intent: "refund",
        refundId,
        ...(paymentId && { paymentId }),
        amount,
        reason: "Cliente desistiu",
      }),
      context: cardContext(),
      params: { orderId },
    } as Parameters<typeof orderAction>[0]);

  it("refunds part of a card payment, once for a repeated request, in exact reais", async () => {
    const order = await paidCardOrder();
    const refundId = randomUUID();
    expect(await refundCard(order.id, "49,95", refundId)).toMatchObject({ message: "Reembolso confirmado!" });
    expect(await refundCard(order.id, "49,95", refundId)).toMatchObject({ message: "Reembolso confirmado!" });
    expect(mercadoPago.refundsOf(order.paymentId).map((made) => made.amount)).toEqual([49.95]);
    expect((await orderRow(order.id)).refundedCents).toBe(4_995);
    expect(await refundCard(order.id, "50,06")).toMatchObject({
      ok: false,
      message: "O reembolso não pode passar de R$\u00a050,05, o que resta do valor pago",
    });
  });

  it("keeps a card refund pending while Mercado Pago fails, makes it once Mercado Pago answers, and a late notice adds nothing", async () => {
    const order = await paidCardOrder();
    mercadoPago.failNextRefunds(1);
    expect(await refundCard(order.id, "30,00")).toMatchObject({
      message: "Reembolso solicitado; aguardando a confirmação do provedor",
    });
    expect((await refundsOf(order.id)).map((made) => made.status)).toEqual(["pending"]);

    await followPendingRefunds(paymentDeps(cardContext()), { now: new Date(Date.now() + 120_000) });
    expect((await refundsOf(order.id)).map((made) => made.status)).toEqual(["confirmed"]);
    expect(mercadoPago.refundsOf(order.paymentId).map((made) => made.amount)).toEqual([30]);

    const { handled } = await receiveChargeEvent(
      paymentDeps(cardContext()),
      cardPaymentEvent("mercadopago", order.paymentId, randomUUID()),
    );
    await handled;
    expect((await refundsOf(order.id)).map((made) => made.status)).toEqual(["confirmed"]);
    expect((await orderRow(order.id)).refundedCents).toBe(3_000);
  });

  it("confirms a refund in process once Mercado Pago announces the payment's change", async () => {
    const order = await paidCardOrder();
    mercadoPago.holdNextRefunds(1);
    expect(await refundCard(order.id, "100,00")).toMatchObject({
      message: "Reembolso solicitado; aguardando a confirmação do provedor",
    });
    const [held] = await refundsOf(order.id);
    mercadoPago.confirmRefund(held!.id);
    const { handled } = await receiveChargeEvent(
      paymentDeps(cardContext()),
      cardPaymentEvent("mercadopago", order.paymentId, randomUUID()),
    );
    await handled;
    expect((await refundsOf(order.id)).map((made) => made.status)).toEqual(["confirmed"]);
    const row = await orderRow(order.id);
    // Refunded in full; the order's payment stays as it was paid (its refund is the store's record).
    expect([row.refundedCents, row.cardPaymentStatus, row.paymentStatus]).toEqual([
      10_000,
      "approved",
      "paid",
    ]);
  });

  it("keeps a second card approved on a paid order as a payment of its own, flagged, and refunds it alone", async () => {
    const order = await paidCardOrder();
    const second = mercadoPago.pay(order.checkoutId, { status: "approved" });
    // Mercado Pago announces it, and again: one second payment.
    for (const delivery of [randomUUID(), randomUUID()]) {
      const { handled } = await receiveChargeEvent(
        paymentDeps(cardContext()),
        cardPaymentEvent("mercadopago", second, delivery),
      );
      await handled;
    }
    const cardPage = () =>
      orderLoader({
        request: adminRequest(cardAdmin, `/admin/orders/${order.id}`),
        context: cardContext(),
        params: { orderId: order.id },
      } as Parameters<typeof orderLoader>[0]);
    const shown = await cardPage();
    expect(shown.order.duplicatePayment).toBe(true);
    expect(shown.money).toMatchObject({ receivedCents: 20_000, refundedCents: 0 });
    expect(shown.money.payments.map((payment) => [payment.providerPaymentId, payment.duplicate])).toEqual([
      [order.paymentId, false],
      [second, true],
    ]);
    const duplicate = shown.refunds.refundable.find((payment) => !payment.settlesOrder)!;
    expect(duplicate.leftCents).toBe(10_000);

    expect(await refundCard(order.id, "100,01", randomUUID(), duplicate.paymentId)).toMatchObject({
      ok: false,
      message: "O reembolso não pode passar de R$\u00a0100,00, o que resta do valor pago",
    });
    expect(await refundCard(order.id, "100,00", randomUUID(), duplicate.paymentId)).toMatchObject({
      message: "Reembolso confirmado!",
    });
    expect(mercadoPago.refundsOf(second).map((made) => made.amount)).toEqual([100]);
    expect(mercadoPago.refundsOf(order.paymentId)).toEqual([]);
    const after = await cardPage();
    expect(after.money).toMatchObject({ receivedCents: 20_000, refundedCents: 10_000 });
    // The order stays paid by its first payment, nothing of it given back.
    expect(after.order.paymentState).toBe("paid");
    expect((await orderRow(order.id)).refundedCents).toBe(0);
  });
});
