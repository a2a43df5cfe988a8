import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { profiles, users } from "../../db/schema.server";
import { firstName } from "../../lib/first-name";

/**
 * How the store addresses a customer in an e-mail or signs their review: their account's e-mail,
 * and the first of their names (the profile's, else the account's; 'Cliente' without either).
 */
export async function customerContact(
  db: Database,
  userId: string,
): Promise<{ email: string; firstName: string } | null> {
  const [row] = await db
    .select({ email: users.email, accountName: users.name, profileName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return { email: row.email, firstName: firstName(row.profileName || row.accountName) || "Cliente" };
}
