import { and, eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { paymentDeps } from "../../app/context.server";
import { mailOutbox, orderRefunds, orders, paymentEvents } from "../../app/db/schema.server";
import { processChargeEvents } from "../../app/domain/orders/charge-events.server";
import { storefrontSettings } from "../../app/domain/store-settings/store-settings.server";
import { loader as adminOrderLoader } from "../../app/routes/admin/order";
import { loader as adminOrdersLoader } from "../../app/routes/admin/orders";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { placeOrderThroughCheckout } from "../support/checkout";
import { paymentEndToEndId } from "../support/fake-woovi-server";
import { setUpTestStore } from "../support/test-context";
import { setUpFakeWoovi } from "../support/woovi-context";

// A PIX payment disputed at Woovi (a MED, issue 29): the store asks Woovi which charge the disputed
// payment paid, flags that order 'em disputa' for the shop and e-mails it; nothing is refunded.
const store = setUpTestStore();
const woovi = setUpFakeWoovi(store);
let admin: TestAdmin;

beforeAll(async () => {
  admin = await signedInAdmin(store.context);
});

/** Woovi posts a signed webhook to the store's route, and the store has handled it once this returns. */
async function deliver(signed: { body: string; signature: string }, subject: string) {
  expect(await woovi.postWebhook(signed.body, signed.signature)).toBe(200);
  await vi.waitFor(async () => {
    const events = await store.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, "woovi"), eq(paymentEvents.chargeId, subject)));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.processedAt !== null)).toBe(true);
  });
}

/** A new buyer's order, paid at Woovi and reported so by its webhook. */
async function paidOrder(): Promise<string> {
  const { orderId } = await placeOrderThroughCheckout(store, woovi.context, {
    product: { priceCents: 45_990, stock: 3 },
  });
  woovi.server.complete(orderId);
  await deliver(woovi.server.signedWebhook("OPENPIX:CHARGE_COMPLETED", orderId), orderId);
  expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid", pixStatus: "COMPLETED" });
  return orderId;
}

/** Woovi reports a dispute of the payment of the order's charge. */
const disputeOf = (event: string, orderId: string) =>
  deliver(woovi.server.signedDisputeWebhook(event, orderId), paymentEndToEndId(orderId));

const orderOf = async (id: string) =>
  (await store.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const disputeMailsOf = (orderId: string) =>
  store.database.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `order-dispute:${orderId}:%`))
    .orderBy(mailOutbox.id);
const refundsOf = (orderId: string) =>
  store.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
const transactionLookups = (orderId: string) =>
  woovi.server.requests.filter(
    (request) => request.path === `/api/v1/transaction/${paymentEndToEndId(orderId)}`,
  );

const adminOrderPage = (orderId: string) =>
  adminOrderLoader({
    request: adminRequest(admin, `/admin/orders/${orderId}`),
    context: store.context,
    params: { orderId },
  } as Parameters<typeof adminOrderLoader>[0]);
const adminListRow = async (orderId: string) => {
  const { orders: rows } = await adminOrdersLoader({
    request: adminRequest(admin, `/admin/orders?q=${orderId.slice(0, 8)}`),
    context: store.context,
    params: {},
  } as Parameters<typeof adminOrdersLoader>[0]);
  return rows.find((row) => row.id === orderId);
};

