import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderRefunds, orders, payments } from "../../app/db/schema.server";
import { createOrder, createProduct, createUser, type TestProduct } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Until the app writes payments itself, every write of an order's payment columns (this release's,
// or the previous release's during a rolling deploy) reaches the order's row of `payments` through
// migration 0030's trigger, in the store's own words.

let database: TestDatabase;
let product: TestProduct;
let userId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  product = await createProduct(database.db, { priceCents: 10_000 });
  userId = (await createUser(database.db)).id;
});
afterAll(() => database.destroy());

type OrderWrite = Partial<typeof orders.$inferInsert>;
type PaymentRow = typeof payments.$inferSelect;

const pixCharge: OrderWrite = { pixProvider: "sandbox", pixChargeId: "cob-1", pixBrCode: "000201-codigo" };
const cardCheckout: OrderWrite = {
  paymentMethod: "card",
  cardProvider: "mercadopago",
  cardCheckoutId: "pref-1",
  cardCheckoutUrl: "https://mp.example/checkout/pref-1",
};
const paid: OrderWrite = { paymentStatus: "paid", paidAt: sql`now()` as unknown as Date };
const approvedCard: OrderWrite = {
  ...cardCheckout,
  ...paid,
  cardPaymentId: "pay-9",
  cardPaymentStatus: "approved",
  cardPaymentType: "credit_card",
  cardInstallments: 3,
};

const cases: { name: string; write: OrderWrite; expected: Partial<PaymentRow> }[] = [
  {
    name: "a PIX charge waiting",
    write: pixCharge,
    expected: {
      method: "pix",
      provider: "sandbox",
      providerPaymentId: expect.stringMatching(/^cob-1-/),
      brCode: "000201-codigo",
      status: "pending",
      providerStatus: "ACTIVE",
      receivedCents: 0,
      settlesOrder: false,
    },
  },
  {
    name: "a PIX charge paid",
    write: { ...pixCharge, ...paid, pixStatus: "COMPLETED" },
    expected: { status: "paid", providerStatus: "COMPLETED", receivedCents: 10_000, settlesOrder: true },
  },
  {
    name: "a PIX charge expired, its order cancelled",
    write: { ...pixCharge, pixStatus: "EXPIRED", status: "cancelled" },
    expected: { status: "expired", providerStatus: "EXPIRED", receivedCents: 0 },
  },
  {
    name: "a PIX charge of an order the admin cancelled",
    write: { ...pixCharge, status: "cancelled" },
    expected: { status: "cancelled", providerStatus: "ACTIVE" },
  },
  {
    name: "a PIX charge paid with another amount",
    write: { ...pixCharge, paymentMismatchAt: sql`now()` as unknown as Date, paymentMismatchCents: 100 },
    expected: { status: "paid", receivedCents: 100, settlesOrder: false },
  },
  {
    name: "a PIX payment after the order was cancelled for expiry",
    write: {
      ...pixCharge,
      ...paid,
      pixStatus: "COMPLETED",
      status: "cancelled",
      latePaymentAt: sql`now()` as unknown as Date,
    },
    expected: { status: "paid", receivedCents: 10_000, settlesOrder: true, lateAt: expect.any(Date) },
  },
  {
    name: "a PIX payment disputed (MED)",
    write: {
      ...pixCharge,
      ...paid,
      pixStatus: "COMPLETED",
      disputedAt: sql`now()` as unknown as Date,
      disputeReason: "MED (PIX) — aberta no Woovi",
    },
    expected: {
      status: "disputed",
      receivedCents: 10_000,
      disputedAt: expect.any(Date),
      disputeReason: "MED (PIX) — aberta no Woovi",
    },
  },
  {
    name: "a card checkout not paid yet",
    write: cardCheckout,
    expected: {
      method: "card",
      provider: "mercadopago",
      checkoutId: "pref-1",
      checkoutUrl: "https://mp.example/checkout/pref-1",
      providerPaymentId: null,
      providerStatus: null,
      status: "pending",
    },
  },
  {
    name: "a card payment approved in instalments",
    write: approvedCard,
    expected: {
      providerPaymentId: "pay-9",
      providerStatus: "approved",
      methodType: "credit_card",
      installments: 3,
      status: "paid",
      receivedCents: 10_000,
      settlesOrder: true,
    },
  },
  {
    name: "a card refused",
    write: { ...cardCheckout, cardPaymentId: "pay-1", cardPaymentStatus: "rejected" },
    expected: { status: "failed", providerStatus: "rejected", settlesOrder: false },
  },
  {
    name: "a boleto waiting",
    write: {
      ...cardCheckout,
      cardPaymentId: "pay-2",
      cardPaymentStatus: "pending",
      cardPaymentType: "ticket",
    },
    expected: { status: "pending", methodType: "ticket", providerStatus: "pending" },
  },
  {
    name: "a boleto not paid by its due date",
    write: {
      ...cardCheckout,
      cardPaymentId: "pay-3",
      cardPaymentStatus: "cancelled",
      cardPaymentType: "ticket",
    },
    expected: { status: "cancelled", providerStatus: "cancelled" },
  },
];

