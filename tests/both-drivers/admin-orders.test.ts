import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, orders, orderStatusHistory, profiles } from "../../app/db/schema.server";
import { loader as orderLoader, action as orderAction } from "../../app/routes/admin/order";
import { loader as ordersLoader } from "../../app/routes/admin/orders";
import { orderNumber } from "../../app/lib/order-number";
import { randomCpf } from "../support/accounts";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { createOrder, createProduct, createUser, stockOf as stockOfProduct } from "../support/factories";
import { setUpTestStore } from "../support/test-context";

const store = setUpTestStore();
let admin: TestAdmin;

beforeAll(async () => {
  admin = await signedInAdmin(store.context);
});

type ListArgs = Parameters<typeof ordersLoader>[0];
type OrderLoaderArgs = Parameters<typeof orderLoader>[0];
type OrderActionArgs = Parameters<typeof orderAction>[0];

function list(search: Record<string, string>) {
  const query = new URLSearchParams(search).toString();
  return ordersLoader({
    request: adminRequest(admin, `/admin/orders${query ? `?${query}` : ""}`),
    context: store.context,
    params: {},
  } as ListArgs);
}

function orderPage(orderId: string) {
  return orderLoader({
    request: adminRequest(admin, `/admin/orders/${orderId}`),
    context: store.context,
    params: { orderId },
  } as OrderLoaderArgs);
}

function act(orderId: string, form: Record<string, string>, by: TestAdmin = admin) {
  return orderAction({
    request: adminRequest(by, `/admin/orders/${orderId}`, form),
    context: store.context,
    params: { orderId },
  } as OrderActionArgs);
}

const setStatus = (orderId: string, status: string, by?: TestAdmin) =>
  act(orderId, { intent: "status", status }, by);
const setTracking = (orderId: string, trackingCode: string) =>
  act(orderId, { intent: "tracking", trackingCode });

/** A word no other test's orders contain, to search this test's orders only. */
const token = () => `Tk${randomUUID().slice(0, 8)}`;

async function orderOf(name: string, options: { paid?: boolean; minute?: number; extra?: object } = {}) {
  const product = await createProduct(store.database.db);
  return createOrder(store.database.db, {
    userId: null,
    lines: [{ product, quantity: 1 }],
    paid: options.paid,
    overrides: {
      customerName: name,
      createdAt: new Date(Date.UTC(2030, 0, 1, 12, options.minute ?? 0)),
      ...options.extra,
    },
  });
}

const stockOf = (productId: number) => stockOfProduct(store.database.db, productId);

const historyOf = (orderId: string) =>
  store.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
const auditOf = (orderId: string) =>
  store.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, orderId));

