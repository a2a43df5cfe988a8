import type { Env } from "../app/config/env.server";
import { openDatabase, type DatabaseHandle } from "../app/db/client.server";
import { DataDirectoryLockedError } from "../app/db/data-directory-lock.server";

/**
 * The database the store is configured with, for a command line script; while the store has the
 * embedded database open, says so in one line and exits.
 */
export async function openConfiguredDatabase(env: Env): Promise<DatabaseHandle> {
  try {
    return await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  } catch (error) {
    if (!(error instanceof DataDirectoryLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
