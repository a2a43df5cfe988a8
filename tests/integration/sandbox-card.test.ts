import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  orderAdjustments,
  orders,
  payments,
  pixChargeCancellations,
  sandboxCardCheckouts,
} from "../../app/db/schema.server";
import type { CreatePaymentAnswer } from "../../app/domain/orders/checkout-schema";
import { isPaid } from "../../app/domain/orders/paid.server";
import type { CardProvider } from "../../app/domain/payments/card-provider";
import { simulateSandboxCardPayment } from "../../app/domain/payments/providers/sandbox-card/sandbox-card-checkout.server";
import { loader as simulationLoader } from "../../app/routes/sandbox.card-checkout";
import { createOrder, createProduct, stockOf } from "../support/factories";
import { rawRequest } from "../support/http";
import { checkoutBody, postCheckoutOverHttp } from "../support/orders";
import { htmlText } from "../support/page-text";
import { setUpStoreHandler } from "../support/store-handler";
import { createTestContext, signUpBuyer, TEST_BASE_URL, type Buyer } from "../support/test-context";

// The sandbox's card provider (issue 28): its checkout's simulation page, which stands in for
// Mercado Pago's, and the store's page of a card order the customer comes back to, over HTTP to
// the store's handler.

// A 5% PIX discount: a card order costs its list price, the same order paid by PIX its PIX price.
const store = setUpStoreHandler(() => ({ CARD_PROVIDER: "sandbox", PIX_DISCOUNT_PERCENT: "5" }));
const provider = (): CardProvider => store.context.card!;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const get = (path: string, who?: { cookie: string }) =>
  rawRequest(store.url, path, { headers: who ? { cookie: who.cookie } : {} });

/** A form as a browser posts it without scripts. */
const post = (path: string, who: { cookie: string }, form: Record<string, string>) =>
  rawRequest(store.url, path, {
    method: "POST",
    headers: { cookie: who.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });

/** A path on the store of an absolute URL the store made with its public origin. */
const pathOf = (url: string) => {
  expect(url.startsWith(`${TEST_BASE_URL}/`), url).toBe(true);
  return url.slice(TEST_BASE_URL.length);
};

/**
 * A buyer's card order of `quantity` units at R$ 100,00, with its checkout at the sandbox, as the
 * checkout leaves it: `expiresInMinutes` to pay, a boleto due in 3 days.
 */
async function cardOrder({
  quantity = 1,
  expiresInMinutes = 60,
  buyer,
}: { quantity?: number; expiresInMinutes?: number; buyer?: Buyer } = {}) {
  const who = buyer ?? (await signUpBuyer(store));
  const product = await createProduct(store.database.db, {
    priceCents: 10_000,
    stock: 5,
    name: "Teclado <b>Mecânico</b>",
  });
  const expiresAt = new Date(Date.now() + expiresInMinutes * MINUTE);
  const order = await createOrder(store.database.db, {
    userId: who.id,
    lines: [{ product, quantity }],
    overrides: { paymentMethod: "card", cardProvider: "sandbox-card", paymentExpiresAt: expiresAt },
  });
  const checkout = await provider().createCheckout({
    orderId: order.id,
    items: [{ name: product.name, quantity, unitPriceCents: product.priceCents }],
    payer: { name: "Maria Compradora", email: who.email, taxId: who.cpf },
    returnUrl: `${TEST_BASE_URL}/payment/card/${order.id}`,
    maxInstallments: 12,
    expiresAt,
    boletoDueAt: new Date(Date.now() + 3 * DAY),
  });
  await store.database.db
    .update(orders)
    .set({ cardCheckoutId: checkout.checkoutId, cardCheckoutUrl: checkout.redirectUrl })
    .where(eq(orders.id, order.id));
  return { buyer: who, orderId: order.id, checkout, checkoutPath: pathOf(checkout.redirectUrl) };
}

describe("the sandbox card provider", () => {
  it("sends the customer to the store's simulation page, and keeps the payments made there", async () => {
    const { orderId, checkout, checkoutPath, buyer } = await cardOrder();
    expect(checkoutPath).toBe(`/sandbox/card-checkout/${checkout.checkoutId}`);
    expect(await provider().paymentsOf(orderId)).toEqual([]);

    const answer = await post(checkoutPath, buyer, { intent: "reject", installments: "3" });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.location!, TEST_BASE_URL);
    const paymentId = back.searchParams.get("payment_id")!;
    expect(paymentId).toMatch(/^\d+$/);
    expect(back.searchParams.get("status")).toBe("rejected");
    // Back to the store's page of the order, as a path on the origin the customer uses.
    expect(answer.headers.location).toBe(`/payment/card/${orderId}?payment_id=${paymentId}&status=rejected`);
    expect(await provider().payment(paymentId)).toEqual({
      paymentId,
      status: "rejected",
      amountCents: 10_000,
      installments: 3,
      methodType: "credit_card",
      orderId,
      dueAt: null,
    });
    expect(await provider().paymentsOf(orderId)).toHaveLength(1);
  });

  it("does not know a payment it never made", async () => {
    await expect(provider().payment("999999999999")).rejects.toThrow(/desconhecido/);
    await expect(provider().payment("abc")).rejects.toThrow(/desconhecido/);
  });
});

