import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, expect, it, vi } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { backupRuns } from "../../app/db/schema.server";
import { createStoreData, startStoreServer, type StoreServer } from "../support/store-server";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts): two store processes on one database.
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it("takes each scheduled backup on one of the instances sharing the database, BACKUP_EVERY apart", async () => {
  const data = await createStoreData("migrated");
  cleanups.push(data.remove);
  const folder = await mkdtemp(path.join(os.tmpdir(), "vitrine-backups-instancias-"));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const env = { SEED_DEMO: "false", BACKUP_DIR: folder, BACKUP_EVERY: "3s", BACKUP_KEEP: "100" };
  const stores: StoreServer[] = [await startStoreServer(env, data)];
  // The second instance: the same database, a data folder of its own.
  const secondDataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-segunda-instancia-"));
  cleanups.push(() => rm(secondDataDir, { recursive: true, force: true }));
  const secondData = { dataDir: secondDataDir, env: data.env, remove: async () => {} };
  stores.push(await startStoreServer(env, secondData));

  const database = await openDatabase({ url: data.env.DATABASE_URL! });
  cleanups.push(database.close);
  const successes = () =>
    database.db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.succeeded, true))
      .orderBy(asc(backupRuns.createdAt));
  try {
    await vi.waitFor(async () => expect((await successes()).length).toBeGreaterThanOrEqual(4), {
      timeout: 90_000,
      interval: 1_000,
    });
  } finally {
    for (const store of stores) await store.stop();
  }

  const runs = await successes();
  for (let index = 1; index < runs.length; index++) {
    const apart = runs[index]!.createdAt.getTime() - runs[index - 1]!.createdAt.getTime();
    expect(apart).toBeGreaterThanOrEqual(3_000);
  }
  // One archive per backup: no instance wrote one the other had written too.
  expect((await readdir(folder)).sort()).toEqual(runs.map((run) => path.basename(run.file!)).sort());
}, 240_000);
