import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { sql } from "drizzle-orm";
import { extract } from "tar";
import { executePrepared, openDatabase, STORE_CONNECTION_NAME } from "../db/client.server";
import { knownMigrations } from "../db/migration-journal.server";
import { authSecretFile } from "../config/auth-secret.server";
import { uploadsDirectory } from "../storage/local-file-storage.server";
import {
  ARCHIVE_PARTS,
  digestPart,
  MANIFEST_NAME,
  partsOf,
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

/** The folder, in `DATA_DIR`, where a restore keeps the data it replaced, by the restore's time. */
const REPLACED_DATA_PREFIX = "antes-da-restauracao-";
/**
 * Written in that folder once the restored data is all in place: a restore cut short (a crash
 * between two renames) leaves a folder without it, which the store never removes.
 */
const RESTORE_DONE_MARK = "restauracao-concluida";

/**
 * Puts a backup's database, photos and the store's generated secret in place of the configured
 * ones. Everything that can refuse it (not a backup, an unsafe or incomplete archive, a schema this
 * code does not know, another database kind, data already there without `force`, the store running
 * on that database) is checked before anything changes: the whole archive is unpacked beside the
 * data and checked against its manifest first. The data it replaces is kept in `DATA_DIR` until the store has
 * started on the restored data (`removeDataReplacedByRestore`).
 */
export function restoreBackup(options: RestoreOptions): Promise<OperationResult> {
  return refusalsAsResult(async () => {
    const file = path.resolve(options.file);
    const manifest = await checkedManifest(file, options.databaseUrl ? "postgres" : "pglite");
    if (options.databaseUrl) {
      await requirePostgresTool("pg_restore");
      await refuseWhileStoreConnected(options.databaseUrl);
    }
    await mkdir(options.dataDir, { recursive: true });
    const release = options.databaseUrl ? () => {} : lockForOperation(options.dataDir, "restauração");
    try {
      const uploads = uploadsDirectory(options.dataDir);
      if (!options.force) await refuseOverData(options, manifest.contents.uploads ? [uploads] : []);
      const moves = [
        ...(options.databaseUrl
          ? []
          : [{ part: ARCHIVE_PARTS.pglite, live: embeddedDatabaseDirectory(options.dataDir) }]),
        ...(manifest.contents.uploads ? [{ part: ARCHIVE_PARTS.uploads, live: uploads }] : []),
        ...(manifest.contents.authSecret
          ? [{ part: ARCHIVE_PARTS.authSecret, live: authSecretFile(options.dataDir) }]
          : []),
      ];
      // Unpacked beside the data, so each part moves into place by a rename.
      const incoming = await mkdtemp(path.join(options.dataDir, ".restauracao-"));
      try {
        await unpack(file, incoming, manifest);
        const replaced = path.join(
          options.dataDir,
          `${REPLACED_DATA_PREFIX}${new Date().toISOString().replace(/[:.]/g, "-")}`,
        );
        const swap = await moveIntoPlace(incoming, moves, replaced);
        if (options.databaseUrl) {
          await restorePostgres(options.databaseUrl, path.join(incoming, ARCHIVE_PARTS.postgres)).catch(
            async (error: unknown) => {
              await swap.undo();
              throw error;
            },
          );
        }
        if (swap.keptAside) await writeFile(path.join(replaced, RESTORE_DONE_MARK), manifest.createdAt);
        return (
          `Backup de ${manifest.createdAt} restaurado (migração ${manifest.migration?.tag ?? "nenhuma"}` +
          `${manifest.contents.uploads ? ", com as fotos" : ", sem fotos"}); inicie a loja.` +
          (swap.keptAside
            ? ` Os dados substituídos ficam em ${replaced} até a loja iniciar com o backup restaurado.`
            : "")
        );
      } finally {
        await rm(incoming, { recursive: true, force: true });
      }
    } finally {
      release();
    }
  });
}

/**
 * Removes what finished restores kept aside in `dataDir` (`restoreBackup`), once the store has
 * started on the restored data; returns the folders removed.
 */
export async function removeDataReplacedByRestore(dataDir: string): Promise<string[]> {
  const names = await readdir(dataDir).catch(() => []);
  const kept = names
    .filter((name) => name.startsWith(REPLACED_DATA_PREFIX))
    .map((name) => path.join(dataDir, name))
    .filter((folder) => existsSync(path.join(folder, RESTORE_DONE_MARK)));
  for (const folder of kept) await rm(folder, { recursive: true, force: true });
  return kept;
}

/**
 * Unpacks the parts of `file` into `folder` and checks them against the manifest: every part it
 * lists is there and, from version 2, holds the files, bytes and digest the backup wrote.
 */
async function unpack(file: string, folder: string, manifest: BackupManifest): Promise<void> {
  await extract({ file, cwd: folder, strict: true, filter: (entry) => isPartOf(manifest, entry) }).catch(
    (error: unknown) => {
      throw new OperationRefused(
        `O backup ${file} não pôde ser desempacotado em ${folder}: ${(error as Error).message}.`,
      );
    },
  );
  for (const part of partsOf(manifest.contents)) {
    if (!existsSync(path.join(folder, part))) {
      throw new OperationRefused(`O backup ${file} está incompleto: falta a parte ${part}.`);
    }
    if (manifest.version < 2) continue;
    const expected = manifest.parts?.[part];
    const { digest } = await digestPart(folder, part);
    if (!expected || !isDeepStrictEqual(digest, expected)) {
      throw new OperationRefused(
        `O backup ${file} está corrompido: a parte ${part} não confere com o manifesto.`,
      );
    }
  }
}

/**
 * Moves each part from `incoming` to its live place; what was there goes into `aside`. A failure
 * puts everything back as it was; `undo` does the same afterwards.
 */
async function moveIntoPlace(
  incoming: string,
  moves: { part: string; live: string }[],
  aside: string,
): Promise<{ keptAside: boolean; undo: () => Promise<void> }> {
  const done: (() => Promise<void>)[] = [];
  const undo = async () => {
    for (const step of done.reverse()) await step();
    await rm(aside, { recursive: true, force: true });
  };
  try {
    for (const { part, live } of moves) {
      const restored = path.join(incoming, part);
      const previous = path.join(aside, path.basename(live));
      if (existsSync(live)) {
        await mkdir(aside, { recursive: true });
        await rename(live, previous);
        done.push(() => rename(previous, live));
      }
      await rename(restored, live);
      done.push(() => rename(live, restored));
    }
  } catch (error) {
    await undo();
    throw error;
  }
  return { keptAside: existsSync(aside), undo };
}

async function restorePostgres(url: string, dump: string): Promise<void> {
  await runPostgresTool("pg_restore", url, [
    "--clean",
    "--if-exists",
    "--single-transaction",
    "--exit-on-error",
    "--no-owner",
    "--no-privileges",
    dump,
  ]);
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
  return partsOf(manifest.contents).some((part) => entry === part || entry.startsWith(`${part}/`));
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

/**
 * A restore replaces every table under the instances using them: refused while any is connected
 * (their connections carry `STORE_CONNECTION_NAME`), as the embedded database's lock refuses it.
 */
async function refuseWhileStoreConnected(url: string): Promise<void> {
  const database = await openDatabase({ url });
  try {
    const [connected] = await executePrepared<{ connections: number }>(
      database.db,
      "restore_store_connections",
      sql`select count(*)::integer as connections from pg_stat_activity
          where datname = current_database() and application_name = ${STORE_CONNECTION_NAME}`,
    );
    if (connected && connected.connections > 0) {
      throw new OperationRefused(
        `A loja está rodando neste banco PostgreSQL (${connected.connections} conexões de instâncias da loja); ` +
          "pare todas as instâncias antes da restauração.",
      );
    }
  } finally {
    await database.close();
  }
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