describe("the admin orders list", () => {
  it("pages 20 at a time, newest first, and shows the last page for a page past the end", async () => {
    const word = token();
    const created = [];
    for (let minute = 0; minute < 25; minute++) created.push(await orderOf(`Pessoa ${word}`, { minute }));
    const newestFirst = created.map((order) => order.id).reverse();

    const first = await list({ q: word });
    expect(first.orders.map((order) => order.id)).toEqual(newestFirst.slice(0, 20));
    expect(first).toMatchObject({ page: 1, pageCount: 2, matching: 25 });
    const second = await list({ q: word, page: "2" });
    expect(second.orders.map((order) => order.id)).toEqual(newestFirst.slice(20));

    for (const page of ["1000000000", "1".repeat(40)]) {
      const past = await list({ q: word, page });
      expect(past.page).toBe(2);
      expect(past.orders.map((order) => order.id)).toEqual(newestFirst.slice(20));
    }
    for (const page of ["-1", "0", "abc", "1.5", ""]) {
      expect((await list({ q: word, page })).page).toBe(1);
    }
  });

  it("filters by order status and by payment status; unknown values filter nothing", async () => {
    const word = token();
    const pending = await orderOf(`Filtro ${word}`, { minute: 1 });
    const processing = await orderOf(`Filtro ${word}`, {
      paid: true,
      minute: 2,
      extra: { status: "processing" },
    });
    const failed = await orderOf(`Filtro ${word}`, { minute: 3, extra: { paymentStatus: "failed" } });
    const ids = async (search: Record<string, string>) =>
      (await list({ q: word, ...search })).orders.map((order) => order.id);

    expect(await ids({ status: "processing" })).toEqual([processing.id]);
    expect(await ids({ status: "pending" })).toEqual([failed.id, pending.id]);
    expect(await ids({ payment: "paid" })).toEqual([processing.id]);
    expect(await ids({ payment: "failed" })).toEqual([failed.id]);
    expect(await ids({ status: "pending", payment: "pending" })).toEqual([pending.id]);
    expect(await ids({ status: "sent", payment: "'; drop table orders; --" })).toHaveLength(3);
    expect(await ids({ status: "completed" })).toEqual([]);
  });

  it("searches the order number in any case, the customer's name and e-mail, and the profile's name", async () => {
    const word = token();
    const byName = await orderOf(`João ${word} Silva`);
    const byEmail = await orderOf("Outra Pessoa", {
      extra: { customerEmail: `${word.toLowerCase()}@example.com` },
    });
    const user = await createUser(store.database.db);
    await store.database.db.insert(profiles).values({
      id: user.id,
      fullName: `Perfil ${word}`,
      phone: "11987654321",
      email: user.email,
      userType: "PF",
      cpf: randomCpf(),
    });
    const product = await createProduct(store.database.db);
    const byProfile = await createOrder(store.database.db, {
      userId: user.id,
      lines: [{ product, quantity: 1 }],
      overrides: { customerName: "Nome no pedido" },
    });
    const ids = async (q: string) => (await list({ q })).orders.map((order) => order.id).sort();

    expect(await ids(word.toUpperCase())).toEqual([byName.id, byEmail.id, byProfile.id].sort());
    expect(await ids(`joao ${word.toLowerCase()}`)).toEqual([byName.id]);
    expect(await ids(`Perfil ${word}`)).toEqual([byProfile.id]);
    for (const typed of [
      orderNumber(byName.id),
      orderNumber(byName.id).toLowerCase(),
      `#${orderNumber(byName.id)}`,
    ]) {
      expect(await ids(typed)).toContain(byName.id);
    }
    // Past the number's 8 characters the id is not searched.
    expect(await ids(byName.id)).toEqual([]);
  });

  it("matches %, _ and \\ literally, and answers a 1,000-character search with an empty list", async () => {
    const word = token();
    const odd = await orderOf(`Loja 50%_Off\\ ${word}`);
    await orderOf(`Loja 50 Off ${word}`);
    for (const q of ["%", "_", "\\", "50%_off\\"]) {
      const found = (await list({ q })).orders.map((order) => order.id);
      expect(found, q).toEqual([odd.id]);
    }
    const long = await list({ q: "x".repeat(1000) });
    expect(long.orders).toEqual([]);
    expect(long.query.q).toHaveLength(200);
  });

  it("flags a payment that came after the order was cancelled for expiry", async () => {
    const word = token();
    const late = await orderOf(`Atraso ${word}`, {
      paid: true,
      extra: { status: "cancelled", latePaymentAt: new Date() },
    });
    const onTime = await orderOf(`Atraso ${word}`, { paid: true, minute: 1 });
    const rows = (await list({ q: word })).orders;
    expect(rows.find((row) => row.id === late.id)).toMatchObject({ latePayment: true, paid: true });
    expect(rows.find((row) => row.id === onTime.id)).toMatchObject({ latePayment: false });
    expect((await orderPage(late.id)).order.latePaymentAtText).not.toBeNull();
  });
});

