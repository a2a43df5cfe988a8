import { hashPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { accounts, userRoles, users } from "../../db/schema.server";
import type { Role } from "./session.server";

export interface AdminCredentials {
  email: string;
  password: string;
}

type Executor = Pick<Database, "select">;

/**
 * Creates the configured first admin when no account has that e-mail. An account that already
 * has it keeps its password, and is never promoted here: whoever registered the address first
 * (perhaps not the owner) would otherwise become admin by a restart. The owner promotes it with
 * `npm run admin -- promote`.
 */
export async function ensureAdminAccount(
  db: Database,
  credentials: AdminCredentials,
): Promise<"created" | "admin" | "not-admin"> {
  const email = normalizeEmail(credentials.email);
  const existing = await findUserId(db, email);
  if (existing) return (await isAdmin(db, existing)) ? "admin" : "not-admin";
  const passwordHash = await hashPassword(credentials.password);
  await db.transaction(async (tx) => {
    const userId = crypto.randomUUID();
    await tx.insert(users).values({ id: userId, name: "Administrador", email, emailVerified: true });
    // The auth library's e-mail/password account: provider "credential", account id = user id.
    await tx.insert(accounts).values({
      id: crypto.randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: passwordHash,
    });
    await tx.insert(userRoles).values({ userId, role: "admin" });
  });
  return "created";
}

export type PromoteResult = "promoted" | "already-admin" | "no-account";

export async function promoteToAdmin(db: Database, email: string): Promise<PromoteResult> {
  const userId = await findUserId(db, normalizeEmail(email));
  if (!userId) return "no-account";
  const change = await db.transaction((tx) => setUserRole(tx, userId, "admin"));
  return change === "changed" ? "promoted" : "already-admin";
}

export type DemoteResult = "demoted" | "not-admin" | "last-admin" | "no-account";

/** Takes the admin role away, unless it is the last admin: the store always keeps one. */
export async function demoteAdmin(db: Database, email: string): Promise<DemoteResult> {
  const userId = await findUserId(db, normalizeEmail(email));
  if (!userId) return "no-account";
  const change = await db.transaction((tx) => setUserRole(tx, userId, "user"));
  return change === "changed" ? "demoted" : change === "unchanged" ? "not-admin" : change;
}

export type RoleChange = "changed" | "unchanged" | "last-admin";

/**
 * Gives an account exactly `role`, in the caller's transaction, as the spec does it: the
 * account's roles removed, then the new one inserted unless it is `user` (no row means user).
 * The last admin keeps the role: the admins' rows are locked first, so two demotions at once
 * cannot both pass the "another admin remains" test.
 */
export async function setUserRole(tx: Transaction, userId: string, role: Role): Promise<RoleChange> {
  const admins = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, "admin"))
    .for("update");
  const wasAdmin = admins.some((admin) => admin.userId === userId);
  if (wasAdmin === (role === "admin")) return "unchanged";
  if (wasAdmin && admins.length === 1) return "last-admin";
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (role !== "user") await tx.insert(userRoles).values({ userId, role });
  return "changed";
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function findUserId(db: Executor, email: string): Promise<string | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user?.id ?? null;
}

async function isAdmin(db: Executor, userId: string): Promise<boolean> {
  const [role] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
  return Boolean(role);
}
