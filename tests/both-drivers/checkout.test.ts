import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  cartItems,
  mailOutbox,
  orderItems,
  orders,
  paymentEvents,
  productImages,
  productVariants,
} from "../../app/db/schema.server";
import { expireOverdueOrders } from "../../app/domain/orders/expire-orders.server";
import { parseBrCode } from "../../app/domain/payments/br-code";
import { paymentDeps } from "../../app/context.server";
import { action as createPayment } from "../../app/routes/api.create-payment";
import { placeOrderThroughCheckout, postCheckout } from "../support/checkout";
import { createProduct, createProductWithVariants, stockOf as stockOfProduct } from "../support/factories";
import { checkoutBody } from "../support/orders";
import { setUpTestStore, signUpBuyer, TEST_BASE_URL, type Buyer } from "../support/test-context";
import { setUpFakeWoovi } from "../support/woovi-context";

const store = setUpTestStore();
const woovi = setUpFakeWoovi(store);

const stockOf = (id: number) => stockOfProduct(store.database.db, id);
/** The stock of each of a product's variants, in their order. */
const variantStocks = async (productId: number) =>
  (
    await store.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(productVariants.displayOrder)
  ).map((row) => row.stock);
const ordersOf = (who: Buyer) => store.database.db.select().from(orders).where(eq(orders.userId, who.id));

/** The customer's cart on the server, as the cart page's lines (product, quantity). */
const fillCart = (who: Buyer, ...lines: [number, number][]) =>
  store.database.db.insert(cartItems).values(
    lines.map(([productId, quantity]) => ({
      userId: who.id,
      productId,
      variantId: sql<number>`(select id from product_variants where product_id = ${productId})`,
      quantity,
    })),
  );

const cartOf = async (who: Buyer) =>
  (
    await store.database.db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, who.id))
      .orderBy(cartItems.productId)
  ).map((line) => [line.productId, line.quantity]);