/** The write with its own PIX charge id: a charge belongs to one order. */
function ownCharge(write: OrderWrite): OrderWrite {
  return write.pixChargeId ? { ...write, pixChargeId: `${write.pixChargeId}-${randomUUID()}` } : write;
}

async function paymentsOf(orderId: string) {
  return database.db.select().from(payments).where(eq(payments.orderId, orderId));
}

describe("an order's payment, as written on the order", () => {
  it.each(cases)(
    "is one payment of the order's total, placed or updated: $name",
    async ({ write, expected }) => {
      // Written at placing (an insert) and afterwards (an update): the same payment either way.
      const placed = await createOrder(database.db, {
        userId,
        lines: [{ product, quantity: 1 }],
        overrides: ownCharge(write),
      });
      const updated = await createOrder(database.db, { userId, lines: [{ product, quantity: 1 }] });
      await database.db.update(orders).set(ownCharge(write)).where(eq(orders.id, updated.id));
      for (const order of [placed, updated]) {
        const rows = await paymentsOf(order.id);
        expect(rows).toEqual([
          expect.objectContaining({
            id: order.id,
            orderId: order.id,
            amountCents: 10_000,
            refundedCents: 0,
            mirrorsOrder: true,
            ...expected,
          }),
        ]);
      }
    },
  );

  it("keeps a refund the previous release records on the order's payment, counted once confirmed", async () => {
    const order = await createOrder(database.db, {
      userId,
      lines: [{ product, quantity: 1 }],
      overrides: ownCharge({ ...pixCharge, ...paid, pixStatus: "COMPLETED" }),
    });
    const refund = (amountCents: number, status: "pending" | "confirmed") =>
      database.db
        .insert(orderRefunds)
        .values({
          id: randomUUID(),
          orderId: order.id,
          amountCents,
          reason: "Arranhão na caixa",
          origin: "admin",
          provider: "sandbox",
          status,
          confirmedAt: status === "confirmed" ? new Date() : null,
        })
        .returning();
    const [asked] = await refund(4_000, "pending");
    expect(asked!.paymentId).toBe(order.id);
    expect(await paymentsOf(order.id)).toEqual([
      expect.objectContaining({ status: "paid", refundedCents: 0 }),
    ]);

    await database.db
      .update(orderRefunds)
      .set({ status: "confirmed", confirmedAt: new Date() })
      .where(eq(orderRefunds.id, asked!.id));
    expect(await paymentsOf(order.id)).toEqual([
      expect.objectContaining({ status: "partially_refunded", refundedCents: 4_000 }),
    ]);
    await refund(6_000, "confirmed");
    expect(await paymentsOf(order.id)).toEqual([
      expect.objectContaining({ status: "refunded", receivedCents: 10_000, refundedCents: 10_000 }),
    ]);
  });

  it("goes with its order when the order is deleted (an erased account's unpaid orders)", async () => {
    const order = await createOrder(database.db, {
      userId,
      lines: [{ product, quantity: 1 }],
      overrides: ownCharge(pixCharge),
    });
    await database.db.delete(orders).where(eq(orders.id, order.id));
    expect(await paymentsOf(order.id)).toEqual([]);
  });
});
