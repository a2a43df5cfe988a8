import { readFile } from "node:fs/promises";
import { openDatabase, type DatabaseHandle } from "../../app/db/client.server";
import { createPostgresDatabase, databaseTemplates } from "./database-templates";

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and removes the database. */
  destroy(): Promise<void>;
}

/**
 * A migrated, empty database for one test file: PGlite in memory by default, or a fresh
 * database on the PostgreSQL server of `TEST_DATABASE_URL` (created here, dropped by `destroy`).
 * Both are copies of the run's migrated template when the suite made one (its global setup).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const templates = databaseTemplates();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const archive = templates?.memoryCluster;
    const cluster = archive ? new Blob([await readFile(archive)]) : undefined;
    const handle = await openDatabase({ memory: true, cluster });
    await handle.migrate();
    return { ...handle, destroy: handle.close };
  }
  const database = await createPostgresDatabase(serverUrl, undefined, templates?.migrated.database);
  const handle = await openDatabase({ url: database.url });
  await handle.migrate();
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      await database.drop();
    },
  };
}