describe("create-payment", () => {
  it("prices every line from the database, takes the stock and answers a PIX code for the real total", async () => {
    const who = await signUpBuyer(store);
    const mouse = await createProduct(store.database.db, { priceCents: 12_990, stock: 5 });
    const answer = await postCheckout(
      store.context,
      who,
      checkoutBody(who, [{ id: mouse.id, quantity: 2, price: 0.01 }]),
    );
    expect(answer).toMatchObject({ success: true, pixData: { amount: 259.8 } });
    const [order] = await ordersOf(who);
    expect(order).toMatchObject({
      id: answer.orderId,
      totalCents: 25_980,
      status: "pending",
      pixProvider: "sandbox",
      pixBrCode: answer.pixData!.brCode,
      paymentExpiresAt: new Date(answer.pixData!.expiresAt),
    });
    expect(order!.pixChargeId).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(answer.pixData!.brCode).toContain(order!.pixChargeId);
    expect(await stockOf(mouse.id)).toBe(3);
    // The line is a snapshot of the product as the store has it, not as the request described it.
    const [line] = await store.database.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(line).toMatchObject({
      productName: mouse.name,
      productImage: mouse.image,
      unitPriceCents: 12_990,
    });
    const fields = parseBrCode(answer.pixData!.brCode);
    expect(fields["54"]).toBe("259.80");
    expect(Buffer.from(answer.pixData!.qrCodeBase64, "base64").subarray(1, 4).toString()).toBe("PNG");
  });

  it("refuses a variant of another product, one no longer sold and more than a variant's stock, changing nothing", async () => {
    const who = await signUpBuyer(store);
    const plain = await createProduct(store.database.db, { stock: 5 });
    const { product, variants } = await createProductWithVariants(store.database.db, {
      name: "Ventilador Brisa",
      options: [{ name: "Voltagem", values: ["110 V", "220 V"] }],
      variants: [
        { values: ["110 V"], priceCents: 30_000, stock: 2 },
        { values: ["220 V"], priceCents: 30_000, stock: 5, active: false },
      ],
    });
    const [volts110, volts220] = variants;
    const attempts: [Parameters<typeof checkoutBody>[1], string][] = [
      [
        [{ id: plain.id, variantId: volts110!.variantId, quantity: 1, name: "Outro" }],
        "Produto não encontrado: Outro",
      ],
      [
        [{ id: product.id, variantId: volts220!.variantId, quantity: 1, name: "Ventilador" }],
        "Produto não encontrado: Ventilador",
      ],
      // A product with options has no default variant.
      [[{ id: product.id, quantity: 1, name: "Ventilador" }], "Produto não encontrado: Ventilador"],
      [
        [{ id: product.id, variantId: volts110!.variantId, quantity: 3 }],
        "Estoque insuficiente: Ventilador Brisa (Voltagem: 110 V)",
      ],
      // Two lines naming one variant (by its id, and as the default variant) count together.
      [
        [
          { id: plain.id, quantity: 3 },
          { id: plain.id, variantId: plain.variantId, quantity: 3 },
        ],
        `Estoque insuficiente: ${plain.name}`,
      ],
    ];
    for (const [lines, error] of attempts) {
      expect(await postCheckout(store.context, who, checkoutBody(who, lines))).toMatchObject({
        success: false,
        error,
      });
    }
    expect(await ordersOf(who)).toEqual([]);
    expect(await variantStocks(product.id)).toEqual([2, 5]);
    expect(await stockOf(plain.id)).toBe(5);
  });

  it("creates one order for a repeated request of the same checkout attempt", async () => {
    const who = await signUpBuyer(store);
    const keyboard = await createProduct(store.database.db, { stock: 4 });
    const key = randomUUID();
    const body = checkoutBody(who, [{ id: keyboard.id, quantity: 1 }]);
    const [first, second] = await Promise.all([
      postCheckout(store.context, who, body, key),
      postCheckout(store.context, who, body, key),
    ]);
    const third = await postCheckout(store.context, who, body, key);
    expect(first.success && second.success && third.success).toBe(true);
    expect(new Set([first.orderId, second.orderId, third.orderId]).size).toBe(1);
    expect(await ordersOf(who)).toHaveLength(1);
    expect(await stockOf(keyboard.id)).toBe(3);
  });

  it("answers a repeated request for the last unit with its order, not with missing stock", async () => {
    const who = await signUpBuyer(store);
    const lastOne = await createProduct(store.database.db, { stock: 1 });
    const key = randomUUID();
    const body = checkoutBody(who, [{ id: lastOne.id, quantity: 1 }]);
    const first = await postCheckout(store.context, who, body, key);
    const retried = await postCheckout(store.context, who, body, key);
    expect(retried).toMatchObject({ success: true, orderId: first.orderId });
    expect(await stockOf(lastOne.id)).toBe(0);
  });

  it("refuses more than the stock, naming the product, and changes nothing", async () => {
    const who = await signUpBuyer(store);
    const plenty = await createProduct(store.database.db, { stock: 10 });
    const scarce = await createProduct(store.database.db, { name: "Headset Raro", stock: 1 });
    const answer = await postCheckout(
      store.context,
      who,
      checkoutBody(who, [
        { id: plenty.id, quantity: 2 },
        { id: scarce.id, quantity: 2 },
      ]),
    );
    expect(answer).toMatchObject({ success: false, error: "Estoque insuficiente: Headset Raro" });
    expect(await ordersOf(who)).toHaveLength(0);
    expect([await stockOf(plenty.id), await stockOf(scarce.id)]).toEqual([10, 1]);
  });

  it("refuses another customer's address", async () => {
    const [who, other] = [await signUpBuyer(store), await signUpBuyer(store)];
    const product = await createProduct(store.database.db);
    const answer = await postCheckout(store.context, who, {
      ...checkoutBody(who, [{ id: product.id, quantity: 1 }]),
      addressId: other.addressId,
    });
    expect(answer).toMatchObject({ success: false, error: "Endereço não encontrado" });
    expect(await ordersOf(who)).toHaveLength(0);
  });

  it("answers every malformed request with the spec's pt-BR messages and creates nothing", async () => {
    // Three customers share the cases: each stays under the limit on refused checkouts.
    const crowd = [await signUpBuyer(store), await signUpBuyer(store), await signUpBuyer(store)];
    const who = crowd[0]!;
    const product = await createProduct(store.database.db, { stock: 3 });
    const valid = checkoutBody(who, [{ id: product.id, quantity: 1 }]);
    const cases: [unknown, string][] = [
      [{}, "Carrinho vazio"],
      [{ ...valid, products: [] }, "Carrinho vazio"],
      [{ ...valid, products: "tudo" }, "Carrinho vazio"],
      [
        { ...valid, products: Array.from({ length: 51 }, (_, i) => ({ ...valid.products[0], id: i + 1 })) },
        "Máximo de 50 itens por pedido",
      ],
      [{ ...valid, products: [{ ...valid.products[0], quantity: -1 }] }, "Quantidade inválida"],
      [{ ...valid, products: [{ ...valid.products[0], quantity: 101 }] }, "Quantidade máxima por item é 100"],
      [{ ...valid, products: [{ ...valid.products[0], quantity: "2" }] }, "Quantidade inválida"],
      [{ ...valid, products: [{ ...valid.products[0], price: 2_000_000 }] }, "Preço inválido"],
      [{ ...valid, products: [{ ...valid.products[0], id: 0 }] }, "ID do produto inválido"],
      [{ ...valid, customer: { ...valid.customer, name: "Al" } }, "Nome deve ter no mínimo 3 caracteres"],
      [
        { ...valid, customer: { ...valid.customer, name: "M".repeat(101) } },
        "Nome deve ter no máximo 100 caracteres",
      ],
      [{ ...valid, customer: { ...valid.customer, name: "Maria 123" } }, "Nome deve conter apenas letras"],
      [{ ...valid, customer: { ...valid.customer, email: "maria" } }, "E-mail inválido"],
      [
        { ...valid, customer: { ...valid.customer, email: `${"a".repeat(250)}@x.com` } },
        "E-mail muito longo",
      ],
      [
        { ...valid, customer: { ...valid.customer, phone: "119" } },
        "Telefone inválido (deve ter 10 ou 11 dígitos)",
      ],
      [{ ...valid, customer: { ...valid.customer, taxId: "123" } }, "CPF inválido (deve ter 11 dígitos)"],
      [{ ...valid, customer: { ...valid.customer, taxId: "11111111111" } }, "CPF inválido"],
      [{ ...valid, customer: null }, "Dados do cliente inválidos"],
      [{ ...valid, addressId: "casa" }, "ID de endereço inválido"],
    ];
    for (const [index, [body, message]] of cases.entries()) {
      const answer = await postCheckout(store.context, crowd[index % crowd.length]!, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(answer.error).toMatch(/^Dados inválidos: /);
      expect(answer.error!.slice("Dados inválidos: ".length).split(", ")).toContain(message);
    }
    expect(await postCheckout(store.context, crowd[1]!, "{não é json")).toMatchObject({
      status: 422,
      error: "Dados inválidos: JSON inválido",
    });
    const unknown = await postCheckout(
      store.context,
      who,
      checkoutBody(who, [{ id: 2_000_000_000, quantity: 1 }]),
    );
    expect(unknown).toMatchObject({ success: false, error: "Produto não encontrado: Produto" });
    for (const customer of crowd) expect(await ordersOf(customer)).toHaveLength(0);
    expect(await stockOf(product.id)).toBe(3);
  });

  it("pauses a customer's checkouts after 20 refused in a minute", async () => {
    const who = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { stock: 3 });
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await postCheckout(store.context, who, {})).error).toMatch(/^Dados inválidos: Carrinho vazio/);
    }
    const paused = await postCheckout(
      store.context,
      who,
      checkoutBody(who, [{ id: product.id, quantity: 1 }]),
    );
    expect(paused).toMatchObject({
      status: 429,
      success: false,
      error: "Muitas tentativas. Aguarde um minuto e tente novamente.",
    });
    expect(await postCheckout(store.context, who, {})).toMatchObject({
      status: 429,
      error: "Muitas tentativas. Aguarde um minuto e tente novamente.",
    });
    expect(await ordersOf(who)).toHaveLength(0);
    expect(await stockOf(product.id)).toBe(3);
    const other = await signUpBuyer(store);
    expect(
      (await postCheckout(store.context, other, checkoutBody(other, [{ id: product.id, quantity: 1 }])))
        .success,
    ).toBe(true);
  });

  it("refuses a signed-out request", async () => {
    const request = new Request(`${TEST_BASE_URL}/api/create-payment`, { method: "POST", body: "{}" });
    const refusal = await createPayment({ request, context: store.context, params: {} } as Parameters<
      typeof createPayment
    >[0]).catch((thrown: unknown) => thrown);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(401);
    expect(await (refusal as Response).json()).toEqual({ success: false, error: "Usuário não autenticado" });
  });

  it("cancels the order and returns its stock when the provider fails", async () => {
    const who = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { stock: 6 });
    woovi.server.failNext(500);
    const answer = await postCheckout(
      woovi.context,
      who,
      checkoutBody(who, [{ id: product.id, quantity: 4 }]),
    );
    expect(answer).toMatchObject({ success: false, error: "Falha ao criar pagamento" });
    expect((await ordersOf(who)).map((order) => order.status)).toEqual(["cancelled"]);
    expect(await stockOf(product.id)).toBe(6);
  });

  it("ends the order's turn before waiting on Woovi, and keeps it through the sandbox's charge", async () => {
    const who = await signUpBuyer(store);
    const product = await createProduct(store.database.db, { stock: 5 });
    const chargeRequestsAtTurnEnd: number[] = [];
    const endOrderTurn = () => chargeRequestsAtTurnEnd.push(woovi.server.requests.length);
    const chargeRequestsBefore = woovi.server.requests.length;
    const lines = checkoutBody(who, [{ id: product.id, quantity: 1 }]);

    const paidThroughWoovi = await postCheckout({ ...woovi.context, endOrderTurn }, who, lines);
    expect(paidThroughWoovi).toMatchObject({ success: true });
    expect(chargeRequestsAtTurnEnd).toEqual([chargeRequestsBefore]);
    expect(woovi.server.requests.length).toBe(chargeRequestsBefore + 1);

    const paidInSandbox = await postCheckout({ ...store.context, endOrderTurn }, who, lines);
    expect(paidInSandbox).toMatchObject({ success: true });
    expect(chargeRequestsAtTurnEnd).toHaveLength(1);
  });

  it("sells exactly the stock to concurrent buyers", async () => {
    const product = await createProduct(store.database.db, { stock: 10 });
    const crowd = await Promise.all(Array.from({ length: 50 }, () => signUpBuyer(store)));
    const answers = await Promise.all(
      crowd.map((who) =>
        postCheckout(store.context, who, checkoutBody(who, [{ id: product.id, quantity: 1 }])),
      ),
    );
    expect(answers.filter((answer) => answer.success)).toHaveLength(10);
    expect(answers.filter((answer) => !answer.success).map((answer) => answer.error)).toEqual(
      Array(40).fill(`Estoque insuficiente: ${product.name}`),
    );
    const sold = await store.database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.userId,
          crowd.map((who) => who.id),
        ),
      );
    expect(sold).toHaveLength(10);
    expect(await stockOf(product.id)).toBe(0);
  });
});

