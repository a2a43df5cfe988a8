import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminAuditLog,
  orders,
  orderStatusHistory,
  pixChargeCancellations,
} from "../../app/db/schema.server";
import { moveOrder, type MoveBy, type MoveRequest } from "../../app/domain/orders/move-order.server";
import { ORDER_MOVES, type OrderActor, type OrderMove } from "../../app/domain/orders/order-lifecycle";
import type { OrderMailStore } from "../../app/domain/orders/order-mail-store.server";
import { ORDER_STATUSES } from "../../app/lib/order-statuses";
import { createOrder, createProduct, createUser, stockOf, type TestProduct } from "../support/factories";
import { ownStoreSettings } from "../support/store-settings";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Issue 50: every move of an order, whoever makes it, goes through `moveOrder`, which checks the
// table of moves (order-lifecycle.ts) and writes the move, its history and its audit entry.

let database: TestDatabase;
let product: TestProduct;
let customer: { id: string; email: string };
let admin: { id: string; email: string };
beforeAll(async () => {
  database = await createTestDatabase();
  product = await createProduct(database.db, { priceCents: 10_000, stock: 50 });
  customer = await createUser(database.db);
  admin = await createUser(database.db);
});
afterAll(() => database.destroy());

const store: OrderMailStore = { url: "https://loja.example", settings: ownStoreSettings() };
const MOVES = Object.keys(ORDER_MOVES) as OrderMove[];

function byOf(actor: OrderActor): MoveBy {
  if (actor === "admin") return { actor, admin };
  if (actor === "customer") return { actor, userId: customer.id };
  return { actor };
}

const move = (request: Omit<MoveRequest, "store">) =>
  database.db.transaction((tx) => moveOrder(tx, { ...request, store } as MoveRequest));

async function historyOf(orderIds: string[]) {
  return database.db
    .select({ orderId: orderStatusHistory.orderId, changedBy: orderStatusHistory.changedBy })
    .from(orderStatusHistory)
    .where(inArray(orderStatusHistory.orderId, orderIds));
}

async function auditOf(orderId: string) {
  return database.db
    .select({ action: adminAuditLog.action, after: adminAuditLog.after, adminId: adminAuditLog.adminId })
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, orderId));
}

describe("a move not in the table of moves", () => {
  it("is refused for every actor, from every status, paid or not, and writes nothing", async () => {
    const placed = await Promise.all(
      ORDER_STATUSES.flatMap((status) =>
        [false, true].map((paid) =>
          createOrder(database.db, {
            userId: customer.id,
            lines: [{ product, quantity: 1 }],
            paid,
            overrides: { status, trackingCode: "AA123456789BR" },
          }),
        ),
      ),
    );
    const actors: OrderActor[] = ["admin", "customer", "provider", "job"];
    let refused = 0;
    for (const order of placed) {
      for (const name of MOVES) {
        for (const actor of actors) {
          const { from, by } = ORDER_MOVES[name];
          if ((from as readonly string[]).includes(order.status) && actor in by) continue;
          const result = await move({ orderId: order.id, move: name, by: byOf(actor) });
          expect(result, `${name} by ${actor} from ${order.status}`).toMatchObject({
            ok: false,
            code: "refused",
            message: expect.stringMatching(
              /^(Não é possível mudar|O pedido já está|Este pedido não pode|Esta mudança não pode)/,
            ),
          });
          refused += 1;
        }
      }
    }
    // Every status has moves it cannot make: most combinations are refused.
    expect(refused).toBeGreaterThan(400);
    const after = await database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((order) => order.id),
        ),
      );
    expect(after.toSorted((a, b) => a.id.localeCompare(b.id))).toEqual(
      placed.map(({ id, status }) => ({ id, status })).toSorted((a, b) => a.id.localeCompare(b.id)),
    );
    expect(await historyOf(placed.map((order) => order.id))).toEqual([]);
    expect(await stockOf(database.db, product.id)).toBe(50);
  });

  it("is refused for an order that does not exist", async () => {
    expect(
      await move({ orderId: "00000000-0000-4000-8000-000000000000", move: "cancel", by: { actor: "job" } }),
    ).toEqual({ ok: false, code: "not-found", message: "Pedido não encontrado" });
  });
});

describe("a move in the table", () => {
  const placeOrder = (paid: boolean, overrides: Partial<typeof orders.$inferInsert> = {}) =>
    createOrder(database.db, { userId: customer.id, lines: [{ product, quantity: 2 }], paid, overrides });

  it("by the store itself cancels an unpaid order: stock back, its charge queued to close, 'Sistema' in the history", async () => {
    const stock = await stockOf(database.db, product.id);
    for (const actor of ["job", "provider"] as const) {
      const order = await placeOrder(false, { pixProvider: "sandbox", pixChargeId: `cob-${actor}` });
      expect(await move({ orderId: order.id, move: "cancel", by: { actor } })).toEqual({
        ok: true,
        from: "pending",
        to: "cancelled",
        paid: false,
      });
      expect(await historyOf([order.id])).toEqual([{ orderId: order.id, changedBy: null }]);
      expect(await auditOf(order.id)).toEqual([]);
      const queued = await database.db
        .select({ chargeId: pixChargeCancellations.chargeId })
        .from(pixChargeCancellations)
        .where(eq(pixChargeCancellations.orderId, order.id));
      expect(queued).toEqual([{ chargeId: `cob-${actor}` }]);
    }
    expect(await stockOf(database.db, product.id)).toBe(stock + 4);
  });

  it("by the store itself refuses to cancel a paid order, saying why", async () => {
    const order = await placeOrder(true);
    for (const actor of ["job", "provider", "customer"] as const) {
      expect(await move({ orderId: order.id, move: "cancel", by: byOf(actor) })).toEqual({
        ok: false,
        code: "refused",
        message: "Pedido já pago",
      });
    }
    expect(await historyOf([order.id])).toEqual([]);
  });

  it("by an admin is kept in the history and the audit log under their name", async () => {
    const order = await placeOrder(true);
    expect(await move({ orderId: order.id, move: "prepare", by: byOf("admin") })).toMatchObject({
      ok: true,
      to: "processing",
    });
    expect(await historyOf([order.id])).toEqual([{ orderId: order.id, changedBy: admin.id }]);
    expect(await auditOf(order.id)).toEqual([
      { action: "order.status", after: { status: "processing" }, adminId: admin.id },
    ]);
  });

  it("by the customer is theirs in the history; a withdrawal is audited with its reason", async () => {
    const unpaid = await placeOrder(false);
    expect(await move({ orderId: unpaid.id, move: "cancel", by: byOf("customer") })).toMatchObject({
      ok: true,
    });
    expect(await historyOf([unpaid.id])).toEqual([{ orderId: unpaid.id, changedBy: customer.id }]);
    expect(await auditOf(unpaid.id)).toEqual([]);

    const paid = await placeOrder(true);
    expect(
      await move({ orderId: paid.id, move: "withdraw", by: byOf("customer"), reason: "Comprei errado" }),
    ).toMatchObject({ ok: true, to: "cancelled", paid: true });
    expect(await auditOf(paid.id)).toEqual([
      {
        action: "order.withdrawal",
        after: { status: "cancelled", reason: "Comprei errado" },
        adminId: customer.id,
      },
    ]);
  });
});
