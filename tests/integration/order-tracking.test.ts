import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentDeps } from "../../app/context.server";
import { adminAuditLog, mailOutbox, orders } from "../../app/db/schema.server";
import { deleteCustomerOrder } from "../../app/domain/orders/delete-order.server";
import { expireOverdueOrders } from "../../app/domain/orders/expire-orders.server";
import { orderNumber } from "../../app/lib/order-number";
import { action as orderAction, loader as orderLoader } from "../../app/routes/admin/order";
import { loader as trackLoader } from "../../app/routes/account/track";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { createOrder, createProduct, createRefund } from "../support/factories";
import { setUpTestStore, TEST_BASE_URL, signUpInStore } from "../support/test-context";

const store = setUpTestStore();

interface TestCustomer {
  id: string;
  cookie: string;
}

async function signedInCustomer(): Promise<TestCustomer> {
  const { id, cookie } = await signUpInStore(store);
  return { id, cookie };
}

function track(customer: TestCustomer, order?: string) {
  const query = order === undefined ? "" : `?order=${encodeURIComponent(order)}`;
  return trackLoader({
    request: new Request(`${TEST_BASE_URL}/account/track${query}`, { headers: { cookie: customer.cookie } }),
    context: store.context,
    params: {},
  } as Parameters<typeof trackLoader>[0]);
}

function adminAct(admin: TestAdmin, orderId: string, form: Record<string, string>) {
  return orderAction({
    request: adminRequest(admin, `/admin/orders/${orderId}`, form),
    context: store.context,
    params: { orderId },
  } as Parameters<typeof orderAction>[0]);
}

async function historyShown(admin: TestAdmin, orderId: string) {
  const { order } = await orderLoader({
    request: adminRequest(admin, `/admin/orders/${orderId}`),
    context: store.context,
    params: { orderId },
  } as Parameters<typeof orderLoader>[0]);
  return order.history.map((change) => [change.from, change.to, change.who]);
}

async function orderFor(userId: string, options: { paid?: boolean; createdAt?: Date } = {}) {
  const product = await createProduct(store.database.db);
  return createOrder(store.database.db, {
    userId,
    lines: [{ product, quantity: 1 }],
    paid: options.paid,
    overrides: options.createdAt ? { createdAt: options.createdAt } : {},
  });
}

const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/;

