import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { DataDirectoryLockedError, lockDataDirectory } from "../db/data-directory-lock.server";
import { OperationRefused } from "./operation-result.server";

export function embeddedDatabaseDirectory(dataDir: string): string {
  return path.resolve(dataDir, "pglite");
}

/** Whether `dataDir` holds an embedded database (PostgreSQL's data directory marker). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(path.join(embeddedDatabaseDirectory(dataDir), "PG_VERSION"));
}

/**
 * Takes the embedded database's lock for a backup or a restore (`doing`), so the store cannot start
 * on it meanwhile; refused while the store (or another command) has it open.
 */
export function lockForOperation(dataDir: string, doing: Operation): () => void {
  try {
    return lockDataDirectory(dataDir);
  } catch (error) {
    throw refusalWhileOpen(error, doing);
  }
}

type Operation = "backup" | "restauração";

/** The refusal for an embedded database another process has open; other errors as they are. */
export function refusalWhileOpen(error: unknown, doing: Operation): unknown {
  if (!(error instanceof DataDirectoryLockedError)) return error;
  const running = `A loja está rodando com o banco de dados embutido em ${error.directory} (processo ${error.pid})`;
  // A running store makes the backup itself once it is ready (its backup channel is open).
  if (doing === "backup") {
    return new OperationRefused(
      `${running} e ainda não atende pedidos de backup; tente de novo quando ela estiver pronta.`,
    );
  }
  return new OperationRefused(`${running}; pare a loja antes da restauração.`);
}

/** Whether a directory exists and has anything in it. */
export async function hasFiles(directory: string): Promise<boolean> {
  const entries = await readdir(directory).catch(() => []);
  return entries.length > 0;
}
