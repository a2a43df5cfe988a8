import { sql } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import {
  executePrepared,
  openDatabase,
  type DatabaseHandle,
  type StartupLock,
} from "../../app/db/client.server";
import { createPostgresDatabase } from "../support/database-templates";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts): connections of separate processes.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `count` handles on one fresh database, as many processes would open; with the locks they waited for. */
async function processesOnOneDatabase(count: number) {
  const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
  cleanups.push(database.drop);
  const waited: StartupLock[] = [];
  const handles: DatabaseHandle[] = [];
  for (let index = 0; index < count; index++) {
    const handle = await openDatabase({ url: database.url }, { onLockWait: (lock) => waited.push(lock) });
    cleanups.push(handle.close);
    handles.push(handle);
  }
  return { handles, waited };
}

it("migrates an empty database from three processes at once, each applying every migration once", async () => {
  const { handles } = await processesOnOneDatabase(3);
  await Promise.all(handles.map((handle) => handle.migrate()));
  const [applied] = await executePrepared<{ total: number; distinct: number }>(
    handles[0]!.db,
    "applied_migrations",
    sql`select count(*)::int as total, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
  );
  expect(applied!.total).toBe(applied!.distinct);
  const extensions = await executePrepared(
    handles[2]!.db,
    "trigram_extension",
    sql`select 1 from pg_extension where extname = 'pg_trgm'`,
  );
  expect(extensions).toHaveLength(1);
});

it("runs a start-up task in one process at a time, the others waiting for it", async () => {
  const { handles, waited } = await processesOnOneDatabase(2);
  const steps: string[] = [];
  let finishFirst!: () => void;
  const first = handles[0]!.exclusively("start-up data", async () => {
    steps.push("first starts");
    await new Promise<void>((resolve) => (finishFirst = resolve));
    steps.push("first ends");
  });
  await expect.poll(() => steps).toEqual(["first starts"]);
  const second = handles[1]!.exclusively("start-up data", async () => {
    steps.push("second runs");
  });
  await expect.poll(() => waited).toEqual(["start-up data"]);
  expect(steps).toEqual(["first starts"]);
  finishFirst();
  await Promise.all([first, second]);
  expect(steps).toEqual(["first starts", "first ends", "second runs"]);
});

it("gives the lock back when the task fails", async () => {
  const { handles, waited } = await processesOnOneDatabase(2);
  await expect(
    handles[0]!.exclusively("migrations", () => Promise.reject(new Error("migração quebrada"))),
  ).rejects.toThrow("migração quebrada");
  expect(await handles[1]!.exclusively("migrations", async () => "ran")).toBe("ran");
  expect(waited).toEqual([]);
});
