import { randomUUID } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../app/db/client.server";

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and removes the database. */
  destroy(): Promise<void>;
}

/**
 * A migrated, empty database for one test file: PGlite in memory by default, or a fresh
 * database on the PostgreSQL server of `TEST_DATABASE_URL` (created here, dropped by `destroy`).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ memory: true });
    await handle.migrate();
    return { ...handle, destroy: handle.close };
  }
  const database = await createPostgresDatabase(serverUrl);
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

/** A new, empty database on the PostgreSQL server of `serverUrl`: its URL, and a way to drop it. */
export async function createPostgresDatabase(serverUrl: string) {
  const name = `vitrine_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await administer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => administer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function administer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
