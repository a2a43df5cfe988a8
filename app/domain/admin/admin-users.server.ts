import { count, desc, eq, ilike, like, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { profiles, userRoles, users } from "../../db/schema.server";
import { containsPattern } from "../../lib/like-pattern";
import { compactTaxId } from "../../lib/tax-id";
import { setUserRole } from "../accounts/admin-account.server";
import type { Role } from "../accounts/session.server";
import { recordAdminWrite, type AdminActor } from "../audit/audit.server";
import { ADMIN_PAGE_SIZE, pageWithin, type ListingQuery } from "./listing";
import type { Outcome } from "../../lib/outcome";

export interface ListedUser {
  id: string;
  /** The profile's full name, else the account's name. */
  name: string;
  email: string;
  /** Digits only; null before the profile exists. */
  phone: string | null;
  taxpayer: "PF" | "PJ" | null;
  /** The CPF or CNPJ as stored (digits, or upper-case letters and digits); null without a profile. */
  taxId: string | null;
  createdAt: Date;
  role: Role;
}

export interface UsersPage {
  users: ListedUser[];
  matching: number;
  page: number;
  pageCount: number;
}

/**
 * A search typed like (part of) a CPF or CNPJ: letters, digits and the masks' separators, with one
 * digit at least (a name or a word alone is not searched among the numbers).
 */
const TAX_ID_SEARCH = /^(?=.*\d)[\dA-Za-z.\-/\s]+$/;

/**
 * Every account, newest first, 20 a page; `q` finds a name or an e-mail, any part of it, or a
 * CPF or CNPJ, any part of it, masked or not and in either case ("12.abc.345" finds 12ABC34501DE35).
 */
export async function listUsers(db: Database, query: ListingQuery): Promise<UsersPage> {
  const pattern = containsPattern(query.q);
  const taxIdPattern = TAX_ID_SEARCH.test(query.q) ? containsPattern(compactTaxId(query.q)) : undefined;
  const where = query.q
    ? or(
        ilike(users.email, pattern),
        ilike(users.name, pattern),
        ilike(profiles.fullName, pattern),
        ...(taxIdPattern ? [like(profiles.cpf, taxIdPattern), like(profiles.cnpj, taxIdPattern)] : []),
      )
    : undefined;
  const [matching] = await db
    .select({ value: count() })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(where);
  const { page, pageCount } = pageWithin(query.page, matching!.value);
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(${profiles.fullName}, ${users.name})`,
      email: users.email,
      phone: profiles.phone,
      taxpayer: profiles.userType,
      taxId: sql<string | null>`coalesce(${profiles.cpf}, ${profiles.cnpj})`,
      createdAt: users.createdAt,
      admin: sql<boolean>`exists (select from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return {
    users: rows.map(({ admin, ...user }) => ({ ...user, role: admin ? "admin" : "user" })),
    matching: matching!.value,
    page,
    pageCount,
  };
}

export const ROLE_MESSAGES = {
  changed: "Permissão atualizada com sucesso!",
  failed: "Erro ao atualizar permissão",
  lastAdmin: "Não é possível remover o último administrador",
  noUser: "Usuário não encontrado",
} as const;

export type RoleOutcome = Outcome<{ message: string }>;

/**
 * Gives an account the role Usuário or Admin, and records it in the audit log in the same
 * transaction. The store always keeps one admin: the last one cannot give up the role.
 */
export async function changeUserRole(
  db: Database,
  actor: AdminActor,
  change: { userId: string; role: Role },
): Promise<RoleOutcome> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, change.userId));
    if (!user) return { ok: false, message: ROLE_MESSAGES.noUser };
    const outcome = await setUserRole(tx, user.id, change.role);
    if (outcome === "last-admin") return { ok: false, message: ROLE_MESSAGES.lastAdmin };
    if (outcome === "changed") {
      await recordAdminWrite(tx, actor, {
        action: "user.role",
        targetType: "user",
        targetId: user.id,
        // Two roles: a change leaves the other one behind.
        before: { role: change.role === "admin" ? "user" : "admin" },
        after: { role: change.role },
      });
    }
    return { ok: true, message: ROLE_MESSAGES.changed };
  });
}