describe("a dispute (MED) Woovi reports of a PIX payment", () => {
  it("flags the order it paid 'em disputa', refunds nothing and e-mails the store; the panel shows it", async () => {
    const orderId = await paidOrder();
    await disputeOf("OPENPIX:DISPUTE_CREATED", orderId);

    expect(transactionLookups(orderId)).toHaveLength(1);
    const order = await orderOf(orderId);
    expect(order).toMatchObject({
      disputeReason: "MED (PIX) — aberta no Woovi",
      paymentStatus: "paid",
      pixStatus: "COMPLETED",
      refundedCents: 0,
    });
    expect(order.disputedAt).toBeInstanceOf(Date);
    expect(await refundsOf(orderId)).toEqual([]);
    expect(woovi.server.refundsOf(orderId)).toEqual([]);

    const mails = await disputeMailsOf(orderId);
    expect(mails).toHaveLength(1);
    const { contacts } = await storefrontSettings(store.database.db, store.context.env);
    expect(mails[0]).toMatchObject({
      recipient: contacts.supportEmail,
      subject: `Pedido #${orderId.slice(0, 8).toUpperCase()} em disputa`,
    });
    expect(mails[0]!.text).toContain("Motivo: MED (PIX) — aberta no Woovi");
    expect(mails[0]!.text).toContain("Nada foi reembolsado pela loja.");
    expect(mails[0]!.text).toContain(`/admin/orders/${orderId}`);

    const { order: shown } = await adminOrderPage(orderId);
    expect(shown.disputeText).toMatch(
      /^MED \(PIX\) — aberta no Woovi \(desde \d\d\/\d\d\/\d{4} às \d\d:\d\d\)$/,
    );
    expect(await adminListRow(orderId)).toMatchObject({ disputed: true, paid: true });
  });

  it("keeps the order flagged when the dispute ends, with its outcome, whatever order the news come in", async () => {
    const orderId = await paidOrder();
    await disputeOf("OPENPIX:DISPUTE_CREATED", orderId);
    const openedAt = (await orderOf(orderId)).disputedAt;

    await disputeOf("woovi:DISPUTE_REJECTED", orderId);
    expect(await orderOf(orderId)).toMatchObject({
      disputedAt: openedAt,
      disputeReason: "MED (PIX) — rejeitada, encerrada",
      refundedCents: 0,
    });
    expect((await disputeMailsOf(orderId)).map((mail) => /^Motivo: .*$/m.exec(mail.text)?.[0])).toEqual([
      "Motivo: MED (PIX) — aberta no Woovi",
      "Motivo: MED (PIX) — rejeitada, encerrada",
    ]);

    // The opening, delivered late under Woovi's other name, does not hide the outcome.
    const late = await paidOrder();
    await disputeOf("OPENPIX:DISPUTE_CANCELED", late);
    await disputeOf("woovi:DISPUTE_CREATED", late);
    expect(await orderOf(late)).toMatchObject({ disputeReason: "MED (PIX) — cancelada, encerrada" });
    expect(await disputeMailsOf(late)).toHaveLength(1);
    expect(await refundsOf(late)).toEqual([]);
  });

  it("asks Woovi again later when it cannot be reached, and flags the order then", async () => {
    const orderId = await paidOrder();
    const subject = paymentEndToEndId(orderId);
    woovi.server.failNext(503);
    const { body, signature } = woovi.server.signedDisputeWebhook("OPENPIX:DISPUTE_CREATED", orderId);
    expect(await woovi.postWebhook(body, signature)).toBe(200);
    const eventOf = async () =>
      (await store.database.db.select().from(paymentEvents).where(eq(paymentEvents.chargeId, subject)))[0]!;
    await vi.waitFor(async () => expect((await eventOf()).attempts).toBe(1));
    expect(await eventOf()).toMatchObject({ processedAt: null, gaveUpAt: null });
    expect(await orderOf(orderId)).toMatchObject({ disputedAt: null });

    // The pause before the next check has passed (instead of waiting for it).
    await store.database.db
      .update(paymentEvents)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(paymentEvents.chargeId, subject));
    await processChargeEvents(paymentDeps(woovi.context));
    expect((await eventOf()).processedAt).toBeInstanceOf(Date);
    expect(await orderOf(orderId)).toMatchObject({ disputeReason: "MED (PIX) — aberta no Woovi" });
    expect(await disputeMailsOf(orderId)).toHaveLength(1);
  });

  it("changes nothing when its signature is forged", async () => {
    const orderId = await paidOrder();
    const { body } = woovi.server.signedDisputeWebhook("OPENPIX:DISPUTE_CREATED", orderId);
    const { signature: otherSignature } = woovi.server.signedDisputeWebhook(
      "OPENPIX:DISPUTE_CANCELED",
      orderId,
    );
    expect(await woovi.postWebhook(body, otherSignature)).toBe(401);

    const kept = await store.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.chargeId, paymentEndToEndId(orderId)));
    expect(kept).toEqual([]);
    expect(await orderOf(orderId)).toMatchObject({ disputedAt: null, disputeReason: null });
    expect(await disputeMailsOf(orderId)).toEqual([]);
    expect(transactionLookups(orderId)).toEqual([]);
  });

  it("changes nothing when Woovi knows no paid charge of the disputed payment", async () => {
    const paid = await paidOrder();
    // A payment no charge of the store's has, and the charge of an order not paid.
    const { orderId: unpaid } = await placeOrderThroughCheckout(store, woovi.context);
    await disputeOf("OPENPIX:DISPUTE_CREATED", "pagamento-desconhecido");
    await disputeOf("OPENPIX:DISPUTE_CREATED", unpaid);

    expect(transactionLookups("pagamento-desconhecido")).toHaveLength(1);
    for (const orderId of [paid, unpaid]) {
      expect(await orderOf(orderId)).toMatchObject({ disputedAt: null, disputeReason: null });
      expect(await disputeMailsOf(orderId)).toEqual([]);
    }
  });
});
