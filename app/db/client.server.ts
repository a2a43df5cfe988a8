import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { x as extractTar } from "tar";
import { nextTurn } from "../lib/next-turn";
import { findProjectFolder } from "../lib/project-folder.server";
import { lockDataDirectory } from "./data-directory-lock.server";
import { migrationsFolder } from "./migrations-folder.server";
import * as schema from "./schema.server";

/** The one database type the domain sees, whichever driver runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of that database: domain steps that must commit together take one. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const dialect = new PgDialect();

/**
 * Runs `statement` as the prepared statement `name`: PostgreSQL parses and plans it once per
 * connection instead of on every call (for the statement that places an order, that was about
 * a third of the database's work per order). For a statement written in SQL with its values in
 * it (a query from drizzle's builder takes `preparedPerDatabase`): the text must be the same on
 * every call, only the values change. PGlite runs it as any other statement.
 */
export async function executePrepared<Row>(
  db: Database | Transaction,
  name: string,
  statement: SQL,
): Promise<Row[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  // Both drivers answer `{ rows }` when no fields are mapped; the session's type does not say so.
  const { rows } = (await prepared.execute()) as { rows: Row[] };
  return rows;
}

/**
 * A query built once per database, for one that runs on every request or order: `build` ends in
 * drizzle's `.prepare(name)` with placeholders for its values, so its SQL text is made once and
 * PostgreSQL plans it once per connection.
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const queries = new WeakMap<Database, Query>();
  return (db) => {
    let query = queries.get(db);
    if (!query) {
      query = build(db);
      queries.set(db, query);
    }
    return query;
  };
}

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /**
   * Applies the committed drizzle-kit migrations that have not run yet, under the "migrations"
   * lock: processes starting together wait for the first, then find nothing left to apply.
   */
  migrate(): Promise<void>;
  /**
   * Runs `task` while no other process runs one under the same lock (a PostgreSQL advisory lock,
   * held by a connection of its own until the task ends or the connection drops). PGlite serves
   * one process, so there it simply runs the task.
   */
  exclusively<T>(lock: StartupLock, task: () => Promise<T>): Promise<T>;
  /**
   * Runs `task` unless another process runs one under `lock` right now, in which case it answers
   * null at once (a PostgreSQL advisory lock, as `exclusively`). PGlite simply runs the task.
   */
  unlessBusy<T>(lock: InstanceLock, task: () => Promise<T>): Promise<T | null>;
  /**
   * The embedded database's data directory as a tar archive, consistent while the store writes:
   * made between two transactions, after a checkpoint (PGlite only).
   */
  dataDirectoryArchive?(): Promise<Blob>;
  /** Resolves when the database answers a trivial query, rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Receives the NOTIFY messages of a channel. `onConnected(false)` says messages may be missed
   * until the next `onConnected(true)` (the connection is re-established by itself).
   */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /** The PostgreSQL pool's connections (PGlite has none). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface ChannelListener {
  onMessage(payload: string): void;
  onConnected(connected: boolean): void;
}

export type DatabaseLocation =
  | { url: string }
  | { dataDir: string }
  /** PGlite in memory: tests only, from `cluster` (an archive of a data directory) or the empty cluster. */
  | { memory: true; cluster?: Blob };

/** What processes sharing one database do one at a time when they start. */
export type StartupLock = "migrations" | "start-up data";
/** What processes sharing one database do one at a time, the start-up's and the scheduled backup. */
export type InstanceLock = StartupLock | "scheduled backup";

/** Advisory lock keys: arbitrary, but fixed, so every version of the store takes the same. */
const ADVISORY_LOCK_KEYS: Record<InstanceLock, string> = {
  migrations: "5649545249000001",
  "start-up data": "5649545249000002",
  "scheduled backup": "5649545249000003",
};

/**
 * How a running store's connections name themselves to PostgreSQL (`application_name`): a restore
 * finds them in `pg_stat_activity` and refuses while the store runs.
 */
export const STORE_CONNECTION_NAME = "vitrine-loja";

export interface DatabaseOptions {
  /** The store itself: its connections are named `STORE_CONNECTION_NAME` (commands' are not). */
  store?: boolean;
  /** Called with errors raised by idle pool connections (the server down, a restart). */
  onPoolError?: (error: Error) => void;
  /** Called when a lock is held by another process and this one starts waiting for it. */
  onLockWait?: (lock: StartupLock) => void;
}

export async function openDatabase(
  location: DatabaseLocation,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  return "url" in location ? openPostgres(location.url, options) : openPglite(location);
}

/** Connections each instance keeps to PostgreSQL at most. */
export const POSTGRES_POOL_SIZE = 10;

