import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { accounts, userRoles, users } from "../../db/schema.server";

export interface AdminCredentials {
  email: string;
  password: string;
}

/**
 * Makes sure the configured first admin exists and holds the admin role. An existing account
 * keeps its password: the configured one only seeds a new account.
 */
export async function ensureAdminAccount(
  db: Database,
  credentials: AdminCredentials,
): Promise<"created" | "existing"> {
  const email = credentials.email.toLowerCase();
  const passwordHash = await hashPassword(credentials.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const userId = existing?.id ?? crypto.randomUUID();
    if (!existing) {
      await tx.insert(users).values({ id: userId, name: "Administrador", email, emailVerified: true });
      // The auth library's e-mail/password account: provider "credential", account id = user id.
      await tx.insert(accounts).values({
        id: crypto.randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: passwordHash,
      });
    }
    await tx.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
    return existing ? "existing" : "created";
  });
}
