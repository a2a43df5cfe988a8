import type { Database, Transaction } from "../../db/client.server";
import { pixChargeCancellations } from "../../db/schema.server";

/**
 * The charges (or card checkouts) of these cancelled orders, to be cancelled at their provider by
 * a job: the provider is another service, so it is asked outside the transaction. An order whose
 * charge was not created yet has none; its charge is queued when it is recorded (`placeOrder`).
 */
export async function queueChargeCancellations(
  tx: Transaction | Database,
  cancelled: { id: string; provider: string | null; chargeId: string | null }[],
): Promise<void> {
  const charges = cancelled.flatMap(({ id, provider, chargeId }) =>
    provider && chargeId ? [{ provider, chargeId, orderId: id }] : [],
  );
  if (charges.length > 0) await tx.insert(pixChargeCancellations).values(charges).onConflictDoNothing();
}