describe("Rastrear Pedido", () => {
  it("has nothing to pick for a customer without orders", async () => {
    const customer = await signedInCustomer();
    expect(await track(customer)).toEqual({ orders: [], notFound: false, tracked: null });
  });

  it("offers only the customer's own orders they have not deleted, by number and date", async () => {
    const alice = await signedInCustomer();
    const bruno = await signedInCustomer();
    const older = await orderFor(alice.id, { createdAt: new Date(Date.UTC(2030, 0, 15, 13, 5)) });
    const newer = await orderFor(alice.id, { paid: true, createdAt: new Date(Date.UTC(2030, 0, 16, 13, 5)) });
    const deleted = await orderFor(alice.id);
    await deleteCustomerOrder(store.database.db, alice.id, deleted.id);
    const brunos = await orderFor(bruno.id);

    const page = await track(alice);
    expect(page.orders).toEqual([
      { id: newer.id, label: `#${orderNumber(newer.id)} - 16/01/2030 às 10:05` },
      { id: older.id, label: `#${orderNumber(older.id)} - 15/01/2030 às 10:05` },
    ]);
    // Another customer's order, a deleted one or a made-up id: shown as not found, nothing of it.
    for (const id of [brunos.id, deleted.id, randomUUID(), "não-é-um-id"]) {
      const answer = await track(alice, id);
      expect(answer.notFound, id).toBe(true);
      expect(answer.tracked).toBeNull();
      expect(JSON.stringify(answer)).not.toContain(brunos.id);
    }
    expect((await track(bruno, brunos.id)).tracked?.id).toBe(brunos.id);
  });

  it("shows the order placed, the payment, each status change and the Correios link", async () => {
    const customer = await signedInCustomer();
    const admin = await signedInAdmin(store.context);
    const order = await orderFor(customer.id, { paid: true });

    const placed = await track(customer, order.id);
    expect(placed.notFound).toBe(false);
    expect(placed.tracked?.timeline.map((step) => step.label)).toEqual([
      "Pedido realizado",
      "Pagamento confirmado",
    ]);
    expect(placed.tracked?.tracking).toBeNull();

    await adminAct(admin, order.id, { intent: "status", status: "processing" });
    await adminAct(admin, order.id, { intent: "tracking", trackingCode: "pb123456789br" });
    await adminAct(admin, order.id, { intent: "status", status: "completed" });
    const { tracked } = await track(customer, order.id);
    expect(tracked?.timeline.map((step) => step.label)).toEqual([
      "Pedido realizado",
      "Pagamento confirmado",
      "Status: em processamento",
      "Status: concluído",
    ]);
    for (const step of tracked!.timeline) expect(step.at).toMatch(DATE_TIME);
    expect(tracked?.tracking).toEqual({
      code: "PB123456789BR",
      carrier: "Correios",
      link: {
        label: "Rastrear nos Correios",
        href: "https://rastreamento.correios.com.br/app/index.php?objetos=PB123456789BR",
      },
    });
  });

  it("shows the withdrawal with its reason and each refund's steps, to the order's customer only", async () => {
    const alice = await signedInCustomer();
    const bruno = await signedInCustomer();
    const at = (day: number, hour: number) => new Date(Date.UTC(2030, 0, day, hour + 3));
    const product = await createProduct(store.database.db, { priceCents: 30_000 });
    const order = await createOrder(store.database.db, {
      userId: alice.id,
      lines: [{ product, quantity: 1 }],
      paid: true,
      overrides: {
        createdAt: at(15, 10),
        paidAt: at(15, 11),
        status: "cancelled",
        withdrawalRequestedAt: at(16, 9),
        withdrawalReason: "Comprei <o tamanho> errado",
      },
    });
    await createRefund(store.database.db, order.id, {
      amountCents: 10_000,
      status: "confirmed",
      createdAt: at(16, 10),
      confirmedAt: at(16, 12),
    });
    await createRefund(store.database.db, order.id, {
      amountCents: 5_000,
      status: "failed",
      createdAt: at(17, 10),
      updatedAt: at(17, 15),
    });
    await createRefund(store.database.db, order.id, { amountCents: 2_550, createdAt: at(18, 10) });

    const { tracked } = await track(alice, order.id);
    expect(tracked?.timeline).toEqual([
      { label: "Pedido realizado", at: "15/01/2030 às 10:00", detail: null },
      { label: "Pagamento confirmado", at: "15/01/2030 às 11:00", detail: null },
      { label: "Desistência solicitada", at: "16/01/2030 às 09:00", detail: "Comprei <o tamanho> errado" },
      { label: "Reembolso de R$\u00a0100,00 solicitado", at: "16/01/2030 às 10:00", detail: null },
      { label: "Reembolso de R$\u00a0100,00 confirmado", at: "16/01/2030 às 12:00", detail: null },
      { label: "Reembolso de R$\u00a050,00 solicitado", at: "17/01/2030 às 10:00", detail: null },
      { label: "Reembolso de R$\u00a050,00 não realizado", at: "17/01/2030 às 15:00", detail: null },
      { label: "Reembolso de R$\u00a025,50 solicitado", at: "18/01/2030 às 10:00", detail: null },
    ]);

    // Another customer learns nothing of it: not found, no refund, no reason.
    const seenByBruno = await track(bruno, order.id);
    expect(seenByBruno.notFound).toBe(true);
    expect(seenByBruno.tracked).toBeNull();
    expect(JSON.stringify(seenByBruno)).not.toMatch(/Reembolso|Desistência|tamanho/);
  });

  it("shows a withdrawal without a reason as the step alone", async () => {
    const customer = await signedInCustomer();
    const product = await createProduct(store.database.db);
    const order = await createOrder(store.database.db, {
      userId: customer.id,
      lines: [{ product, quantity: 1 }],
      paid: true,
      overrides: { status: "return_requested", withdrawalRequestedAt: new Date() },
    });
    const { tracked } = await track(customer, order.id);
    expect(tracked?.timeline.find((step) => step.label === "Desistência solicitada")?.detail).toBeNull();
  });

  it("leaves out the payment step of an unpaid order", async () => {
    const customer = await signedInCustomer();
    const order = await orderFor(customer.id);
    const { tracked } = await track(customer, order.id);
    expect(tracked?.timeline.map((step) => step.label)).toEqual(["Pedido realizado"]);
  });
});

