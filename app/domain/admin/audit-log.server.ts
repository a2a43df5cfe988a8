import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { adminAuditLog } from "../../db/schema.server";
import { containsPattern } from "../../lib/like-pattern";
import type { AuditTarget } from "../audit/audit-targets";
import { ADMIN_PAGE_SIZE, pageWithin, type ListingQuery } from "./listing";

export interface AuditQuery extends ListingQuery {
  /** Only writes to this kind of record. */
  target?: AuditTarget;
  /** `q` matches the admin's e-mail; this, one record's id. */
  targetId?: string;
}

export interface AuditEntry {
  id: number;
  createdAt: Date;
  adminEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

export interface AuditPage {
  entries: AuditEntry[];
  matching: number;
  page: number;
  pageCount: number;
}

/** The admins' writes, newest first, 20 a page, filtered by kind of record, record and admin. */
export async function listAuditLog(db: Database, query: AuditQuery): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (query.target) conditions.push(eq(adminAuditLog.targetType, query.target));
  if (query.targetId) conditions.push(eq(adminAuditLog.targetId, query.targetId));
  if (query.q) conditions.push(ilike(adminAuditLog.adminEmail, containsPattern(query.q)));
  const where = and(...conditions);
  const [matching] = await db.select({ value: count() }).from(adminAuditLog).where(where);
  const { page, pageCount } = pageWithin(query.page, matching!.value);
  const entries = await db
    .select({
      id: adminAuditLog.id,
      createdAt: adminAuditLog.createdAt,
      adminEmail: adminAuditLog.adminEmail,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
    })
    .from(adminAuditLog)
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { entries, matching: matching!.value, page, pageCount };
}
