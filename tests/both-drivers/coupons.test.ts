import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  couponUses,
  coupons,
  orderAdjustments,
  orderItems,
  orders,
  sandboxCardCheckouts,
  sandboxPixCharges,
} from "../../app/db/schema.server";
import { expireOverdueOrders } from "../../app/domain/orders/expire-orders.server";
import { paymentDeps } from "../../app/context.server";
import { action as ordersAction } from "../../app/routes/account/orders";
import { action as simulatePayment } from "../../app/routes/api.sandbox-payment";
import { postCheckout } from "../support/checkout";
import { createCoupon as createTestCoupon } from "../support/coupons";
import { createOrder, createProduct, type TestProduct } from "../support/factories";
import { checkoutBody, type CheckoutLine } from "../support/orders";
import { setUpTestStore, signUpBuyer, TEST_BASE_URL, type Buyer } from "../support/test-context";

// Issue 53: a coupon applied again when the order is placed, its use reserved in the order's
// transaction (a guarded update), released when the purchase is undone; the discount spread over
// the lines it takes off from.

const store = setUpTestStore();

const createCoupon = (overrides: Parameters<typeof createTestCoupon>[1] = {}) =>
  createTestCoupon(store.database.db, overrides);

/** A checkout of `lines` with the coupon typed as `code` and the discount the customer saw. */
function checkoutWith(
  buyer: Buyer,
  lines: CheckoutLine[],
  coupon: { code: string; seenCents: number },
  extra: Record<string, unknown> = {},
) {
  return postCheckout(store.context, buyer, { ...checkoutBody(buyer, lines), coupon, ...extra });
}

async function orderOf(orderId: string) {
  const { db } = store.database;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await db
    .select({ productId: orderItems.productId, couponDiscountCents: orderItems.couponDiscountCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  const adjustments = await db
    .select({
      kind: orderAdjustments.kind,
      label: orderAdjustments.label,
      amountCents: orderAdjustments.amountCents,
    })
    .from(orderAdjustments)
    .where(eq(orderAdjustments.orderId, orderId));
  const uses = await db
    .select({
      taxId: couponUses.taxId,
      discountCents: couponUses.discountCents,
      releasedAt: couponUses.releasedAt,
    })
    .from(couponUses)
    .where(eq(couponUses.orderId, orderId));
  return { totalCents: order!.totalCents, status: order!.status, lines, adjustments, uses };
}

const usesOf = async (couponId: number) =>
  (await store.database.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, couponId)))[0]!
    .uses;

const line = (product: TestProduct, quantity = 1): CheckoutLine => ({
  id: product.id,
  variantId: product.variantId,
  quantity,
});

