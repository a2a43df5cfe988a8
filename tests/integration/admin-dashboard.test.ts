import { describe, expect, it } from "vitest";
import { adminGatePassword, orders, payments } from "../../app/db/schema.server";
import { ensureGatePassword, passAdminGate } from "../../app/domain/admin/admin-gate.server";
import { loader as dashboardLoader } from "../../app/routes/admin/dashboard";
import { action as verifyPassword } from "../../app/routes/api.admin.verify-password";
import { adminRequest, signedInAdmin, TEST_GATE_PASSWORD } from "../support/admin";
import {
  createOrder,
  createProduct,
  createProductWithVariants,
  createRefund,
  createUser,
} from "../support/factories";
import { nextClientIp, setUpTestStore } from "../support/test-context";

const store = setUpTestStore();

type LoaderArgs = Parameters<typeof dashboardLoader>[0];

async function dashboard() {
  const admin = await signedInAdmin(store.context);
  return dashboardLoader({
    request: adminRequest(admin, "/admin"),
    context: store.context,
    params: {},
  } as LoaderArgs);
}

describe("the admin dashboard", () => {
  it("counts every order, but only paid ones as revenue, and lists the latest with their customer", async () => {
    const before = (await dashboard()).figures;
    const product = await createProduct(store.database.db, { priceCents: 10_000 });
    const customer = await createUser(store.database.db);
    await createOrder(store.database.db, {
      userId: customer.id,
      lines: [{ product, quantity: 2 }],
      paid: true,
    });
    await createOrder(store.database.db, { userId: customer.id, lines: [{ product, quantity: 1 }] });
    // Erased account: the order stays, anonymous.
    const anonymous = await createOrder(store.database.db, {
      userId: null,
      lines: [
        { product, quantity: 1 },
        { product: await createProduct(store.database.db), quantity: 3 },
      ],
      paid: true,
      // Later than any order of the other tests but the next one's: the newest here.
      overrides: { status: "completed", createdAt: new Date(Date.UTC(2035, 0, 1)) },
    });

    const { figures, recentOrders } = await dashboard();
    expect(figures).toEqual({
      ...before,
      totalOrders: before.totalOrders + 3,
      totalRevenueCents: before.totalRevenueCents + 20_000 + anonymous.totalCents,
      pixRevenueCents: before.pixRevenueCents + 20_000 + anonymous.totalCents,
      netRevenueCents: before.netRevenueCents + 20_000 + anonymous.totalCents,
      pendingOrders: before.pendingOrders + 2,
      completedOrders: before.completedOrders + 1,
    });
    expect(recentOrders[0]).toMatchObject({ id: anonymous.id, userName: "N/A", itemsCount: 2, paid: true });
    expect(recentOrders.length).toBeLessThanOrEqual(10);
  });

  it("splits the revenue between PIX and the card provider's payments, counting paid card orders only", async () => {
    const before = (await dashboard()).figures;
    const product = await createProduct(store.database.db, { priceCents: 50_000 });
    const card = {
      paymentMethod: "card",
      cardProvider: "mercadopago",
      cardPaymentId: "1234567890",
      cardPaymentType: "credit_card",
      cardInstallments: 10,
    } as const;
    await createOrder(store.database.db, {
      userId: null,
      lines: [{ product, quantity: 1 }],
      paid: true,
      overrides: { ...card, pixStatus: "ACTIVE", cardPaymentStatus: "approved" },
    });
    await createOrder(store.database.db, {
      userId: null,
      lines: [{ product, quantity: 2 }],
      paid: true,
      overrides: {
        ...card,
        pixStatus: "ACTIVE",
        cardPaymentStatus: "approved",
        cardPaymentType: "ticket",
        cardInstallments: 1,
      },
    });
    // A boleto not yet cleared and a refused card sold nothing; a PIX order paid counts as PIX.
    await createOrder(store.database.db, {
      userId: null,
      lines: [{ product, quantity: 1 }],
      overrides: { ...card, cardPaymentStatus: "pending", cardPaymentType: "ticket" },
    });
    await createOrder(store.database.db, {
      userId: null,
      lines: [{ product, quantity: 1 }],
      overrides: { ...card, cardPaymentStatus: "rejected", paymentStatus: "failed" },
    });
    await createOrder(store.database.db, { userId: null, lines: [{ product, quantity: 3 }], paid: true });

    const { figures } = await dashboard();
    expect(figures).toEqual({
      ...before,
      totalOrders: before.totalOrders + 5,
      totalRevenueCents: before.totalRevenueCents + 300_000,
      pixRevenueCents: before.pixRevenueCents + 150_000,
      cardRevenueCents: before.cardRevenueCents + 150_000,
      netRevenueCents: before.netRevenueCents + 300_000,
      pendingOrders: before.pendingOrders + 5,
    });
    expect(figures.pixRevenueCents + figures.cardRevenueCents).toBe(figures.totalRevenueCents);
  });

  it("keeps the revenue as paid and counts confirmed refunds, the net revenue, open returns and disputes", async () => {
    const before = (await dashboard()).figures;
    const product = await createProduct(store.database.db, { priceCents: 10_000 });
    const card = {
      paymentMethod: "card",
      cardProvider: "mercadopago",
      cardPaymentId: "1234567890",
      cardPaymentStatus: "approved",
      cardPaymentType: "credit_card",
      cardInstallments: 1,
      pixStatus: "ACTIVE",
    } as const;
    // PIX, returned and partly refunded: its return stays open; a refund the provider refused gave nothing.
    const partly = await createOrder(store.database.db, {
      userId: null,
      lines: [{ product, quantity: 2 }],
      paid: true,
      overrides: { status: "returned" },
    });
    await createRefund(store.database.db, partly.id, { amountCents: 5_000, status: "confirmed" });
    await createRefund(store.database.db, partly.id, {
      amountCents: 3_000,
      status: "failed",
      failure: "Saldo insuficiente",
    });
    // By card, returned and refunded in full, in two refunds: its return is closed.
    const fully = await createOrder(store.database.db, {
      userId: null,
      lines: [{ product, quantity: 3 }],
      paid: true,
      overrides: { ...card, status: "returned" },
    });
    await createRefund(store.database.db, fully.id, { amountCents: 10_000, status: "confirmed" });
    await createRefund(store.database.db, fully.id, { amountCents: 20_000, status: "confirmed" });
    // PIX, its return asked for, its refund still pending at the provider: nothing given back yet.
    const asked = await createOrder(store.database.db, {
      userId: null,
      lines: [{ product, quantity: 1 }],
      paid: true,
      overrides: { status: "return_requested" },
    });
    await createRefund(store.database.db, asked.id, { amountCents: 10_000 });
    // By card, charged back: disputed, nothing refunded by the store.
    await createOrder(store.database.db, {
      userId: null,
      lines: [{ product, quantity: 1 }],
      paid: true,
      overrides: {
        ...card,
        status: "processing",
        disputedAt: new Date(),
        disputeReason: "Compra não reconhecida",
      },
    });

    const { figures } = await dashboard();
    expect(figures).toEqual({
      ...before,
      totalOrders: before.totalOrders + 4,
      totalRevenueCents: before.totalRevenueCents + 70_000,
      pixRevenueCents: before.pixRevenueCents + 30_000,
      cardRevenueCents: before.cardRevenueCents + 40_000,
      refundedCents: before.refundedCents + 35_000,
      pixRefundedCents: before.pixRefundedCents + 5_000,
      cardRefundedCents: before.cardRefundedCents + 30_000,
      netRevenueCents: before.netRevenueCents + 35_000,
      openReturns: before.openReturns + 2,
      disputedOrders: before.disputedOrders + 1,
    });
    expect(figures.netRevenueCents).toBe(figures.totalRevenueCents - figures.refundedCents);
  });

  it("counts as revenue what paid each order, not a second payment the shop gives back, nor its refund", async () => {
    const before = (await dashboard()).figures;
    const product = await createProduct(store.database.db, { priceCents: 10_000 });
    const order = await createOrder(store.database.db, {
      userId: null,
      lines: [{ product, quantity: 1 }],
      paid: true,
    });
    // The customer paid twice: the second payment is kept apart and given back.
    const [second] = await store.database.db
      .insert(payments)
      .values({
        orderId: order.id,
        method: "card",
        provider: "mercadopago",
        providerPaymentId: "9876543210",
        amountCents: 10_000,
        receivedCents: 10_000,
        status: "paid",
        paidAt: new Date(),
      })
      .returning();
    await createRefund(store.database.db, order.id, {
      amountCents: 10_000,
      status: "confirmed",
      paymentId: second!.id,
    });

    const { figures } = await dashboard();
    expect(figures).toEqual({
      ...before,
      totalOrders: before.totalOrders + 1,
      pendingOrders: before.pendingOrders + 1,
      totalRevenueCents: before.totalRevenueCents + 10_000,
      pixRevenueCents: before.pixRevenueCents + 10_000,
      netRevenueCents: before.netRevenueCents + 10_000,
    });
  });

  it("shows the 10 most recent orders, newest first", async () => {
    const product = await createProduct(store.database.db);
    const created = [];
    for (let minute = 0; minute < 12; minute++) {
      created.push(
        await createOrder(store.database.db, {
          userId: null,
          lines: [{ product, quantity: 1 }],
          overrides: { createdAt: new Date(Date.UTC(2040, 0, 1, 12, minute)) },
        }),
      );
    }
    const { recentOrders } = await dashboard();
    expect(recentOrders.map((order) => order.id)).toEqual(
      created
        .slice(-10)
        .reverse()
        .map((order) => order.id),
    );
  });

  it("ranks the 5 products sold most by units in paid orders", async () => {
    // Ranked on this test's sales alone.
    await store.database.db.delete(orders);
    const names = ["Ranking A", "Ranking B", "Ranking C", "Ranking D", "Ranking E", "Ranking F"];
    const ranked = await Promise.all(names.map((name) => createProduct(store.database.db, { name })));
    for (const [index, product] of ranked.entries()) {
      await createOrder(store.database.db, {
        userId: null,
        lines: [{ product, quantity: 90 + index }],
        paid: true,
      });
    }
    // An unpaid order of the first product sold nothing: it must not lift it.
    await createOrder(store.database.db, { userId: null, lines: [{ product: ranked[0]!, quantity: 100 }] });

    const { topProducts } = await dashboard();
    expect(topProducts).toEqual([
      { name: "Ranking F", quantity: 95, variants: [] },
      { name: "Ranking E", quantity: 94, variants: [] },
      { name: "Ranking D", quantity: 93, variants: [] },
      { name: "Ranking C", quantity: 92, variants: [] },
      { name: "Ranking B", quantity: 91, variants: [] },
    ]);
  });

  it("breaks a tie in units sold by the product's name", async () => {
    // Ranked on this test's sales alone.
    await store.database.db.delete(orders);
    const tied = await Promise.all(
      ["Empate C", "Empate A", "Empate B"].map((name) => createProduct(store.database.db, { name })),
    );
    for (const product of tied) {
      await createOrder(store.database.db, { userId: null, lines: [{ product, quantity: 100 }], paid: true });
      await createOrder(store.database.db, { userId: null, lines: [{ product, quantity: 100 }], paid: true });
    }
    const { topProducts } = await dashboard();
    expect(topProducts).toEqual([
      { name: "Empate A", quantity: 200, variants: [] },
      { name: "Empate B", quantity: 200, variants: [] },
      { name: "Empate C", quantity: 200, variants: [] },
    ]);
  });

  it("counts a product's variants together, with their units in its details", async () => {
    // Ranked on this test's sales alone.
    await store.database.db.delete(orders);
    const { variants } = await createProductWithVariants(store.database.db, {
      name: "Smartphone Lume",
      options: [{ name: "Cor", values: ["Preto", "Branco", "Azul"] }],
      variants: [
        { values: ["Preto"], priceCents: 150_000, stock: 10 },
        { values: ["Branco"], priceCents: 150_000, stock: 10 },
        { values: ["Azul"], priceCents: 150_000, stock: 10 },
      ],
    });
    const [black, white, blue] = variants;
    const single = await createProduct(store.database.db, { name: "Capinha" });
    await createOrder(store.database.db, {
      userId: null,
      lines: [
        { product: black!, quantity: 2 },
        { product: white!, quantity: 5 },
        { product: single, quantity: 4 },
      ],
      paid: true,
    });
    await createOrder(store.database.db, {
      userId: null,
      lines: [{ product: black!, quantity: 1 }],
      paid: true,
    });
    // Unpaid: sold nothing.
    await createOrder(store.database.db, { userId: null, lines: [{ product: blue!, quantity: 9 }] });

    const { topProducts } = await dashboard();
    expect(topProducts).toEqual([
      {
        name: "Smartphone Lume",
        quantity: 8,
        variants: [
          { label: "Cor: Branco", quantity: 5 },
          { label: "Cor: Preto", quantity: 3 },
        ],
      },
      { name: "Capinha", quantity: 4, variants: [] },
    ]);
  });

  it("adds revenue to São Paulo's day of payment, over the last 30 days", async () => {
    const product = await createProduct(store.database.db, { priceCents: 1_234 });
    // 01:30 UTC is still the evening before in São Paulo (UTC-3).
    const now = new Date();
    const lateEvening = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 2, 1, 30),
    );
    const before = (await dashboard()).revenueByDay;
    await createOrder(store.database.db, {
      userId: null,
      lines: [{ product, quantity: 1 }],
      paid: true,
      overrides: { paidAt: lateEvening },
    });
    const { revenueByDay } = await dashboard();
    expect(revenueByDay).toHaveLength(30);
    const saoPauloDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(
      lateEvening,
    );
    const changed = revenueByDay.filter((day, index) => day.revenueCents !== before[index]!.revenueCents);
    expect(changed).toEqual([
      expect.objectContaining({
        day: saoPauloDay,
        revenueCents: before.find((day) => day.day === saoPauloDay)!.revenueCents + 1_234,
      }),
    ]);
  });
});

