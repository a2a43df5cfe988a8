import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { backupRuns } from "../../db/schema.server";

export type BackupRun = typeof backupRuns.$inferSelect;

/** Records a scheduled backup: its archive and size, or why it failed (pt-BR). */
export async function recordBackupRun(
  db: Database,
  run: { succeeded: true; file: string; bytes: number } | { succeeded: false; failure: string },
): Promise<void> {
  await db.insert(backupRuns).values(run);
}

/** The last scheduled backup that succeeded and the last that failed, as every instance sees them. */
export async function lastBackupRuns(
  db: Database,
): Promise<{ success: BackupRun | null; failure: BackupRun | null }> {
  const [success, failure] = await Promise.all([lastRun(db, true), lastRun(db, false)]);
  return { success, failure };
}

async function lastRun(db: Database, succeeded: boolean): Promise<BackupRun | null> {
  const [run] = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.succeeded, succeeded))
    .orderBy(desc(backupRuns.createdAt))
    .limit(1);
  return run ?? null;
}
