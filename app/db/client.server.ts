import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsFolder } from "./migrations-folder.server";
import * as schema from "./schema.server";

/** The one database type the domain sees, whichever driver runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** Applies the committed drizzle-kit migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query, rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { url: string }
  | { dataDir: string }
  /** PGlite in memory: tests only. */
  | { memory: true };

export interface DatabaseOptions {
  /** Called with errors raised by idle pool connections (the server down, a restart). */
  onPoolError?: (error: Error) => void;
}

export async function openDatabase(
  location: DatabaseLocation,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  return "url" in location ? openPostgres(location.url, options) : openPglite(location);
}

function openPostgres(url: string, options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
  });
  // Without a listener an idle connection's error would crash the process.
  pool.on("error", (error) => options.onPoolError?.(error));
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    driver: "postgres",
    migrate: () => migrateNodePg(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

async function openPglite(location: { dataDir: string } | { memory: true }): Promise<DatabaseHandle> {
  let dataDir: string | undefined;
  if ("dataDir" in location) {
    dataDir = path.resolve(location.dataDir, "pglite");
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}
