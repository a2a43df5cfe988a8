import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import path from "node:path";
import { create, x as extract } from "tar";
import { openDatabase, type DatabaseHandle, type DatabaseLocation } from "../db/client.server";
import { lastAppliedMigration, type AppliedMigration } from "../db/migration-journal.server";
import { authSecretFile } from "../config/auth-secret.server";
import type { Env } from "../config/env.server";
import { uploadsDirectory } from "../storage/local-file-storage.server";
import {
  ARCHIVE_PARTS,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  digestPart,
  MANIFEST_NAME,
  partsOf,
  type BackupManifest,
} from "./backup-manifest.server";
import {
  embeddedDatabaseDirectory,
  hasEmbeddedDatabase,
  lockForOperation,
  refusalWhileOpen,
} from "./embedded-database-files.server";
import { OperationRefused, refusalsAsResult, type OperationResult } from "./operation-result.server";
import { requirePostgresTool, runPostgresTool } from "./postgres-tools.server";

export interface BackupOptions {
  dataDir: string;
  /** The PostgreSQL database's URL; without it, the embedded database of `dataDir`. */
  databaseUrl?: string;
  /** The archive to write (replaced when it exists). */
  file: string;
  /** Where the photos are: on this disk (included) or in a bucket (backed up by its own means). */
  photos: "local" | "bucket";
  /**
   * The running store's open database: read through it instead of opening another connection, and
   * the embedded one copied from it while it serves (without its lock, which the store holds).
   */
  database?: DatabaseHandle;
}

/** A backup to `file` of the store `env` configures, made through its open `database` when given. */
export function backupOptionsOf(env: Env, file: string, database?: DatabaseHandle): BackupOptions {
  return {
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    file,
    // Photos in an S3 bucket (STORAGE=s3) are backed up by the bucket's own means.
    photos: env.STORAGE === "s3" ? "bucket" : "local",
    database,
  };
}

/**
 * Writes one archive with the database and the local photos: the manifest first, then the embedded
 * database's files (copied with the store stopped, or by the running store from its open
 * database) or PostgreSQL's `pg_dump` in custom format, then `uploads/`.
 */