describe("the sandbox's checkout page", () => {
  it("is marked as a simulation and shows the order's items, total and instalments", async () => {
    const { checkoutPath, buyer } = await cardOrder({ quantity: 3 });
    const answer = await get(checkoutPath, buyer);
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    const text = htmlText(answer.body);
    expect(text).toContain("Simulação do Mercado Pago — nenhum pagamento real é feito");
    // The product's name is text, not markup.
    expect(answer.body).toContain("Teclado &lt;b&gt;Mecânico&lt;/b&gt;");
    expect(text).toContain("3 x Teclado <b>Mecânico</b> R$ 300,00");
    expect(text).toContain("Total R$ 300,00");
    expect(text).toContain("1x de R$ 300,00 sem juros");
    expect(text).toContain("12x de R$ 25,00 sem juros");
    for (const button of ["Aprovar pagamento", "Recusar pagamento", "Gerar boleto"]) {
      expect(text).toContain(button);
    }
    expect(text).not.toContain("Pagar boleto");
  });

  it("is not found by another customer, nor can they pay on it; a visitor is asked to sign in", async () => {
    const { checkoutPath, orderId } = await cardOrder();
    const stranger = await signUpBuyer(store);
    expect((await get(checkoutPath, stranger)).status).toBe(404);
    expect((await post(checkoutPath, stranger, { intent: "approve", installments: "1" })).status).toBe(404);
    expect(await provider().paymentsOf(orderId)).toEqual([]);

    const visitor = await get(checkoutPath);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe(`/auth?redirectTo=${encodeURIComponent(checkoutPath)}`);
    expect((await get("/sandbox/card-checkout/nao-existe", stranger)).status).toBe(404);
  });

  it("does not exist on a store whose card provider is not the sandbox's", async () => {
    const { checkoutPath, buyer } = await cardOrder();
    const context = createTestContext(store.database, undefined, { CARD_PROVIDER: "none" });
    const request = new Request(`${TEST_BASE_URL}${checkoutPath}`, { headers: { cookie: buyer.cookie } });
    const checkoutId = checkoutPath.split("/").at(-1)!;
    const refusal = await simulationLoader({ request, context, params: { checkoutId } } as never).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(404);
  });

  it("takes nothing once the store closed the checkout, nor once it expired", async () => {
    const closed = await cardOrder();
    await provider().cancel(closed.checkout.checkoutId);
    // Closing it again changes nothing.
    await provider().cancel(closed.checkout.checkoutId);
    const expired = await cardOrder({ expiresInMinutes: -1 });
    for (const { checkoutPath, buyer, orderId } of [closed, expired]) {
      const page = htmlText((await get(checkoutPath, buyer)).body);
      expect(page).toContain("Este checkout expirou");
      expect(page).not.toContain("Aprovar pagamento");
      const refused = await post(checkoutPath, buyer, { intent: "approve", installments: "1" });
      expect(refused.status).toBe(409);
      expect(htmlText(refused.body)).toContain("Este checkout expirou");
      expect(await provider().paymentsOf(orderId)).toEqual([]);
    }
  });

  it("issues one boleto due on the checkout's date, pays it, and then takes nothing more", async () => {
    const { checkoutPath, buyer, orderId } = await cardOrder();
    const issued = await post(checkoutPath, buyer, { intent: "boleto", installments: "5" });
    expect(issued.status).toBe(302);
    const paymentId = new URL(issued.headers.location!, TEST_BASE_URL).searchParams.get("payment_id")!;
    expect(new URL(issued.headers.location!, TEST_BASE_URL).searchParams.get("status")).toBe("pending");
    expect(await provider().payment(paymentId)).toMatchObject({
      status: "pending",
      methodType: "ticket",
      installments: 1,
      amountCents: 10_000,
      dueAt: expect.any(Date),
    });
    // Asked again, the same boleto.
    const again = await post(checkoutPath, buyer, { intent: "boleto", installments: "1" });
    expect(new URL(again.headers.location!, TEST_BASE_URL).searchParams.get("payment_id")).toBe(paymentId);

    const page = htmlText((await get(checkoutPath, buyer)).body);
    expect(page).toMatch(/Boleto gerado, com vencimento em \d{2}\/\d{2}\/\d{4}/);
    expect(page).toContain("Pagar boleto");

    const paid = await post(checkoutPath, buyer, { intent: "pay-boleto" });
    expect(paid.status).toBe(302);
    expect(new URL(paid.headers.location!, TEST_BASE_URL).searchParams.get("payment_id")).toBe(paymentId);
    expect(new URL(paid.headers.location!, TEST_BASE_URL).searchParams.get("status")).toBe("approved");
    expect((await provider().payment(paymentId)).status).toBe("approved");

    expect(htmlText((await get(checkoutPath, buyer)).body)).toContain("Este checkout já foi pago");
    const more = await post(checkoutPath, buyer, { intent: "approve", installments: "1" });
    expect(more.status).toBe(409);
    expect(await provider().paymentsOf(orderId)).toHaveLength(1);
  });

  it("lets a boleto issued before the checkout expired be paid until its due date, unless the store closed it", async () => {
    const { checkoutPath, buyer, checkout, orderId } = await cardOrder();
    const issued = await post(checkoutPath, buyer, { intent: "boleto" });
    const paymentId = new URL(issued.headers.location!, TEST_BASE_URL).searchParams.get("payment_id")!;
    // The checkout's time is over; the boleto's is not.
    await store.database.db
      .update(sandboxCardCheckouts)
      .set({ expiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(sandboxCardCheckouts.id, checkout.checkoutId));
    const page = htmlText((await get(checkoutPath, buyer)).body);
    expect(page).toContain("Pagar boleto");
    expect(page).not.toContain("Aprovar pagamento");
    expect((await post(checkoutPath, buyer, { intent: "approve" })).status).toBe(409);

    await provider().cancel(checkout.checkoutId);
    expect((await provider().payment(paymentId)).status).toBe("cancelled");
    expect(htmlText((await get(checkoutPath, buyer)).body)).toContain("Este checkout expirou");
    expect((await post(checkoutPath, buyer, { intent: "pay-boleto" })).status).toBe(409);
    expect((await provider().paymentsOf(orderId)).map((payment) => payment.status)).toEqual(["cancelled"]);
  });
});

describe("the page of a card order the customer comes back to", () => {
  /** The order as the card provider's payment left it (as the store records what it reads). */
  const recordPayment = (orderId: string, payment: Partial<typeof orders.$inferInsert>) =>
    store.database.db.update(orders).set(payment).where(eq(orders.id, orderId));

  it("is not found for another customer's order, nor for a PIX order", async () => {
    const { orderId } = await cardOrder();
    const stranger = await signUpBuyer(store);
    const refused = await get(`/payment/card/${orderId}`, stranger);
    expect(refused.status).toBe(404);
    expect(htmlText(refused.body)).toContain("Pedido não encontrado");

    const product = await createProduct(store.database.db);
    const pix = await createOrder(store.database.db, {
      userId: stranger.id,
      lines: [{ product, quantity: 1 }],
    });
    const pixPage = await get(`/payment/card/${pix.id}`, stranger);
    expect(pixPage.status).toBe(404);
    expect(htmlText(pixPage.body)).toContain("Pedido não encontrado");

    const visitor = await get(`/payment/card/${orderId}`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("shows the order's state as the store has it, whatever the query says", async () => {
    const { orderId, buyer, checkout } = await cardOrder();
    const path = `/payment/card/${orderId}`;
    const page = async (query = "") => {
      const answer = await get(path + query, buyer);
      expect(answer.status).toBe(200);
      return htmlText(answer.body);
    };

    // Nothing known yet, whatever the provider's redirect claims.
    let text = await page("?payment_id=1&status=approved");
    expect(text).toContain("Aguardando a confirmação do pagamento");
    expect(text).not.toContain("Pagamento aprovado");
    expect(text).toContain("Atualizar");
    expect(text).toContain("Cartão de crédito ou boleto");

    await recordPayment(orderId, {
      cardPaymentId: "1",
      cardPaymentStatus: "rejected",
      cardPaymentType: "credit_card",
      cardInstallments: 1,
    });
    text = await page();
    expect(text).toContain("Pagamento recusado");
    expect(text).toContain("Tentar novamente");
    const retry = await get(path, buyer);
    expect(retry.body).toContain(`href="${checkout.redirectUrl}"`);

    await recordPayment(orderId, { cardPaymentStatus: "pending", cardPaymentType: "ticket" });
    text = await page();
    expect(text).toContain("Boleto gerado — aguardando pagamento");
    expect(text).toContain("Ver o boleto para pagar");

    await recordPayment(orderId, {
      cardPaymentStatus: "approved",
      cardPaymentType: "credit_card",
      cardInstallments: 10,
      paymentStatus: "paid",
      paidAt: new Date(),
      status: "processing",
    });
    text = await page();
    expect(text).toContain("Pagamento aprovado");
    expect(text).toContain("Cartão de crédito em 10x");
    expect(text).toContain("R$ 100,00");
    expect((await get(path, buyer)).body).toContain('href="/account/orders"');
  });

  it("offers no new try once the order can no longer be paid, and says when it was cancelled", async () => {
    const { orderId, buyer } = await cardOrder({ expiresInMinutes: -1 });
    await recordPayment(orderId, {
      cardPaymentId: "2",
      cardPaymentStatus: "rejected",
      cardPaymentType: "credit_card",
    });
    const text = htmlText((await get(`/payment/card/${orderId}`, buyer)).body);
    expect(text).toContain("Pagamento recusado");
    expect(text).not.toContain("Tentar novamente");

    await recordPayment(orderId, { status: "cancelled" });
    expect(htmlText((await get(`/payment/card/${orderId}`, buyer)).body)).toContain("Pedido cancelado");
  });
});

describe("paying a card order on the sandbox's checkout", () => {
  /** A new buyer's card order of two units at R$ 100,00 of a product with five in stock, as the checkout places it. */
  async function placeCardOrder() {
    const buyer = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { priceCents: 10_000, stock: 5 });
    const body = { ...checkoutBody(buyer, [{ id: product.id, quantity: 2 }]), paymentMethod: "card" };
    const response = await postCheckoutOverHttp(store.url, buyer.cookie, body);
    const answer = (await response.json()) as CreatePaymentAnswer;
    expect(answer).toMatchObject({ success: true });
    return {
      buyer,
      productId: product.id,
      orderId: answer.orderId!,
      checkoutPath: pathOf(answer.cardCheckoutUrl!),
    };
  }

  const orderOf = async (orderId: string) =>
    (await store.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

  /** Follows a redirect the store made to its own page, as the browser would. */
  const follow = async (
    answer: { status: number; headers: { location?: string } },
    who: { cookie: string },
  ) => {
    expect(answer.status).toBe(302);
    // The store's own page, as a path.
    expect(answer.headers.location).toMatch(/^\/payment\/card\/[0-9a-f-]{36}\?payment_id=\d+&status=\w+$/);
    const page = await get(answer.headers.location!, who);
    expect(page.status).toBe(200);
    return htmlText(page.body);
  };

  it("approved: the customer comes back to 'Pagamento aprovado' and the order is paid", async () => {
    const { buyer, productId, orderId, checkoutPath } = await placeCardOrder();
    const text = await follow(
      await post(checkoutPath, buyer, { intent: "approve", installments: "2" }),
      buyer,
    );
    expect(text).toContain("Pagamento aprovado");
    expect(text).toContain("Cartão de crédito em 2x");
    expect(text).toContain("R$ 200,00");
    expect(text).toContain("Ver Meus Pedidos");
    const order = await orderOf(orderId);
    expect(isPaid(order)).toBe(true);
    expect(order.cardInstallments).toBe(2);
    expect(await stockOf(store.database.db, productId)).toBe(3);
  });

  it("refused: 'Pagamento recusado' with a new try, and the stock stays held for the order", async () => {
    const { buyer, productId, orderId, checkoutPath } = await placeCardOrder();
    const text = await follow(
      await post(checkoutPath, buyer, { intent: "reject", installments: "1" }),
      buyer,
    );
    expect(text).toContain("Pagamento recusado");
    expect(text).toContain("Tentar novamente");
    const order = await orderOf(orderId);
    expect(isPaid(order)).toBe(false);
    expect(order).toMatchObject({ status: "pending", cardPaymentStatus: "rejected" });
    expect(await stockOf(store.database.db, productId)).toBe(3);

    // Another card on the same checkout.
    const again = await follow(
      await post(checkoutPath, buyer, { intent: "approve", installments: "1" }),
      buyer,
    );
    expect(again).toContain("Pagamento aprovado");
  });

  it("refused, then PIX: the same order at its PIX price, its card kept as a refused payment and its checkout closed; once", async () => {
    const { buyer, productId, orderId, checkoutPath } = await placeCardOrder();
    const refused = await follow(
      await post(checkoutPath, buyer, { intent: "reject", installments: "1" }),
      buyer,
    );
    // Two units at R$ 100,00, each R$ 5,00 less by PIX.
    expect(refused).toContain("Total R$ 200,00");
    expect(refused).toContain("Pagando com PIX: R$ 190,00");
    const { cardCheckoutId } = await orderOf(orderId);

    const first = await post(`/payment/card/${orderId}`, buyer, {});
    expect([first.status, first.headers.location]).toEqual([302, `/payment?orderId=${orderId}`]);
    const { pixChargeId } = await orderOf(orderId);
    // A second click, or another tab: the same code.
    const second = await post(`/payment/card/${orderId}`, buyer, {});
    expect([second.status, second.headers.location]).toEqual([302, `/payment?orderId=${orderId}`]);
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ paymentMethod: "pix", status: "pending", pixChargeId, totalCents: 19_000 });
    expect(order.pixChargeId).not.toBeNull();
    expect(await stockOf(store.database.db, productId)).toBe(3);
    const adjustments = await store.database.db
      .select({ label: orderAdjustments.label, amountCents: orderAdjustments.amountCents })
      .from(orderAdjustments)
      .where(eq(orderAdjustments.orderId, orderId));
    expect(adjustments).toEqual([{ label: "Desconto PIX (5%)", amountCents: -1_000 }]);

    const attempts = await store.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.mirrorsOrder));
    expect(
      attempts.map(({ method, status, providerStatus, providerPaymentId, amountCents }) => ({
        method,
        status,
        providerStatus,
        charge: providerPaymentId,
        amountCents,
      })),
    ).toEqual([
      {
        method: "card",
        status: "failed",
        providerStatus: "rejected",
        charge: expect.any(String),
        amountCents: 20_000,
      },
      {
        method: "pix",
        status: "pending",
        providerStatus: "ACTIVE",
        charge: pixChargeId,
        amountCents: 19_000,
      },
    ]);
    const closing = await store.database.db
      .select()
      .from(pixChargeCancellations)
      .where(eq(pixChargeCancellations.orderId, orderId));
    expect(closing.map((entry) => entry.chargeId)).toEqual([cardCheckoutId]);

    // The customer's own data lists both attempts with the order.
    const exported = JSON.parse((await get("/account/data", buyer)).body) as {
      pedidos: { id: string; pagamentos: unknown[] }[];
    };
    expect(exported.pedidos.find((entry) => entry.id === orderId)?.pagamentos).toEqual([
      expect.objectContaining({ forma: "card", situacao: "failed", valorCents: 20_000, recebidoCents: 0 }),
      expect.objectContaining({ forma: "pix", situacao: "pending", valorCents: 19_000, recebidoCents: 0 }),
    ]);
  });

  it("refuses PIX for a card order not refused, and finds no other customer's order", async () => {
    const { buyer, orderId } = await placeCardOrder();
    const refused = await post(`/payment/card/${orderId}`, buyer, {});
    expect(refused.status).toBe(200);
    expect(htmlText(refused.body)).toContain("Este pedido não pode mais ser pago com PIX");
    const stranger = await signUpBuyer(store);
    const elsewhere = await post(`/payment/card/${orderId}`, stranger, {});
    expect(htmlText(elsewhere.body)).toContain("Pedido não encontrado");
    expect(await orderOf(orderId)).toMatchObject({ paymentMethod: "card", pixChargeId: null });
  });

  it("boleto: waiting until the boleto is paid, then paid", async () => {
    const { buyer, orderId, checkoutPath } = await placeCardOrder();
    let text = await follow(await post(checkoutPath, buyer, { intent: "boleto" }), buyer);
    expect(text).toContain("Boleto gerado — aguardando pagamento");
    const waiting = await orderOf(orderId);
    expect(isPaid(waiting)).toBe(false);
    expect(waiting).toMatchObject({
      status: "pending",
      cardPaymentStatus: "pending",
      cardPaymentType: "ticket",
    });
    // The order waits for the boleto past the checkout's own expiry.
    expect(waiting.paymentExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3 * DAY - MINUTE);

    expect(htmlText((await get(checkoutPath, buyer)).body)).toContain("Pagar boleto");
    text = await follow(await post(checkoutPath, buyer, { intent: "pay-boleto" }), buyer);
    expect(text).toContain("Pagamento aprovado");
    expect(text).toContain("Boleto");
    expect(isPaid(await orderOf(orderId))).toBe(true);
  });

  it("reads the payment from the provider when the customer is back before the store heard of it, never the query's status", async () => {
    const { buyer, orderId, checkoutPath } = await placeCardOrder();
    const checkoutId = checkoutPath.split("/").at(-1)!;
    // Paid at the provider; its notification has not reached the store.
    const rejected = await simulateSandboxCardPayment(store.database.db, checkoutId, {
      action: "reject",
      installments: 1,
    });
    expect(rejected.ok).toBe(true);
    const path = `/payment/card/${orderId}`;
    const forged = htmlText(
      (await get(`${path}?payment_id=${rejected.ok && rejected.paymentId}&status=approved`, buyer)).body,
    );
    expect(forged).toContain("Pagamento recusado");
    expect(isPaid(await orderOf(orderId))).toBe(false);

    const approved = await simulateSandboxCardPayment(store.database.db, checkoutId, {
      action: "approve",
      installments: 1,
    });
    const approvedPath = `${path}?payment_id=${approved.ok && approved.paymentId}&status=approved`;
    // The provider is asked at most once every few seconds, however often the page is reloaded.
    expect(htmlText((await get(approvedPath, buyer)).body)).toContain("Pagamento recusado");
    expect(isPaid(await orderOf(orderId))).toBe(false);

    await store.database.db
      .update(orders)
      .set({ pixAskedAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, orderId));
    expect(htmlText((await get(approvedPath, buyer)).body)).toContain("Pagamento aprovado");
    expect(isPaid(await orderOf(orderId))).toBe(true);
  });

  it("shows the order as the store has it when the payment named cannot be read", async () => {
    const { buyer, orderId } = await placeCardOrder();
    const text = htmlText(
      (await get(`/payment/card/${orderId}?payment_id=999999999999&status=approved`, buyer)).body,
    );
    expect(text).toContain("Aguardando a confirmação do pagamento");
    expect(text).toContain("Atualizar");
  });
});