describe("a parcel with a carrier other than the Correios", () => {
  /** What the order keeps of its parcel, and the audit entries of its tracking. */
  async function trackingKept(orderId: string) {
    const [row] = await store.database.db
      .select({
        code: orders.trackingCode,
        carrier: orders.trackingCarrier,
        carrierName: orders.trackingCarrierName,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    const audit = await store.database.db
      .select({ before: adminAuditLog.before, after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, orderId));
    return { ...row, audit };
  }

  async function processingOrder(customer: TestCustomer, admin: TestAdmin) {
    const order = await orderFor(customer.id, { paid: true });
    await adminAct(admin, order.id, { intent: "status", status: "processing" });
    return order;
  }

  it("takes a Jadlog code, keeps it with its carrier, and links the customer to Jadlog's page", async () => {
    const customer = await signedInCustomer();
    const admin = await signedInAdmin(store.context);
    const order = await processingOrder(customer, admin);

    expect(
      await adminAct(admin, order.id, {
        intent: "tracking",
        carrier: "jadlog",
        trackingCode: " 10080155188760 ",
      }),
    ).toEqual({ intent: "tracking", ok: true, message: "Código de rastreio salvo!" });

    expect(await trackingKept(order.id)).toMatchObject({
      code: "10080155188760",
      carrier: "jadlog",
      carrierName: null,
      audit: expect.arrayContaining([
        {
          before: { trackingCode: null, carrier: null },
          after: { trackingCode: "10080155188760", carrier: "Jadlog" },
        },
      ]) as unknown,
    });
    const jadlogPage = "https://www.jadlog.com.br/jadlog/tracking?cte=10080155188760";
    const { order: shown } = await orderLoader({
      request: adminRequest(admin, `/admin/orders/${order.id}`),
      context: store.context,
      params: { orderId: order.id },
    } as Parameters<typeof orderLoader>[0]);
    expect(shown.tracking).toEqual({ carrier: "jadlog", carrierName: null, code: "10080155188760" });
    expect((await track(customer, order.id)).tracked?.tracking).toEqual({
      code: "10080155188760",
      carrier: "Jadlog",
      link: { label: "Rastrear na Jadlog", href: jadlogPage },
    });

    // Shipped: the customer's e-mail names the carrier and links to its page.
    await adminAct(admin, order.id, { intent: "status", status: "shipped" });
    const [mail] = await store.database.db
      .select({ text: mailOutbox.text, html: mailOutbox.html })
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `order-update:${order.id}:shipped`));
    expect(mail?.text).toContain("Código de rastreio (Jadlog): 10080155188760");
    expect(mail?.text).toContain(`Rastrear na Jadlog: ${jadlogPage}`);
    expect(mail?.html).toContain(`href="${jadlogPage}"`);
  });

  it("refuses a code that is not the carrier's, with its message, and changes nothing", async () => {
    const customer = await signedInCustomer();
    const admin = await signedInAdmin(store.context);
    const order = await processingOrder(customer, admin);
    await adminAct(admin, order.id, {
      intent: "tracking",
      carrier: "correios",
      trackingCode: "PB123456789BR",
    });
    const before = await trackingKept(order.id);

    const jadlog = "Código da Jadlog inválido: são os 14 dígitos do número de rastreio (ex.: 10080155188760)";
    for (const trackingCode of ["PB123456789BR", "1008015518876", "100801551887601", "1008015518876A"]) {
      expect(
        await adminAct(admin, order.id, { intent: "tracking", carrier: "jadlog", trackingCode }),
      ).toEqual({
        intent: "tracking",
        ok: false,
        message: jadlog,
        errors: { trackingCode: jadlog },
      });
    }
    const loggi = "Código da Loggi inválido: de 4 a 40 letras, números ou hífens";
    expect(
      await adminAct(admin, order.id, { intent: "tracking", carrier: "loggi", trackingCode: "AB 12" }),
    ).toMatchObject({ ok: false, errors: { trackingCode: loggi } });
    expect(
      await adminAct(admin, order.id, { intent: "tracking", carrier: "dhl", trackingCode: "1234567890" }),
    ).toMatchObject({ ok: false, errors: { carrier: "Escolha a transportadora" } });

    expect(await trackingKept(order.id)).toEqual(before);
    expect(before).toMatchObject({ code: "PB123456789BR", carrier: "correios" });
  });

  it("asks the name of 'Outra transportadora', and shows it without a link", async () => {
    const customer = await signedInCustomer();
    const admin = await signedInAdmin(store.context);
    const order = await processingOrder(customer, admin);
    const before = await trackingKept(order.id);

    const named = "Informe o nome da transportadora (de 2 a 60 caracteres)";
    for (const carrierName of [undefined, "", " B ", "x".repeat(61)]) {
      const form = { intent: "tracking", carrier: "other", trackingCode: "BRP-2030-77" };
      expect(
        await adminAct(admin, order.id, carrierName === undefined ? form : { ...form, carrierName }),
        String(carrierName),
      ).toEqual({ intent: "tracking", ok: false, message: named, errors: { carrierName: named } });
    }
    expect(
      await adminAct(admin, order.id, {
        intent: "tracking",
        carrier: "other",
        carrierName: "Braspress",
        trackingCode: "BR7",
      }),
    ).toMatchObject({
      ok: false,
      errors: { trackingCode: "Código de rastreio inválido: de 4 a 40 caracteres" },
    });
    const invisible = "Remova os caracteres de controle (invisíveis) do texto";
    expect(
      await adminAct(admin, order.id, {
        intent: "tracking",
        carrier: "other",
        carrierName: "Bras\u0007press",
        trackingCode: "BRP\u0000-2030",
      }),
    ).toMatchObject({ ok: false, errors: { carrierName: invisible, trackingCode: invisible } });
    expect(await trackingKept(order.id)).toEqual(before);

    expect(
      await adminAct(admin, order.id, {
        intent: "tracking",
        carrier: "other",
        carrierName: " Braspress ",
        trackingCode: "BRP-2030-77",
      }),
    ).toMatchObject({ ok: true });
    expect(await trackingKept(order.id)).toMatchObject({
      code: "BRP-2030-77",
      carrier: "other",
      carrierName: "Braspress",
    });
    expect((await track(customer, order.id)).tracked?.tracking).toEqual({
      code: "BRP-2030-77",
      carrier: "Braspress",
      link: null,
    });
  });
});

describe("who changed an order's status, as the panel shows it", () => {
  it("is 'Cliente' when the customer deleted their unpaid order", async () => {
    const customer = await signedInCustomer();
    const admin = await signedInAdmin(store.context);
    const order = await orderFor(customer.id);
    expect(await deleteCustomerOrder(store.database.db, customer.id, order.id)).toEqual({ ok: true });
    expect(await historyShown(admin, order.id)).toEqual([["pending", "cancelled", "Cliente"]]);
  });

  it("is 'Sistema' when the store cancelled it for an expired charge", async () => {
    const customer = await signedInCustomer();
    const admin = await signedInAdmin(store.context);
    const order = await orderFor(customer.id);
    // No charge was ever created: nothing can pay it once it is overdue.
    await store.database.db
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.id));
    await expireOverdueOrders(paymentDeps(store.context));
    expect(await historyShown(admin, order.id)).toEqual([["pending", "cancelled", "Sistema"]]);
    const { tracked } = await track(customer, order.id);
    expect(tracked?.timeline.map((step) => step.label)).toEqual(["Pedido realizado", "Status: cancelado"]);
  });
});
