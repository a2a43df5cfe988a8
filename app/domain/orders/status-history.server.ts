import { asc, eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { orderStatusHistory, users } from "../../db/schema.server";
import type { OrderStatus } from "./order-lifecycle";

export interface StatusChange {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
}

/**
 * Keeps each change of an order's status, in the transaction that makes it: who (an admin's id,
 * or null for the store itself, such as an expired charge), when, from and to.
 */
export async function recordStatusChanges(
  tx: Transaction,
  changedBy: string | null,
  changes: StatusChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(orderStatusHistory).values(
    changes.map((change) => ({
      orderId: change.orderId,
      changedBy,
      fromStatus: change.from,
      toStatus: change.to,
    })),
  );
}

export interface StatusHistoryEntry {
  id: number;
  at: Date;
  from: OrderStatus;
  to: OrderStatus;
  /** Who made the change: an admin's e-mail, 'Cliente' (the order's customer) or 'Sistema'. */
  who: string;
}

/**
 * An order's status changes, oldest first. A change by no one is the store's own (an expired
 * charge); one by the order's customer is theirs (they deleted it unpaid); any other is an admin's.
 */
export async function listStatusHistory(
  db: Database,
  order: { id: string; userId: string | null },
): Promise<StatusHistoryEntry[]> {
  const rows = await db
    .select({
      id: orderStatusHistory.id,
      at: orderStatusHistory.createdAt,
      from: orderStatusHistory.fromStatus,
      to: orderStatusHistory.toStatus,
      changedBy: orderStatusHistory.changedBy,
      email: users.email,
    })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.changedBy))
    .where(eq(orderStatusHistory.orderId, order.id))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
  return rows.map(({ changedBy, email, ...entry }) => ({
    ...entry,
    who: changedBy === null ? "Sistema" : changedBy === order.userId ? "Cliente" : (email ?? "Sistema"),
  }));
}