describe("a coupon at checkout", () => {
  it("takes its discount off the lines it applies to, as a line of the total, and reserves one use", async () => {
    const buyer = await signUpBuyer(store);
    const coupon = await createCoupon({ except: { productIds: [], categories: ["Cabos"], brands: [] } });
    const mouse = await createProduct(store.database.db, { priceCents: 10_000 });
    const keyboard = await createProduct(store.database.db, { priceCents: 5_001 });
    const cable = await createProduct(store.database.db, { priceCents: 3_000, category: "Cabos" });
    // Typed in lower case with spaces: the same coupon.
    const answer = await checkoutWith(buyer, [line(mouse, 2), line(keyboard), line(cable)], {
      code: ` ${coupon.code.toLowerCase()} `,
      seenCents: 2_500,
    });
    expect(answer).toMatchObject({ status: 200, success: true, pixData: { amount: 255.01 } });
    const order = await orderOf(answer.orderId!);
    // 10% of R$ 250,01 is R$ 25,00 (half up): R$ 20,00 and R$ 5,00, nothing off the cable.
    expect(order).toMatchObject({
      totalCents: 20_000 + 5_001 + 3_000 - 2_500,
      lines: [
        { productId: mouse.id, couponDiscountCents: 2_000 },
        { productId: keyboard.id, couponDiscountCents: 500 },
        { productId: cable.id, couponDiscountCents: 0 },
      ],
      adjustments: [{ kind: "coupon", label: `Cupom ${coupon.code}`, amountCents: -2_500 }],
      uses: [{ taxId: buyer.cpf, discountCents: 2_500, releasedAt: null }],
    });
    expect(await usesOf(coupon.id)).toBe(1);
  });

  it("refuses the order, naming the coupon, when it stopped applying since the customer saw it", async () => {
    const buyer = await signUpBuyer(store);
    const mouse = await createProduct(store.database.db, { priceCents: 10_000, stock: 3 });
    const cases: [Partial<typeof coupons.$inferInsert>, string][] = [
      [{ active: false }, "Cupom inválido"],
      [{ endsAt: new Date(Date.now() - 60_000) }, "Cupom expirado"],
      [{ minSubtotalCents: 30_000 }, "Válido para compras a partir de R$\u00a0300,00"],
      [{ maxUses: 1, uses: 1 }, "Limite de uso atingido"],
      [{ pixOnly: true }, "Válido apenas para pagamento via PIX"],
      [
        { only: { productIds: [], categories: ["Monitores"], brands: [] } },
        "Este cupom não se aplica aos produtos do carrinho",
      ],
    ];
    for (const [rules, why] of cases) {
      const coupon = await createCoupon(rules);
      const method = rules.pixOnly ? { paymentMethod: "card" } : {};
      const answer = await checkoutWith(
        buyer,
        [line(mouse)],
        { code: coupon.code, seenCents: 1_000 },
        method,
      );
      expect(answer, why).toMatchObject({
        success: false,
        error: `O cupom ${coupon.code} não vale mais: ${why}`,
      });
      expect(await usesOf(coupon.id), why).toBe(rules.uses ?? 0);
    }
    expect(await store.database.db.select().from(orders).where(eq(orders.customerTaxId, buyer.cpf))).toEqual(
      [],
    );
  });

  it("refuses an order whose discount is not the one the customer saw, and an unknown code", async () => {
    const buyer = await signUpBuyer(store);
    const mouse = await createProduct(store.database.db, { priceCents: 10_000 });
    const coupon = await createCoupon({ kind: "fixed", value: 1_500 });
    const changed = await checkoutWith(buyer, [line(mouse)], { code: coupon.code, seenCents: 1_000 });
    expect(changed).toMatchObject({
      success: false,
      error: `O desconto do cupom ${coupon.code} agora é de R$\u00a015,00: confira o total e confirme de novo`,
    });
    const unknown = await checkoutWith(buyer, [line(mouse)], { code: "NAOEXISTE", seenCents: 1_000 });
    expect(unknown).toMatchObject({
      success: false,
      error: "O cupom NAOEXISTE não vale mais: Cupom inválido",
    });
    expect(await usesOf(coupon.id)).toBe(0);
  });

  it("counts a customer's uses and first purchase by CPF, whichever account placed them", async () => {
    const buyer = await signUpBuyer(store);
    const mouse = await createProduct(store.database.db, { priceCents: 10_000 });
    const oncePerCustomer = await createCoupon({ maxUsesPerCustomer: 1 });
    const first = await checkoutWith(buyer, [line(mouse)], { code: oncePerCustomer.code, seenCents: 1_000 });
    expect(first).toMatchObject({ success: true });
    // Another account with the same CPF.
    const again = await signUpBuyer(store);
    const otherAccount = { ...again, cpf: buyer.cpf };
    const second = await checkoutWith(otherAccount, [line(mouse)], {
      code: oncePerCustomer.code,
      seenCents: 1_000,
    });
    expect(second).toMatchObject({
      success: false,
      error: `O cupom ${oncePerCustomer.code} não vale mais: Limite de uso atingido`,
    });
    const firstPurchase = await createCoupon({ firstPurchaseOnly: true });
    const notFirst = await checkoutWith(otherAccount, [line(mouse)], {
      code: firstPurchase.code,
      seenCents: 1_000,
    });
    expect(notFirst).toMatchObject({
      success: false,
      error: `O cupom ${firstPurchase.code} não vale mais: Válido apenas na primeira compra`,
    });
    // A CPF whose only order was cancelled unpaid has not bought yet.
    const newcomer = await signUpBuyer(store);
    await createOrder(store.database.db, {
      userId: newcomer.id,
      lines: [{ product: mouse, quantity: 1 }],
      overrides: { customerTaxId: newcomer.cpf, status: "cancelled" },
    });
    const welcomed = await checkoutWith(newcomer, [line(mouse)], {
      code: firstPurchase.code,
      seenCents: 1_000,
    });
    expect(welcomed).toMatchObject({ success: true });
  });

  it("asks the card provider for the order's total: each line less its share of the coupon", async () => {
    const buyer = await signUpBuyer(store);
    const mouse = await createProduct(store.database.db, { priceCents: 10_001, name: "Mouse sem fio" });
    const cable = await createProduct(store.database.db, { priceCents: 3_000, name: "Cabo USB-C" });
    const coupon = await createCoupon({
      kind: "fixed",
      value: 1_501,
      only: { productIds: [mouse.id], categories: [], brands: [] },
    });
    const answer = await checkoutWith(
      buyer,
      [line(mouse, 2), line(cable, 2)],
      { code: coupon.code, seenCents: 1_501 },
      { paymentMethod: "card" },
    );
    expect(answer).toMatchObject({ success: true, cardCheckoutUrl: expect.any(String) });
    const [checkout] = await store.database.db
      .select({ items: sandboxCardCheckouts.items })
      .from(sandboxCardCheckouts)
      .where(eq(sandboxCardCheckouts.orderId, answer.orderId!));
    // R$ 15,01 does not split over two units: the line is charged as one of both.
    expect(checkout!.items).toEqual([
      { name: "Mouse sem fio (2 unidades)", quantity: 1, unitPriceCents: 20_002 - 1_501 },
      { name: "Cabo USB-C", quantity: 2, unitPriceCents: 3_000 },
    ]);
    expect((await orderOf(answer.orderId!)).totalCents).toBe(20_002 - 1_501 + 6_000);
  });

  it("takes a free-shipping coupon's discount off nothing when the store ships free", async () => {
    const buyer = await signUpBuyer(store);
    const mouse = await createProduct(store.database.db, { priceCents: 10_000 });
    const coupon = await createCoupon({ kind: "free_shipping", value: 0 });
    const answer = await checkoutWith(buyer, [line(mouse)], { code: coupon.code, seenCents: 1_000 });
    expect(answer).toMatchObject({
      success: false,
      error: `O cupom ${coupon.code} não vale mais: Este cupom não dá desconto neste carrinho`,
    });
    expect(await usesOf(coupon.id)).toBe(0);
  });
});

