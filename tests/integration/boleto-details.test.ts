import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { mailOutbox, orders, paymentEvents } from "../../app/db/schema.server";
import { queuePaymentReminders } from "../../app/domain/marketing/payment-reminders.server";
import { orderMailStoreOf } from "../../app/domain/orders/order-mail-store.server";
import { ownBoletoOf } from "../../app/domain/payments/order-payments.server";
import { formatDigitableLine } from "../../app/lib/boleto";
import { formatDate } from "../../app/lib/dates";
import { postCheckout } from "../support/checkout";
import { createProduct } from "../support/factories";
import { rawRequest } from "../support/http";
import { setUpMercadoPagoStore } from "../support/mercadopago-store";
import { checkoutBody } from "../support/orders";
import { htmlText } from "../support/page-text";
import { signUpBuyer } from "../support/test-context";

// A boleto's due date and linha digitável (issue 51): read from Mercado Pago's answer, kept with
// the order's payment, and shown on the order's page for the customer to pay it at a bank.
const setup = setUpMercadoPagoStore({ BOLETO_EXPIRES_DAYS: "3" });
const { store, webhookUrl } = setup;

/** A new buyer's card order of one R$ 259,90 product, and its Mercado Pago preference. */
async function placeCardOrder() {
  const buyer = await signUpBuyer(store);
  const product = await createProduct(store.database.db, { priceCents: 25_990, stock: 5 });
  const body = { ...checkoutBody(buyer, [{ id: product.id, quantity: 1 }]), paymentMethod: "card" };
  const answer = await postCheckout(store.context, buyer, body);
  expect(answer).toMatchObject({ status: 200, success: true });
  const [order] = await store.database.db.select().from(orders).where(eq(orders.id, answer.orderId!));
  return { buyer, orderId: order!.id, checkoutId: order!.cardCheckoutId! };
}

/** Mercado Pago notifies the store of a payment; the store has handled it once this returns. */
async function notify(paymentId: string) {
  expect(await setup.mercadoPago.deliverWebhook(webhookUrl(), paymentId)).toBe(200);
  await vi.waitFor(async () => {
    const events = await store.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, "mercadopago"), eq(paymentEvents.chargeId, paymentId)));
    expect(events.every((event) => event.processedAt !== null)).toBe(true);
  });
}

const pageOf = async (orderId: string, buyer: { cookie: string }) =>
  htmlText(
    (await rawRequest(store.url, `/payment/card/${orderId}`, { headers: { cookie: buyer.cookie } })).body,
  );

describe("a boleto issued by Mercado Pago", () => {
  it("keeps its due date and linha digitável from the payment's answer, and shows them on the order's page", async () => {
    const { buyer, orderId, checkoutId } = await placeCardOrder();
    const boleto = setup.mercadoPago.pay(checkoutId, { status: "pending", methodType: "ticket" });
    await notify(boleto);

    // What Mercado Pago answered for the payment: its due date and its line.
    const answered = (await (
      await fetch(`${setup.mercadoPago.url}/v1/payments/${boleto}`, {
        headers: { Authorization: `Bearer ${store.context.env.MERCADOPAGO_ACCESS_TOKEN}` },
      })
    ).json()) as { date_of_expiration: string; transaction_details: { digitable_line: string } };
    const stored = await ownBoletoOf(store.database.db, orderId);
    expect(stored).toEqual({
      dueAt: new Date(answered.date_of_expiration),
      digitableLine: answered.transaction_details.digitable_line,
    });
    expect(stored!.digitableLine).toMatch(/^237\d{44}$/);
    // Due in BOLETO_EXPIRES_DAYS.
    expect((stored!.dueAt.getTime() - Date.now()) / 86_400_000).toBeCloseTo(3, 1);

    const text = await pageOf(orderId, buyer);
    expect(text).toContain("Boleto gerado — aguardando pagamento");
    expect(text).toContain(`Vencimento: ${formatDate(stored!.dueAt)}`);
    expect(text).toContain(formatDigitableLine(stored!.digitableLine!));
    expect(text).toContain("Copiar linha digitável");
  });

  it("is cleared when a card payment is recorded after it, and the page shows no stale line", async () => {
    const { buyer, orderId, checkoutId } = await placeCardOrder();
    await notify(setup.mercadoPago.pay(checkoutId, { status: "pending", methodType: "ticket" }));
    expect(await ownBoletoOf(store.database.db, orderId)).not.toBeNull();

    await notify(setup.mercadoPago.pay(checkoutId, { status: "rejected" }));
    expect(await ownBoletoOf(store.database.db, orderId)).toBeNull();
    const text = await pageOf(orderId, buyer);
    expect(text).toContain("Pagamento recusado");
    expect(text).not.toContain("Linha digitável");
  });
});

describe("an unpaid boleto's reminder", () => {
  const DAY_MS = 86_400_000;
  const remindAfter = (days: number) =>
    queuePaymentReminders(
      {
        db: store.database.db,
        env: store.context.env,
        store: orderMailStoreOf(store.database.db, store.context.env, store.url),
      },
      new Date(Date.now() + days * DAY_MS),
    );
  const remindersOf = (orderId: string) =>
    store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `payment-reminder:${orderId}`));

  it("goes once, a day before its due date, with its line, the due date and 'Pagar agora'", async () => {
    const { orderId, checkoutId } = await placeCardOrder();
    await notify(setup.mercadoPago.pay(checkoutId, { status: "pending", methodType: "ticket" }));
    const boleto = (await ownBoletoOf(store.database.db, orderId))!;
    await remindAfter(1);
    expect(await remindersOf(orderId)).toEqual([]);

    await remindAfter(2.1);
    await remindAfter(2.5);
    const [reminder, ...more] = await remindersOf(orderId);
    expect(more).toEqual([]);
    expect(reminder!.subject).toBe(`Seu boleto vence em breve: pedido #${orderId.slice(0, 8).toUpperCase()}`);
    expect(reminder!.text).toContain(`O boleto vence em ${formatDate(boleto.dueAt)}.`);
    expect(reminder!.text).toContain(formatDigitableLine(boleto.digitableLine!));
    expect(reminder!.text).toContain(`Pagar agora: ${store.url}/payment/card/${orderId}`);
  });
});