export function createBackup(options: BackupOptions): Promise<OperationResult> {
  return refusalsAsResult(async () => {
    const file = path.resolve(options.file);
    if (!existsSync(path.dirname(file)))
      throw new OperationRefused(`A pasta ${path.dirname(file)} não existe.`);
    // The archive is made from a folder of its parts; the large ones are links to where they live.
    const staging = await mkdtemp(path.join(os.tmpdir(), "vitrine-backup-"));
    let release = () => {};
    try {
      let migration: AppliedMigration | null;
      if (options.databaseUrl) {
        await requirePostgresTool("pg_dump");
        migration = options.database
          ? await lastAppliedMigration(options.database.db)
          : await migrationOf({ url: options.databaseUrl });
        await runPostgresTool("pg_dump", options.databaseUrl, [
          "--format=custom",
          `--file=${path.join(staging, ARCHIVE_PARTS.postgres)}`,
        ]);
      } else if (options.database?.dataDirectoryArchive) {
        migration = await lastAppliedMigration(options.database.db);
        await copyOpenDatabase(
          options.database.dataDirectoryArchive,
          path.join(staging, ARCHIVE_PARTS.pglite),
        );
      } else {
        if (!hasEmbeddedDatabase(options.dataDir)) {
          throw new OperationRefused(
            `Nenhum banco de dados embutido em ${embeddedDatabaseDirectory(options.dataDir)}; confira DATA_DIR.`,
          );
        }
        migration = await migrationOf({ dataDir: options.dataDir });
        // Closed cleanly above, then locked again for the copy: a store started in between is refused here.
        release = lockForOperation(options.dataDir, "backup");
        await symlink(embeddedDatabaseDirectory(options.dataDir), path.join(staging, ARCHIVE_PARTS.pglite));
      }
      const uploads = uploadsDirectory(options.dataDir);
      const withUploads = options.photos === "local" && existsSync(uploads);
      if (withUploads) await symlink(uploads, path.join(staging, ARCHIVE_PARTS.uploads));
      const secret = authSecretFile(options.dataDir);
      const withSecret = existsSync(secret);
      if (withSecret) await symlink(secret, path.join(staging, ARCHIVE_PARTS.authSecret));

      const contents = {
        database: options.databaseUrl ? ARCHIVE_PARTS.postgres : ARCHIVE_PARTS.pglite,
        uploads: withUploads,
        authSecret: withSecret,
      };
      // The archive holds exactly the files digested: a photo uploaded meanwhile waits for the next.
      // One being written (renamed into place when complete) is not one yet.
      const digested = await Promise.all(
        partsOf(contents).map(async (part) => ({
          part,
          ...(await digestPart(staging, part, (entry) => entry.endsWith(".partial"))),
        })),
      );
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        driver: options.databaseUrl ? "postgres" : "pglite",
        migration,
        contents,
        parts: Object.fromEntries(digested.map(({ part, digest }) => [part, digest])),
      };
      await writeFile(path.join(staging, MANIFEST_NAME), JSON.stringify(manifest, null, 2));
      const partial = `${file}.partial`;
      // Customers' data and the store's secret: readable by its owner only, from the first byte
      // (created anew: a mode applies only to a new file, and a failed run may have left one).
      await rm(partial, { force: true }).catch((error: unknown) => {
        throw refusalToWrite(error, path.dirname(file));
      });
      await writeFile(partial, "", { mode: 0o600, flag: "wx" }).catch((error: unknown) => {
        throw refusalToWrite(error, path.dirname(file));
      });
      await create(
        {
          file: partial,
          gzip: true,
          cwd: staging,
          follow: true,
          portable: true,
          strict: true,
          noDirRecurse: true,
        },
        [MANIFEST_NAME, ...digested.flatMap(({ entries }) => entries)],
      ).catch(async (error: unknown) => {
        await rm(partial, { force: true });
        throw refusalToWrite(error, path.dirname(file));
      });
      await rename(partial, file);
      const photoFiles = manifest.parts?.[ARCHIVE_PARTS.uploads]?.files ?? 0;
      return (
        `Backup salvo em ${file}: banco de dados ${options.databaseUrl ? "PostgreSQL" : "PGlite"} ` +
        `(migração ${migration?.tag ?? "nenhuma"}), ${describePhotos(options.photos, withUploads, photoFiles)}.\n` +
        (withSecret
          ? "Guarde-o como uma senha: ele tem os dados dos clientes e o segredo que assina as sessões e protege a verificação em duas etapas."
          : "Guarde-o como uma senha: ele tem os dados dos clientes. O segredo das sessões vem de AUTH_SECRET: guarde-o também, sem ele ninguém entra com a verificação em duas etapas.")
      );
    } finally {
      release();
      await rm(staging, { recursive: true, force: true });
    }
  });
}

/** Why the archive could not be written in `folder`, in one pt-BR line; other errors as they are. */
function refusalToWrite(error: unknown, folder: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
    return new OperationRefused(`Sem permissão para escrever na pasta ${folder}.`);
  }
  if (code === "ENOTDIR") return new OperationRefused(`${folder} não é uma pasta.`);
  if (code === "ENOSPC") return new OperationRefused(`Sem espaço em disco na pasta ${folder}.`);
  return error;
}

function describePhotos(photos: BackupOptions["photos"], included: boolean, files: number): string {
  if (photos === "bucket") {
    return "sem as fotos: elas ficam no bucket (STORAGE=s3), copiado pelos meios do próprio bucket";
  }
  if (!included) return "sem fotos enviadas";
  return files === 1 ? "com 1 arquivo de fotos" : `com ${files} arquivos de fotos`;
}

/**
 * Unpacks the open embedded database's archive into `directory`, without `postmaster.pid`: the
 * running store's, which a restored store must not find.
 */
async function copyOpenDatabase(archive: () => Promise<Blob>, directory: string): Promise<void> {
  const tar = await archive();
  await mkdir(directory);
  // PGlite names the entries from the root ("/PG_VERSION"): tar unpacks them under `directory`.
  await pipeline(
    Readable.fromWeb(tar.stream() as WebReadableStream<Uint8Array>),
    extract({ cwd: directory, filter: (entry) => entry !== "/postmaster.pid" }),
  );
}

/** The database's last migration, read with the store stopped when it is the embedded one. */
async function migrationOf(location: DatabaseLocation): Promise<AppliedMigration | null> {
  const database = await openDatabase(location).catch((error: unknown) => {
    throw refusalWhileOpen(error, "backup");
  });
  try {
    return await lastAppliedMigration(database.db);
  } finally {
    await database.close();
  }
}