describe("a coupon's limit", () => {
  it("lets exactly as many of 50 simultaneous checkouts use it as it has uses left", async () => {
    const coupon = await createCoupon({ maxUses: 12, uses: 2 });
    const mouse = await createProduct(store.database.db, { priceCents: 10_000, stock: 100 });
    const crowd = await Promise.all(Array.from({ length: 50 }, () => signUpBuyer(store)));
    const answers = await Promise.all(
      crowd.map((buyer) => checkoutWith(buyer, [line(mouse)], { code: coupon.code, seenCents: 1_000 })),
    );
    const placed = answers.filter((answer) => answer.success);
    expect(placed).toHaveLength(10);
    expect(answers.filter((answer) => !answer.success).map((answer) => answer.error)).toEqual(
      Array.from({ length: 40 }, () => `O cupom ${coupon.code} não vale mais: Limite de uso atingido`),
    );
    expect(await usesOf(coupon.id)).toBe(12);
    const [{ count }] = (await store.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(couponUses)
      .where(eq(couponUses.couponId, coupon.id))) as [{ count: number }];
    expect(count).toBe(10);
  });

  it("gives a use back when the order expires unpaid, and when the customer withdraws a paid one", async () => {
    const coupon = await createCoupon({ maxUses: 2 });
    const mouse = await createProduct(store.database.db, { priceCents: 10_000 });
    const [late, regretful] = [await signUpBuyer(store), await signUpBuyer(store)];
    const expiring = await checkoutWith(late, [line(mouse)], { code: coupon.code, seenCents: 1_000 });
    const withdrawn = await checkoutWith(regretful, [line(mouse)], { code: coupon.code, seenCents: 1_000 });
    expect(await usesOf(coupon.id)).toBe(2);

    // Its PIX code expired unpaid.
    const [{ pixChargeId }] = (await store.database.db
      .select({ pixChargeId: orders.pixChargeId })
      .from(orders)
      .where(eq(orders.id, expiring.orderId!))) as [{ pixChargeId: string }];
    await store.database.db
      .update(sandboxPixCharges)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sandboxPixCharges.chargeId, pixChargeId));
    await expireOverdueOrders(paymentDeps(store.context), new Date(Date.now() + 24 * 60 * 60 * 1000));
    expect(await orderOf(expiring.orderId!)).toMatchObject({
      status: "cancelled",
      uses: [{ releasedAt: expect.any(Date) }],
    });
    expect(await usesOf(coupon.id)).toBe(1);

    const post = (path: string, form: Record<string, string>) => ({
      request: new Request(`${TEST_BASE_URL}${path}`, {
        method: "POST",
        headers: { cookie: regretful.cookie },
        body: new URLSearchParams(form),
      }),
      context: store.context,
      params: {},
    });
    await simulatePayment(
      post("/api/sandbox/payment", { orderId: withdrawn.orderId! }) as Parameters<typeof simulatePayment>[0],
    );
    const answer = await ordersAction(
      post("/account/orders", { intent: "withdraw", orderId: withdrawn.orderId!, reason: "" }) as Parameters<
        typeof ordersAction
      >[0],
    );
    expect(answer).toMatchObject({ ok: true, message: "Pedido cancelado e reembolsado" });
    expect(await orderOf(withdrawn.orderId!)).toMatchObject({ uses: [{ releasedAt: expect.any(Date) }] });
    expect(await usesOf(coupon.id)).toBe(0);
  });
});
