import { afterAll, beforeAll } from "vitest";
import { createStoreData, startStoreServer, type StoreData, type StoreServer } from "./store-server";

/**
 * A store started as a user starts it, for one test file, on data of its own (PGlite, or a fresh
 * PostgreSQL database with `TEST_DATABASE_URL`); stopped and removed after the file.
 */
export function setUpStartedStore(env: NodeJS.ProcessEnv = {}) {
  const started = {} as { store: StoreServer; data: StoreData };
  beforeAll(async () => {
    started.data = await createStoreData();
    started.store = await startStoreServer(env, started.data);
  });
  afterAll(async () => {
    await started.store?.stop();
    await started.data?.remove();
  });
  return started;
}
