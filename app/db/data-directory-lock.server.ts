import { linkSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The embedded database in use by another process (or another opener in this one): PGlite allows
 * one opener per data directory, and a second one would corrupt it.
 */
export class DataDirectoryLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(
      `O banco de dados embutido em ${directory} está em uso pelo processo ${pid}; ` +
        `pare a loja (ou o comando) que o usa antes de continuar.`,
    );
    this.name = "DataDirectoryLockedError";
  }
}

/** Lock files this process holds, removed at exit if nobody released them. */
const held = new Set<string>();
process.once("exit", () => {
  for (const file of held) rmSync(file, { force: true });
});

/** The lock file that says which process has the embedded database of `dataDir` open. */
export function lockFileOf(dataDir: string): string {
  return path.resolve(dataDir, "pglite.lock");
}

/**
 * Takes `DATA_DIR/pglite.lock` for this process, or throws `DataDirectoryLockedError` while a
 * live process holds it. A lock left by a process that died (a crash, kill -9) is taken over.
 * Returns the release.
 */
export function lockDataDirectory(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  const directory = path.resolve(dataDir, "pglite");
  // Written aside then linked: link fails when the lock exists, so a lock file is never half-written.
  const candidate = `${file}.${process.pid}`;
  writeFileSync(candidate, String(process.pid));
  try {
    for (;;) {
      try {
        linkSync(candidate, file);
        held.add(file);
        return () => {
          if (held.delete(file)) rmSync(file, { force: true });
        };
      } catch (error) {
        if (!isCode(error, "EEXIST")) throw error;
      }
      const holder = holderOf(file);
      if (holder !== null && isAlive(holder, file)) throw new DataDirectoryLockedError(directory, holder);
      if (holder !== null) rmSync(file, { force: true });
    }
  } finally {
    unlinkSync(candidate);
  }
}

/** The pid written in the lock file, or null when the file is gone (released meanwhile). */
function holderOf(file: string): number | null {
  try {
    return Number(readFileSync(file, "utf8").trim());
  } catch (error) {
    if (isCode(error, "ENOENT")) return null;
    throw error;
  }
}

/**
 * Whether the process that wrote the lock still runs. This process's own id counts only for a lock
 * it took itself: in a container the store is always the same pid, and the lock of its previous
 * run is stale.
 */
function isAlive(pid: number, file: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return held.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return isCode(error, "EPERM");
  }
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
