import { and, eq, gt, gte, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { rateLimits } from "../db/schema.server";

/** At most `max` attempts in a rolling window of `windowSeconds`. */
export interface AttemptLimit {
  windowSeconds: number;
  max: number;
}

/**
 * Counts one attempt under `key` and says whether it is within the limit. The count lives in
 * better-auth's `rate_limits` table (same row shape, same rolling window), in one atomic
 * statement: a window that has passed starts again at 1, and a key at its limit is not counted
 * further (no row comes back), as better-auth does.
 */
export async function consumeAttempt(db: Database, key: string, limit: AttemptLimit): Promise<boolean> {
  const now = Date.now();
  const windowStart = now - limit.windowSeconds * 1000;
  const counted = await db
    .insert(rateLimits)
    .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: now,
      },
      setWhere: sql`${rateLimits.lastRequest} <= ${windowStart} or ${rateLimits.count} < ${limit.max}`,
    })
    .returning({ count: rateLimits.count });
  return counted.length > 0;
}

/**
 * Takes back one attempt counted under `key`, for an attempt that turned out not to be one to
 * limit (e.g. the right password): counting first and giving back after keeps the limit exact
 * when many attempts arrive at once.
 */
export async function giveBackAttempt(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets the attempts counted under `key`. */
export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Whether `key` has used up its attempts in the current window, without counting one. */
export async function attemptsUsedUp(db: Database, key: string, limit: AttemptLimit): Promise<boolean> {
  const [row] = await db.select({ key: rateLimits.key }).from(rateLimits).where(usedUp(key, limit));
  return Boolean(row);
}

/**
 * The same question as a boolean SQL expression, for a statement that must not write when the
 * attempts are used up (and so saves a round trip of its own).
 */
export function attemptsUsedUpCondition(key: string, limit: AttemptLimit): SQL {
  return sql`exists (select from ${rateLimits} where ${usedUp(key, limit)})`;
}

/** The row of `key`, when it holds `max` attempts within the current window. */
function usedUp(key: string, limit: AttemptLimit): SQL | undefined {
  const windowStart = Date.now() - limit.windowSeconds * 1000;
  return and(
    eq(rateLimits.key, key),
    gt(rateLimits.lastRequest, windowStart),
    gte(rateLimits.count, limit.max),
  );
}