describe("an order's page in the panel", () => {
  it("shows the order, masked documents aside, and answers 404 for an unknown or malformed id", async () => {
    const order = await orderOf("Cliente da Página", { paid: true });
    const { order: shown } = await orderPage(order.id);
    expect(shown).toMatchObject({
      id: order.id,
      customerName: "Cliente da Página",
      customerEmail: "maria@example.com",
      customerTaxId: "52998224725",
      shippingAddress: { street: "Avenida Paulista", city: "São Paulo" },
      paid: true,
      tracking: null,
      history: [],
    });
    expect(shown.items).toHaveLength(1);
    expect(shown.paidAtText).toMatch(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/);
    for (const id of [randomUUID(), "x", "1' or '1'='1"]) {
      await expect(orderPage(id)).rejects.toMatchObject({ init: { status: 404 } });
      await expect(setStatus(id, "cancelled")).rejects.toMatchObject({ init: { status: 404 } });
    }
  });

  it("moves a paid order pending → processing → completed, with a history row and an audit row each", async () => {
    const order = await orderOf("Fluxo Completo", { paid: true });
    expect(await setStatus(order.id, "processing")).toEqual({
      intent: "status",
      ok: true,
      message: "Status do pedido atualizado!",
    });
    expect(await setStatus(order.id, "completed")).toMatchObject({ ok: true });

    const history = await historyOf(order.id);
    expect(history.map((row) => [row.fromStatus, row.toStatus, row.changedBy])).toEqual([
      ["pending", "processing", admin.id],
      ["processing", "completed", admin.id],
    ]);
    const audit = await auditOf(order.id);
    expect(audit.map((row) => [row.action, row.adminEmail, row.before, row.after])).toEqual([
      ["order.status", admin.email, { status: "pending" }, { status: "processing" }],
      ["order.status", admin.email, { status: "processing" }, { status: "completed" }],
    ]);
    const { order: shown } = await orderPage(order.id);
    expect(shown.status).toBe("completed");
    expect(shown.history.map((change) => [change.from, change.to, change.who])).toEqual([
      ["pending", "processing", admin.email],
      ["processing", "completed", admin.email],
    ]);
  });

  it("refuses what the rules forbid, with a message, and writes nothing", async () => {
    const unpaid = await orderOf("Regras Não Pago");
    const paid = await orderOf("Regras Pago", { paid: true });
    const done = await orderOf("Regras Concluído", { paid: true, extra: { status: "completed" } });
    const cancelled = await orderOf("Regras Cancelado", { extra: { status: "cancelled" } });
    const refusals: [string, string, string][] = [
      [unpaid.id, "processing", "Pedido ainda não pago"],
      [paid.id, "completed", "Não é possível mudar o status de pendente para concluído"],
      [paid.id, "pending", "O pedido já está pendente"],
      [paid.id, "shipped", "Não é possível mudar o status de pendente para enviado"],
      [paid.id, "sent", "Status inválido"],
      [done.id, "cancelled", "Este pedido não pode mais mudar de status"],
      [done.id, "processing", "Este pedido não pode mais mudar de status"],
      [cancelled.id, "pending", "Este pedido não pode mais mudar de status"],
    ];
    for (const [orderId, status, message] of refusals) {
      expect(await setStatus(orderId, status), `${status}`).toEqual({ intent: "status", ok: false, message });
    }
    for (const order of [unpaid, paid, done, cancelled]) {
      const [row] = await store.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.status).toBe(order.status);
      expect(await historyOf(order.id)).toEqual([]);
      expect(await auditOf(order.id)).toEqual([]);
    }
  });

  it("returns an unpaid order's stock when it is cancelled, once", async () => {
    const product = await createProduct(store.database.db, { stock: 10 });
    const order = await createOrder(store.database.db, { userId: null, lines: [{ product, quantity: 3 }] });
    expect(await setStatus(order.id, "cancelled")).toMatchObject({ ok: true });
    expect(await stockOf(product.id)).toBe(13);
    expect(await setStatus(order.id, "cancelled")).toMatchObject({
      ok: false,
      message: "Este pedido não pode mais mudar de status",
    });
    expect(await stockOf(product.id)).toBe(13);
    expect((await historyOf(order.id)).map((row) => [row.fromStatus, row.toStatus, row.changedBy])).toEqual([
      ["pending", "cancelled", admin.id],
    ]);
    expect((await auditOf(order.id)).map((row) => row.after)).toEqual([{ status: "cancelled" }]);
  });

  it("returns a paid order's stock when it is cancelled before completion", async () => {
    const product = await createProduct(store.database.db, { stock: 5 });
    const order = await createOrder(store.database.db, {
      userId: null,
      lines: [{ product, quantity: 2 }],
      paid: true,
    });
    await setStatus(order.id, "processing");
    expect(await setStatus(order.id, "cancelled")).toMatchObject({ ok: true });
    expect(await stockOf(product.id)).toBe(7);
    expect(await setStatus(order.id, "cancelled")).toMatchObject({ ok: false });
    expect(await stockOf(product.id)).toBe(7);
    expect((await historyOf(order.id)).map((row) => row.toStatus)).toEqual(["processing", "cancelled"]);
  });

  it("applies only one of two cancels sent at once: the stock comes back once", async () => {
    const product = await createProduct(store.database.db, { stock: 0 });
    const paidProduct = await createProduct(store.database.db, { stock: 0 });
    const unpaid = await createOrder(store.database.db, { userId: null, lines: [{ product, quantity: 4 }] });
    const paid = await createOrder(store.database.db, {
      userId: null,
      lines: [{ product: paidProduct, quantity: 4 }],
      paid: true,
    });
    const other = await signedInAdmin(store.context);
    for (const order of [unpaid, paid]) {
      const answers = await Promise.all([
        setStatus(order.id, "cancelled"),
        setStatus(order.id, "cancelled", other),
      ]);
      expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
      expect(answers.find((answer) => !answer.ok)?.message).toBe("Este pedido não pode mais mudar de status");
      expect(await historyOf(order.id)).toHaveLength(1);
      expect(await auditOf(order.id)).toHaveLength(1);
    }
    expect(await stockOf(product.id)).toBe(4);
    expect(await stockOf(paidProduct.id)).toBe(4);
  });

  it("saves a Correios tracking code, upper-cased, only while processing or completed", async () => {
    const order = await orderOf("Rastreio Admin", { paid: true });
    expect(await setTracking(order.id, "AA123456789BR")).toEqual({
      intent: "tracking",
      ok: false,
      message:
        "O código de rastreio só pode ser salvo em pedidos em processamento, enviados, entregues ou concluídos",
    });
    await setStatus(order.id, "processing");
    for (const typed of [
      "",
      "AA12345678BR",
      "A1123456789BR",
      "AA123456789B",
      "AA1234567890BR",
      "x".repeat(1000),
    ]) {
      expect(await setTracking(order.id, typed), typed).toEqual({
        intent: "tracking",
        ok: false,
        message: "Código de rastreio inválido (ex.: AA123456789BR)",
        errors: { trackingCode: "Código de rastreio inválido (ex.: AA123456789BR)" },
      });
    }
    expect(await setTracking(order.id, " aa123456789br ")).toEqual({
      intent: "tracking",
      ok: true,
      message: "Código de rastreio salvo!",
    });
    await setStatus(order.id, "completed");
    expect(await setTracking(order.id, "BB987654321BR")).toMatchObject({ ok: true });
    expect((await orderPage(order.id)).order.tracking).toEqual({
      carrier: "correios",
      carrierName: null,
      code: "BB987654321BR",
    });
    const tracking = (await auditOf(order.id)).filter((row) => row.action === "order.tracking");
    expect(tracking.map((row) => [row.before, row.after])).toEqual([
      [
        { trackingCode: null, carrier: null },
        { trackingCode: "AA123456789BR", carrier: "Correios" },
      ],
      [
        { trackingCode: "AA123456789BR", carrier: "Correios" },
        { trackingCode: "BB987654321BR", carrier: "Correios" },
      ],
    ]);

    const cancelled = await orderOf("Rastreio Cancelado", { extra: { status: "cancelled" } });
    expect(await setTracking(cancelled.id, "AA123456789BR")).toMatchObject({ ok: false });
  });
});