describe("Woovi webhook and expiry", () => {
  async function wooviOrder(stock = 5) {
    const { orderId, productId } = await placeOrderThroughCheckout(store, woovi.context, {
      quantity: 2,
      product: { stock },
    });
    return { orderId, productId };
  }

  const orderOf = async (id: string) =>
    (await store.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  /** The webhook answers first and handles the event right after: wait for that. */
  const handled = (chargeId: string) =>
    vi.waitFor(async () => {
      const events = await store.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.chargeId, chargeId));
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((event) => event.processedAt)).toBe(true);
    });
  /** The event was checked with Woovi and left pending: Woovi did not confirm it (yet). */
  const checkedUnconfirmed = (chargeId: string) =>
    vi.waitFor(async () => {
      const events = await store.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.chargeId, chargeId));
      expect(events).toMatchObject([{ attempts: 1, processedAt: null }]);
    });
  const mailsFor = (id: string) =>
    store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `order-paid:${id}`));

  it("refuses a delivery with a bad signature and leaves the order unchanged", async () => {
    const { orderId } = await wooviOrder();
    woovi.server.complete(orderId);
    const { body, signature } = woovi.server.signedWebhook("OPENPIX:CHARGE_COMPLETED", orderId);
    const forged = body.replace('"COMPLETED"', '"COMPLETED" ');
    expect(await woovi.postWebhook(forged, signature)).toBe(401);
    expect(await woovi.postWebhook(body, "")).toBe(401);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "pending", pixStatus: "ACTIVE" });
  });

  it("marks the order paid once, with one e-mail, however often the event is delivered", async () => {
    const { orderId } = await wooviOrder();
    woovi.server.complete(orderId);
    const { body, signature } = woovi.server.signedWebhook("OPENPIX:CHARGE_COMPLETED", orderId);
    expect(await woovi.postWebhook(body, signature)).toBe(200);
    await handled(orderId);
    const paid = await orderOf(orderId);
    expect(paid).toMatchObject({ paymentStatus: "paid", pixStatus: "COMPLETED", status: "pending" });
    expect(await woovi.postWebhook(body, signature)).toBe(200);
    await handled(orderId);
    expect((await orderOf(orderId)).paidAt).toEqual(paid.paidAt);
    expect(await mailsFor(orderId)).toHaveLength(1);
  });

  it("does not believe a completed event the provider does not confirm", async () => {
    const { orderId } = await wooviOrder();
    const { body, signature } = woovi.server.signedWebhook("OPENPIX:CHARGE_COMPLETED", orderId);
    expect(await woovi.postWebhook(body, signature)).toBe(200);
    await checkedUnconfirmed(orderId);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "pending", pixStatus: "ACTIVE" });
  });

  it("cancels the order once and returns its stock when Woovi reports the charge expired, however often", async () => {
    const { orderId, productId } = await wooviOrder(5);
    expect(await stockOf(productId)).toBe(3);
    woovi.server.expire(orderId);
    const { body, signature } = woovi.server.signedWebhook("OPENPIX:CHARGE_EXPIRED", orderId);
    expect(await woovi.postWebhook(body, signature)).toBe(200);
    await handled(orderId);
    const cancelled = await orderOf(orderId);
    expect(cancelled).toMatchObject({ status: "cancelled", pixStatus: "EXPIRED", paymentStatus: "pending" });
    expect(await stockOf(productId)).toBe(5);

    expect(await woovi.postWebhook(body, signature)).toBe(200);
    await handled(orderId);
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", pixStatus: "EXPIRED" });
    expect(await stockOf(productId)).toBe(5);
  });

  it("does not cancel on an expired event the provider does not confirm", async () => {
    const { orderId, productId } = await wooviOrder(5);
    const { body, signature } = woovi.server.signedWebhook("OPENPIX:CHARGE_EXPIRED", orderId);
    expect(await woovi.postWebhook(body, signature)).toBe(200);
    await checkedUnconfirmed(orderId);
    expect(await orderOf(orderId)).toMatchObject({ status: "pending", pixStatus: "ACTIVE" });
    expect(await stockOf(productId)).toBe(3);
  });

  it("keeps a payment that arrives after the order was cancelled for expiry, flagged, without taking stock again", async () => {
    const { orderId, productId } = await wooviOrder(5);
    woovi.server.expire(orderId);
    await expireOverdueOrders(paymentDeps(woovi.context), new Date(Date.now() + 31 * 60_000));
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", latePaymentAt: null });
    expect(await stockOf(productId)).toBe(5);

    woovi.server.complete(orderId);
    const { body, signature } = woovi.server.signedWebhook("OPENPIX:CHARGE_COMPLETED", orderId);
    expect(await woovi.postWebhook(body, signature)).toBe(200);
    await handled(orderId);
    const paidLate = await orderOf(orderId);
    expect(paidLate).toMatchObject({ status: "cancelled", paymentStatus: "paid", pixStatus: "COMPLETED" });
    expect(paidLate.paidAt).toBeInstanceOf(Date);
    expect(paidLate.latePaymentAt).toBeInstanceOf(Date);
    expect(await stockOf(productId)).toBe(5);
    // The shop settles a late payment by hand: the customer is not told the cancelled order is paid.
    expect(await mailsFor(orderId)).toHaveLength(0);
  });

  it("cancels an expired unpaid order once, returning its stock, even with two job runners", async () => {
    const { orderId, productId } = await wooviOrder(5);
    expect(await stockOf(productId)).toBe(3);
    woovi.server.expire(orderId);
    const later = new Date(Date.now() + 31 * 60_000);
    const deps = paymentDeps(woovi.context);
    const asked = () => woovi.server.requests.filter((request) => request.path.endsWith(orderId)).length;
    const askedBefore = asked();
    const runs = await Promise.all([expireOverdueOrders(deps, later), expireOverdueOrders(deps, later)]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(asked() - askedBefore).toBe(1);
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", pixStatus: "EXPIRED" });
    expect(await stockOf(productId)).toBe(5);
  });

  it("never cancels an order the provider reports paid, and records a payment after expiry", async () => {
    const paidLate = await wooviOrder(5);
    woovi.server.complete(paidLate.orderId);
    const later = new Date(Date.now() + 31 * 60_000);
    await expireOverdueOrders(paymentDeps(woovi.context), later);
    expect(await orderOf(paidLate.orderId)).toMatchObject({ status: "pending", paymentStatus: "paid" });
    expect(await stockOf(paidLate.productId)).toBe(3);
  });
});

