import type { Transaction } from "../../db/client.server";
import { adminAuditLog } from "../../db/schema.server";
import type { AuditTarget } from "./audit-targets";

/**
 * Who made an admin write: kept by e-mail too, so the record outlives the account. A command run
 * on the server (`npm run products`) has no account: its id is null.
 */
export interface AdminActor {
  id: string | null;
  email: string;
}

export interface AdminWrite {
  /** What was done, for instance `product.update` or `user.role`. */
  action: string;
  targetType: AuditTarget;
  targetId: string | number;
  /** What the target was before and after (null when it did not exist). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Records an admin write in the audit log, in the transaction that makes the write: a write and
 * its record are kept or lost together.
 */
export async function recordAdminWrite(tx: Transaction, actor: AdminActor, write: AdminWrite): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminId: actor.id,
    adminEmail: actor.email,
    action: write.action,
    targetType: write.targetType,
    targetId: String(write.targetId),
    before: write.before,
    after: write.after,
  });
}
