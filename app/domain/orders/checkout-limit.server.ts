import type { SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { attemptsUsedUp, attemptsUsedUpCondition, consumeAttempt } from "../rate-limit.server";

/**
 * Refused checkouts one customer may make per minute. Orders that go through are not limited
 * (a shop wants them); refusals are, so nobody can probe stock, prices or addresses at speed.
 */
const REFUSED_CHECKOUT_LIMIT = { windowSeconds: 60, max: 20 };

const keyOf = (userId: string) => `${userId}|/api/create-payment`;

export const TOO_MANY_CHECKOUTS = "Muitas tentativas. Aguarde um minuto e tente novamente.";

/** Whether the customer has used up their refused checkouts for now. */
export function checkoutPaused(db: Database, userId: string): Promise<boolean> {
  return attemptsUsedUp(db, keyOf(userId), REFUSED_CHECKOUT_LIMIT);
}

/** The same, as a condition the statement that places an order checks before it writes. */
export function checkoutPausedCondition(userId: string): SQL {
  return attemptsUsedUpCondition(keyOf(userId), REFUSED_CHECKOUT_LIMIT);
}

/** Counts a refused checkout of the customer's. */
export async function countRefusedCheckout(db: Database, userId: string): Promise<void> {
  await consumeAttempt(db, keyOf(userId), REFUSED_CHECKOUT_LIMIT);
}
