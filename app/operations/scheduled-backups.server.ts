import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Env } from "../config/env.server";
import type { DatabaseHandle } from "../db/client.server";
import { lastBackupRuns, recordBackupRun } from "../domain/backups/backup-runs.server";
import { backupOptionsOf, createBackup } from "./create-backup.server";

/** Where, how often and how many: the store's scheduled backups (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP). */
export interface BackupSchedule {
  directory: string;
  everyMs: number;
  keep: number;
}

/** The store's scheduled backups: of its configuration's data, through its open database. */
export interface ScheduledBackups {
  env: Env;
  database: DatabaseHandle;
  schedule: BackupSchedule;
}

/** The scheduled backups the configuration asks for; null without BACKUP_DIR (none). */
export function scheduledBackupsOf(env: Env, database: DatabaseHandle): ScheduledBackups | null {
  if (!env.BACKUP_DIR) return null;
  const schedule = {
    directory: path.resolve(env.BACKUP_DIR),
    everyMs: env.BACKUP_EVERY,
    keep: env.BACKUP_KEEP,
  };
  return { env, database, schedule };
}

/** A failed backup is tried again after BACKUP_EVERY, or after an hour when that is shorter. */
const RETRY_AFTER_FAILURE_MS = 60 * 60_000;

/** The archives the schedule writes and prunes: `vitrine-2026-11-29T03-00-00Z.tar.gz`. */
const ARCHIVE_NAME = /^vitrine-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;

export function archiveNameAt(date: Date): string {
  return `vitrine-${date.toISOString().slice(0, 19).replaceAll(":", "-")}Z.tar.gz`;
}

/**
 * Takes a backup into the schedule's folder when one is due, records it, and deletes the oldest
 * archives of the schedule's own naming beyond `keep`. One instance at a time among those sharing
 * a PostgreSQL database; "busy" when another is at it. A failure is recorded (its pt-BR reason,
 * for the panel), then thrown, for the job's log and metrics.
 */
export async function takeScheduledBackup({
  env,
  database,
  schedule,
}: ScheduledBackups): Promise<"taken" | "not due" | "busy"> {
  const outcome = await database.unlessBusy("scheduled backup", async () => {
    const now = new Date();
    if (!isBackupDue(await lastBackupRuns(database.db), schedule, now)) return "not due" as const;
    const file = path.join(schedule.directory, archiveNameAt(now));
    // The panel shows why it failed: a refusal's pt-BR line, or the unexpected error's message.
    const made = await createBackup(backupOptionsOf(env, file, database)).catch((error: unknown) => ({
      ok: false as const,
      message: error instanceof Error ? error.message : String(error),
    }));
    if (!made.ok) {
      await recordBackupRun(database.db, { succeeded: false, failure: made.message });
      throw new Error(`O backup agendado falhou: ${made.message}`);
    }
    const { size } = await stat(file);
    await recordBackupRun(database.db, { succeeded: true, file, bytes: size });
    await pruneArchives(schedule);
    return "taken" as const;
  });
  return outcome ?? "busy";
}

/**
 * Whether a backup is due at `now`: BACKUP_EVERY has passed since the last that succeeded (on any
 * instance, before any restart), and the retry's wait since the last that failed.
 */
export function isBackupDue(
  { success, failure }: Record<"success" | "failure", { createdAt: Date } | null>,
  schedule: Pick<BackupSchedule, "everyMs">,
  now: Date,
): boolean {
  const since = (run: { createdAt: Date } | null) =>
    run ? now.getTime() - run.createdAt.getTime() : Infinity;
  const retryAfterMs = Math.min(schedule.everyMs, RETRY_AFTER_FAILURE_MS);
  return since(success) >= schedule.everyMs && since(failure) >= retryAfterMs;
}

/** Deletes the schedule's oldest archives beyond `keep`; other files in the folder are left alone. */
async function pruneArchives(schedule: BackupSchedule): Promise<void> {
  const archives = (await readdir(schedule.directory)).filter((name) => ARCHIVE_NAME.test(name)).sort();
  for (const name of archives.slice(0, Math.max(0, archives.length - schedule.keep))) {
    await rm(path.join(schedule.directory, name), { force: true });
  }
}