// After the expiry tests: an order left pending here would be one more in their batch of overdue orders.
describe("the customer's cart at checkout", () => {
  it("takes what was bought off the customer's cart and leaves the rest of it", async () => {
    const [who, other] = [await signUpBuyer(store), await signUpBuyer(store)];
    const [mouse, pad, cable] = [
      await createProduct(store.database.db),
      await createProduct(store.database.db),
      await createProduct(store.database.db),
    ];
    await fillCart(who, [mouse.id, 2], [pad.id, 1], [cable.id, 3]);
    await fillCart(other, [mouse.id, 2]);

    const answer = await postCheckout(
      store.context,
      who,
      checkoutBody(who, [
        { id: mouse.id, quantity: 2 },
        { id: cable.id, quantity: 1 },
      ]),
    );

    expect(answer).toMatchObject({ success: true });
    expect(await cartOf(who)).toEqual([
      [pad.id, 1],
      [cable.id, 2],
    ]);
    expect(await cartOf(other)).toEqual([[mouse.id, 2]]);
  });

  it("leaves the cart as it was when the order is refused", async () => {
    const who = await signUpBuyer(store);
    const scarce = await createProduct(store.database.db, { stock: 1 });
    await fillCart(who, [scarce.id, 2]);
    const answer = await postCheckout(
      store.context,
      who,
      checkoutBody(who, [{ id: scarce.id, quantity: 2 }]),
    );
    expect(answer).toMatchObject({ success: false, error: `Estoque insuficiente: ${scarce.name}` });
    expect(await cartOf(who)).toEqual([[scarce.id, 2]]);
  });
});

