import { randomBytes } from "node:crypto";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { adminGatePassword, adminGatePasses } from "../../db/schema.server";
import { clearAttempts, consumeAttempt, giveBackAttempt, type AttemptLimit } from "../rate-limit.server";
import { GATE_MESSAGES } from "./admin-gate";
import type { Outcome } from "../../lib/outcome";

/** Per client address and per account, so neither many accounts nor many addresses help a guess. */
const GATE_ATTEMPTS_PER_CLIENT: AttemptLimit = { windowSeconds: 60, max: 5 };
const GATE_ATTEMPTS_PER_ACCOUNT: AttemptLimit = { windowSeconds: 15 * 60, max: 10 };

/**
 * Keeps the gate's password hash in the database, shared by every instance: the hash of
 * `ADMIN_PANEL_PASSWORD` when it is set (a changed variable replaces the old password), else a
 * password generated once. Returns the generated password the one time it is made, for the
 * shop owner to read in the log; null otherwise.
 */
export async function ensureGatePassword(
  db: Database,
  configured: string | undefined,
): Promise<string | null> {
  const [stored] = await db.select().from(adminGatePassword);
  if (configured) {
    if (stored && (await verifyPassword({ hash: stored.passwordHash, password: configured }))) return null;
    const passwordHash = await hashPassword(configured);
    await db
      .insert(adminGatePassword)
      .values({ passwordHash })
      .onConflictDoUpdate({ target: adminGatePassword.id, set: { passwordHash } });
    return null;
  }
  if (stored) return null;
  const generated = randomBytes(12).toString("base64url");
  // Two instances starting together: only the one whose row is kept shows its password.
  const inserted = await db
    .insert(adminGatePassword)
    .values({ passwordHash: await hashPassword(generated) })
    .onConflictDoNothing()
    .returning({ id: adminGatePassword.id });
  return inserted.length > 0 ? generated : null;
}

export interface GateAttempt {
  sessionId: string;
  userId: string;
  clientIp: string;
  password: string;
}

export type GateOutcome = Outcome<{ message: string }, { status: 400 | 403 | 429 }>;

/**
 * Checks the gate's password for an admin's session and, when it matches, records the pass for
 * that session alone. Wrong passwords are limited per client and per account; the right one does
 * not count (an owner opening the panel in many sessions is not locked out) and clears its
 * client's count. Every attempt is counted before the password is checked and the right one given
 * back after, so attempts sent all at once cannot pass the limit while their checks run.
 */
export async function passAdminGate(db: Database, attempt: GateAttempt): Promise<GateOutcome> {
  if (!attempt.password.trim()) return { ok: false, message: GATE_MESSAGES.blank, status: 400 };
  const clientKey = `admin-gate:ip:${attempt.clientIp}`;
  const accountKey = `admin-gate:user:${attempt.userId}`;
  const withinLimits =
    (await consumeAttempt(db, clientKey, GATE_ATTEMPTS_PER_CLIENT)) &&
    (await consumeAttempt(db, accountKey, GATE_ATTEMPTS_PER_ACCOUNT));
  if (!withinLimits) return { ok: false, message: GATE_MESSAGES.tooMany, status: 429 };

  const [stored] = await db.select({ hash: adminGatePassword.passwordHash }).from(adminGatePassword);
  if (!stored) return { ok: false, message: GATE_MESSAGES.failed, status: 403 };
  if (!(await verifyPassword({ hash: stored.hash, password: attempt.password }))) {
    return { ok: false, message: GATE_MESSAGES.wrong, status: 403 };
  }
  await clearAttempts(db, clientKey);
  await giveBackAttempt(db, accountKey);
  await db.insert(adminGatePasses).values({ sessionId: attempt.sessionId }).onConflictDoNothing();
  return { ok: true, message: GATE_MESSAGES.passed };
}

/** Whether this session's admin has passed the gate. */
export async function gatePassed(db: Database, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ sessionId: adminGatePasses.sessionId })
    .from(adminGatePasses)
    .where(eq(adminGatePasses.sessionId, sessionId));
  return Boolean(row);
}