describe("the admin gate's password", () => {
  it("is generated once, shown only then, and replaced by ADMIN_PANEL_PASSWORD", async () => {
    await store.database.db.delete(adminGatePassword);
    const generated = await ensureGatePassword(store.database.db, undefined);
    expect(generated).toMatch(/^[\w-]{16}$/);
    // Another instance starting on the same database shows nothing and keeps the first password.
    expect(await ensureGatePassword(store.database.db, undefined)).toBeNull();
    const admin = await signedInAdmin(store.context, { gate: false });
    const attempt = { sessionId: admin.sessionId, userId: admin.id, clientIp: nextClientIp() };
    expect((await passAdminGate(store.database.db, { ...attempt, password: generated! })).ok).toBe(true);

    expect(await ensureGatePassword(store.database.db, "uma-senha-escolhida")).toBeNull();
    const old = await passAdminGate(store.database.db, { ...attempt, password: generated! });
    expect(old).toMatchObject({ ok: false, message: "Senha incorreta" });
    const chosen = await passAdminGate(store.database.db, { ...attempt, password: "uma-senha-escolhida" });
    expect(chosen).toMatchObject({ ok: true, message: "Acesso autorizado!" });
    await ensureGatePassword(store.database.db, TEST_GATE_PASSWORD);
  });

  it("takes 10 tries per account, from however many clients", async () => {
    const admin = await signedInAdmin(store.context, { gate: false });
    const attempt = (password: string) =>
      verifyPassword({
        request: adminRequest(admin, "/api/admin/verify-password", { password }),
        context: { ...store.context, clientIp: nextClientIp() },
        params: {},
      } as Parameters<typeof verifyPassword>[0]);
    for (let tries = 0; tries < 10; tries++) {
      expect(await attempt("senha-errada")).toMatchObject({
        data: { valid: false, message: "Senha incorreta" },
      });
    }
    expect(await attempt(TEST_GATE_PASSWORD)).toMatchObject({
      data: { valid: false, message: "Muitas tentativas. Aguarde um minuto e tente novamente." },
      init: { status: 429 },
    });
  });
});
