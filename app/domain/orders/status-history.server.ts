import type { Transaction } from "../../db/client.server";
import { orderStatusHistory } from "../../db/schema.server";
import type { OrderStatus } from "./order-status";

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
