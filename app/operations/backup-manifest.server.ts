import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { list } from "tar";
import { z } from "../lib/zod";
import { executePrepared, type Database } from "../db/client.server";
import { migrationsFolder } from "../db/migrations-folder.server";

/** The first entry of every backup archive: what it is and what it holds. */
export const MANIFEST_NAME = "vitrine-backup.json";
export const BACKUP_FORMAT = "vitrine-backup";
/** Raised when the archive's layout changes in a way an older restore would misread. */
export const BACKUP_VERSION = 1;
/** Where each part lives inside the archive. */
export const ARCHIVE_PARTS = { pglite: "pglite", postgres: "postgres.dump", uploads: "uploads" } as const;

/** A migration as drizzle records it: its journal tag and the time drizzle orders migrations by. */
const migrationSchema = z.object({ tag: z.string(), createdAt: z.number().int() });
export type AppliedMigration = z.infer<typeof migrationSchema>;

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  driver: z.enum(["pglite", "postgres"]),
  /** The schema's last migration when the backup was made; null for a database never migrated. */
  migration: migrationSchema.nullable(),
  contents: z.object({ database: z.string(), uploads: z.boolean() }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export type ManifestReading =
  { ok: true; manifest: BackupManifest; entries: string[] } | { ok: false; message: string };

/**
 * Reads a backup's manifest and the names of its entries without extracting anything: the whole
 * archive is read, so a truncated or corrupt file is refused here, before any data is touched.
 */
export async function readBackupManifest(file: string): Promise<ManifestReading> {
  const notABackup = { ok: false as const, message: `O arquivo ${file} não é um backup da Vitrine.` };
  const entries: string[] = [];
  let manifestText: string | null = null;
  try {
    await list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        entries.push(entry.path);
        if (entries.length !== 1 || entry.path !== MANIFEST_NAME) return;
        const chunks: Buffer[] = [];
        entry.on("data", (chunk: Buffer) => chunks.push(chunk));
        entry.on("end", () => (manifestText = Buffer.concat(chunks).toString("utf8")));
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      return { ok: false, message: `O arquivo ${file} não existe.` };
    }
    return notABackup;
  }
  if (manifestText === null) return notABackup;
  const raw = parseJson(manifestText);
  if (!z.object({ format: z.literal(BACKUP_FORMAT) }).safeParse(raw).success) return notABackup;
  const version = z.object({ version: z.number() }).safeParse(raw);
  if (version.success && version.data.version > BACKUP_VERSION) {
    return {
      ok: false,
      message: `O backup ${file} foi feito por uma versão mais nova da Vitrine (formato ${version.data.version}); atualize a Vitrine antes de restaurá-lo.`,
    };
  }
  const manifest = manifestSchema.safeParse(raw);
  if (!manifest.success) return notABackup;
  return { ok: true, manifest: manifest.data, entries };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The migrations this code knows, from the committed journal. */
export function knownMigrations(): AppliedMigration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((entry) => ({ tag: entry.tag, createdAt: entry.when }));
}

/** The last migration applied to `db`, or null when none ever ran. */
export async function lastAppliedMigration(db: Database): Promise<AppliedMigration | null> {
  const [table] = await executePrepared<{ present: boolean }>(
    db,
    "backup_migrations_table",
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return null;
  const [last] = await executePrepared<{ created_at: string }>(
    db,
    "backup_last_migration",
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last) return null;
  const createdAt = Number(last.created_at);
  const known = knownMigrations().find((migration) => migration.createdAt === createdAt);
  return { tag: known?.tag ?? "desconhecida", createdAt };
}