function openPostgres(url: string, options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    application_name: connectionName(options),
    max: POSTGRES_POOL_SIZE,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
  });
  // Without a listener an idle connection's error would crash the process.
  pool.on("error", (error) => options.onPoolError?.(error));
  const db = drizzleNodePg({ client: pool, schema });
  const exclusively = <T>(lock: StartupLock, task: () => Promise<T>) =>
    withAdvisoryLock(pool, lock, task, { ...options, wait: true }) as Promise<T>;
  return {
    db,
    driver: "postgres",
    migrate: () => exclusively("migrations", () => migrateNodePg(db, { migrationsFolder })),
    exclusively,
    unlessBusy: (lock, task) => withAdvisoryLock(pool, lock, task, { wait: false }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, listener) => listenPostgres(url, channel, listener, options),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** Runs `task` under the advisory lock; without `wait`, answers null when another process holds it. */
async function withAdvisoryLock<T, Lock extends InstanceLock>(
  pool: pg.Pool,
  lock: Lock,
  task: () => Promise<T>,
  options: { wait: boolean; onLockWait?: (lock: Lock) => void },
): Promise<T | null> {
  const key = ADVISORY_LOCK_KEYS[lock];
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      key,
    ]);
    if (!rows[0]!.locked) {
      if (!options.wait) return null;
      options.onLockWait?.(lock);
      await client.query("select pg_advisory_lock($1)", [key]);
    }
    try {
      return await task();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [key]);
    }
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // After any failure the pool closes the connection, which gives back a lock it may still hold.
    client.release(failure);
  }
}

const LISTEN_RETRY_MS = 2_000;

function connectionName(options: DatabaseOptions): string {
  return options.store ? STORE_CONNECTION_NAME : "vitrine-comando";
}

/** A dedicated connection for LISTEN, opened again after any failure until unlistened. */
async function listenPostgres(
  url: string,
  channel: string,
  listener: ChannelListener,
  options: DatabaseOptions,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const candidate = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 3_000,
      application_name: connectionName(options),
    });
    candidate.on("notification", (message) => {
      if (message.channel === channel) listener.onMessage(message.payload ?? "");
    });
    candidate.on("error", (error) => {
      options.onPoolError?.(error);
      void candidate.end().catch(() => undefined);
    });
    candidate.on("end", () => {
      if (client !== candidate) return;
      client = null;
      listener.onConnected(false);
      if (!stopped) retry = setTimeout(() => void connect(), LISTEN_RETRY_MS);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = candidate;
      listener.onConnected(true);
    } catch {
      await candidate.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), LISTEN_RETRY_MS);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    // Let go first: an end asked for is not a lost connection to report.
    const listening = client;
    client = null;
    await listening?.end();
  };
}

async function openPglite(location: Exclude<DatabaseLocation, { url: string }>): Promise<DatabaseHandle> {
  let dataDir: string | undefined;
  let unlock = () => {};
  if ("dataDir" in location) {
    dataDir = path.resolve(location.dataDir, "pglite");
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDirectory(location.dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, {
      loadDataDir: ("cluster" in location && location.cluster) || (await prepareEmptyCluster(dataDir)),
      extensions: { pg_trgm, unaccent },
      startParams: PGLITE_START_PARAMS,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client: takingTurns(client), schema });
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusively: (_lock, task) => task(),
    unlessBusy: (_lock, task) => task(),
    // Inside a transaction of its own, no other transaction is half done; the checkpoint writes
    // the shared buffers to the files, so the copy needs little recovery when it next opens.
    dataDirectoryArchive: () =>
      client.transaction(async (transaction) => {
        await transaction.exec("CHECKPOINT");
        return client.dumpDataDir("none");
      }),
    ping: async () => {
      await client.query("select 1");
    },
    listen: async (channel, listener) => {
      const unlisten = await client.listen(channel, listener.onMessage);
      listener.onConnected(true);
      return unlisten;
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * PGlite keeps its shared buffers in its WebAssembly memory, which never shrinks: 32 MB instead of
 * PostgreSQL's 128 MB keeps about 100 MB less for good. A shop's data is read again from the
 * operating system's file cache when it is not there. Index builds (the migrations') get 16 MB
 * instead of 64 MB of that memory.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=32MB",
  "-c",
  "maintenance_work_mem=16MB",
];

/** The empty cluster a new embedded database starts from (`npm run db:empty-cluster` makes it). */
const EMPTY_CLUSTER = path.join(
  findProjectFolder(import.meta.url, "app/db/empty-cluster", "pglite.tar.gz"),
  "pglite.tar.gz",
);

/**
 * A new database starts from the committed empty cluster instead of running PostgreSQL's initdb,
 * which peaks near 800 MB of WebAssembly memory that would stay in the store's process for good.
 * On disk it is unpacked by Node, beside the data directory and then moved into place, so a crash
 * halfway leaves no half cluster; in memory (tests) PGlite loads it.
 */
async function prepareEmptyCluster(dataDir: string | undefined): Promise<Blob | undefined> {
  if (!dataDir) return new Blob([readFileSync(EMPTY_CLUSTER)]);
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return undefined;
  const unpacking = `${dataDir}.novo`;
  rmSync(unpacking, { recursive: true, force: true });
  mkdirSync(unpacking, { recursive: true });
  await extractTar({ file: EMPTY_CLUSTER, cwd: unpacking });
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(unpacking, dataDir);
  return undefined;
}

/**
 * PGlite runs every query on this thread, and queued queries follow one another in microtasks:
 * under load the event loop would read no socket until every waiting request had finished, and a
 * visitor's cached page would wait behind whole orders. Each query and each transaction first lets
 * the loop turn once, so cached pages and new requests are answered between them: a task written
 * as a series of short transactions (a CSV import) lets the store's pages through between two.
 */
const TAKING_TURNS = new Set<PropertyKey>(["query", "exec", "transaction"]);

function takingTurns(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (!TAKING_TURNS.has(property)) return value.bind(target);
      return async (...args: unknown[]) => {
        await nextTurn();
        return value.apply(target, args);
      };
    },
  });
}