// After the expiry tests too: their orders stay pending.
describe("a product's variants at checkout", () => {
  it("sells two variants of one product as two lines, each snapshotting its label, SKU, photo and price", async () => {
    const who = await signUpBuyer(store);
    const options = [
      { name: "Cor", values: ["Preto", "Branco"] },
      { name: "Armazenamento", values: ["128 GB", "256 GB"] },
    ];
    const { product, variants } = await createProductWithVariants(store.database.db, {
      options,
      variants: [
        { values: ["Preto", "256 GB"], priceCents: 250_000, stock: 4 },
        { values: ["Branco", "128 GB"], priceCents: 200_000, stock: 4 },
      ],
    });
    const [black, white] = variants;
    await store.database.db
      .insert(productImages)
      .values({ productId: product.id, variantId: black!.variantId, imageUrl: "/uploads/preto.webp" });
    const answer = await postCheckout(
      store.context,
      who,
      checkoutBody(who, [
        { id: product.id, variantId: black!.variantId, quantity: 2, price: 0.01 },
        { id: product.id, variantId: white!.variantId, quantity: 1 },
      ]),
    );
    expect(answer).toMatchObject({ success: true, pixData: { amount: 7_000 } });
    const lines = await store.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, answer.orderId!))
      .orderBy(orderItems.id);
    expect(lines).toMatchObject([
      {
        productId: product.id,
        variantId: black!.variantId,
        productName: product.name,
        variantLabel: "Cor: Preto · Armazenamento: 256 GB",
        sku: black!.sku,
        productImage: "/uploads/preto.webp",
        quantity: 2,
        unitPriceCents: 250_000,
      },
      {
        variantId: white!.variantId,
        variantLabel: "Cor: Branco · Armazenamento: 128 GB",
        sku: white!.sku,
        productImage: product.image,
        quantity: 1,
        unitPriceCents: 200_000,
      },
    ]);
    // The statement's label is the one the cart shows (the factory's, from variantLabel()).
    expect(lines.map((line) => line.variantLabel)).toEqual([black!.variantLabel, white!.variantLabel]);
    expect(await variantStocks(product.id)).toEqual([2, 3]);
  });

  it("sells exactly each variant's stock", async () => {
    const { product, variants } = await createProductWithVariants(store.database.db, {
      options: [{ name: "Cor", values: ["Preto", "Branco"] }],
      variants: [
        { values: ["Preto"], priceCents: 10_000, stock: 3 },
        { values: ["Branco"], priceCents: 12_000, stock: 5 },
      ],
    });
    const crowd = await Promise.all(Array.from({ length: 24 }, () => signUpBuyer(store)));
    const answers = await Promise.all(
      crowd.map((who, index) => {
        const variant = variants[index % 2]!;
        const line = { id: product.id, variantId: variant.variantId, quantity: 1 };
        return postCheckout(store.context, who, checkoutBody(who, [line]));
      }),
    );
    const soldOf = (index: number) =>
      answers.filter((answer, at) => at % 2 === index && answer.success).length;
    expect([soldOf(0), soldOf(1)]).toEqual([3, 5]);
    expect(await variantStocks(product.id)).toEqual([0, 0]);
    const lines = await store.database.db
      .select({
        variantId: orderItems.variantId,
        quantity: sql<number>`sum(${orderItems.quantity})`.mapWith(Number),
      })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id))
      .groupBy(orderItems.variantId)
      .orderBy(orderItems.variantId);
    expect(lines).toEqual([
      { variantId: variants[0]!.variantId, quantity: 3 },
      { variantId: variants[1]!.variantId, quantity: 5 },
    ]);
  });
});
