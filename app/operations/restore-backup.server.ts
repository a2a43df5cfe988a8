import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { extract } from "tar";
import { executePrepared, openDatabase } from "../db/client.server";
import { uploadsDirectory } from "../storage/local-file-storage.server";
import {
  ARCHIVE_PARTS,
  knownMigrations,
  MANIFEST_NAME,
  readBackupManifest,
  type BackupManifest,
} from "./backup-manifest.server";
import { embeddedDatabaseDirectory, hasFiles, lockForOperation } from "./embedded-database-files.server";
import { OperationRefused, refusalsAsResult, type OperationResult } from "./operation-result.server";
import { requirePostgresTool, runPostgresTool } from "./postgres-tools.server";

export interface RestoreOptions {
  dataDir: string;
  /** The PostgreSQL database's URL; without it, the embedded database of `dataDir`. */
  databaseUrl?: string;
  /** The backup archive to restore. */
  file: string;
  /** Replace the data already there; without it a restore only goes into an empty store. */
  force: boolean;
}

/**
 * Puts a backup's database and photos in place of the configured ones. Everything that can refuse
 * it (not a backup, a schema this code does not know, another database kind, data already there
 * without `force`, the store running on the embedded database) is checked before anything changes.
 */
export function restoreBackup(options: RestoreOptions): Promise<OperationResult> {
  return refusalsAsResult(async () => {
    const file = path.resolve(options.file);
    const manifest = await checkedManifest(file, options.databaseUrl ? "postgres" : "pglite");
    if (options.databaseUrl) await requirePostgresTool("pg_restore");
    await mkdir(options.dataDir, { recursive: true });
    const release = options.databaseUrl ? () => {} : lockForOperation(options.dataDir, "restauração");
    try {
      const uploads = uploadsDirectory(options.dataDir);
      const replaced = manifest.contents.uploads ? [uploads] : [];
      if (!options.force) await refuseOverData(options, replaced);
      // Extracted beside its destination, so each part moves into place by a rename.
      const incoming = await mkdtemp(path.join(options.dataDir, ".restauracao-"));
      try {
        await extract({ file, cwd: incoming, strict: true, filter: (entry) => isPartOf(manifest, entry) });
        if (options.databaseUrl) {
          await runPostgresTool("pg_restore", options.databaseUrl, [
            "--clean",
            "--if-exists",
            "--single-transaction",
            "--exit-on-error",
            "--no-owner",
            "--no-privileges",
            path.join(incoming, ARCHIVE_PARTS.postgres),
          ]);
        } else {
          await replace(
            path.join(incoming, ARCHIVE_PARTS.pglite),
            embeddedDatabaseDirectory(options.dataDir),
            incoming,
          );
        }
        if (manifest.contents.uploads) {
          await replace(path.join(incoming, ARCHIVE_PARTS.uploads), uploads, incoming);
        }
      } finally {
        await rm(incoming, { recursive: true, force: true });
      }
    } finally {
      release();
    }
    return (
      `Backup de ${manifest.createdAt} restaurado (migração ${manifest.migration?.tag ?? "nenhuma"}` +
      `${manifest.contents.uploads ? ", com as fotos" : ", sem fotos"}); inicie a loja.`
    );
  });
}

/** The manifest of `file` when it is a backup this code can restore on `driver`; refused otherwise. */
async function checkedManifest(file: string, driver: BackupManifest["driver"]): Promise<BackupManifest> {
  const reading = await readBackupManifest(file);
  if (!reading.ok) throw new OperationRefused(reading.message);
  const { manifest, entries } = reading;
  if (!entries.every((entry) => entry === MANIFEST_NAME || isPartOf(manifest, entry))) {
    throw new OperationRefused(`O arquivo ${file} não é um backup da Vitrine.`);
  }
  const { migration } = manifest;
  if (migration && !knownMigrations().some((known) => known.createdAt === migration.createdAt)) {
    throw new OperationRefused(
      `O backup ${file} tem o esquema da migração ${migration.tag}, que esta versão da Vitrine não conhece; ` +
        "atualize a Vitrine antes de restaurá-lo.",
    );
  }
  if (manifest.driver !== driver) {
    throw new OperationRefused(
      manifest.driver === "pglite"
        ? `O backup ${file} é do banco de dados embutido (PGlite), mas DATABASE_URL aponta para um PostgreSQL; restaure-o sem DATABASE_URL.`
        : `O backup ${file} é de um PostgreSQL; defina DATABASE_URL com o banco de destino para restaurá-lo.`,
    );
  }
  return manifest;
}

/** Whether an archive entry belongs to one of the parts the manifest lists. */
function isPartOf(manifest: BackupManifest, entry: string): boolean {
  const parts = [manifest.contents.database, ...(manifest.contents.uploads ? [ARCHIVE_PARTS.uploads] : [])];
  return parts.some((part) => entry === part || entry.startsWith(`${part}/`));
}

async function refuseOverData(options: RestoreOptions, replacedDirectories: string[]): Promise<void> {
  const databaseHasData = options.databaseUrl
    ? await hasTables(options.databaseUrl)
    : await hasFiles(embeddedDatabaseDirectory(options.dataDir));
  const photosThere = await Promise.all(replacedDirectories.map(hasFiles));
  if (!databaseHasData && !photosThere.includes(true)) return;
  const target = options.databaseUrl
    ? "O banco de dados de DATABASE_URL ou DATA_DIR"
    : `DATA_DIR (${options.dataDir})`;
  throw new OperationRefused(
    `${target} já tem dados; para substituí-los pelo backup, rode de novo com --force.`,
  );
}

async function hasTables(url: string): Promise<boolean> {
  const database = await openDatabase({ url });
  try {
    const tables = await executePrepared(
      database.db,
      "restore_any_table",
      sql`select 1 from pg_tables where schemaname not in ('pg_catalog', 'information_schema') limit 1`,
    );
    return tables.length > 0;
  } finally {
    await database.close();
  }
}

/** Moves `from` to `to`; what was at `to` goes into `aside` (removed by the caller). */
async function replace(from: string, to: string, aside: string): Promise<void> {
  if (existsSync(to)) await rename(to, path.join(aside, `anterior-${path.basename(to)}`));
  await rename(from, to);
}
