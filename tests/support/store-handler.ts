import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, expect, vi } from "vitest";
import { readCatalogVersion } from "../../app/domain/catalog/catalog-version.server";
import type { LocalFileStorage } from "../../app/storage/local-file-storage.server";
import { createApp } from "../../server/app";
import { watchCatalogVersion, type CatalogVersion } from "../../server/catalog-version";
import { createTestContext, TEST_BASE_URL } from "./test-context";
import { createTestDatabase, type TestDatabase } from "./test-database";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The store's request handler (server/app.ts: its page caches, CSP and React Router's pages of the
 * production build) on a test database this file writes to, listening on loopback: for what a
 * started store cannot show on the embedded database, a change made beside it. `variables` are
 * the store's environment (read once the file's other `beforeAll`s ran, e.g. a fake provider's URL).
 */
export function setUpStoreHandler(variables: () => NodeJS.ProcessEnv = () => ({})) {
  const store = {} as {
    url: string;
    database: TestDatabase;
    context: ReturnType<typeof createTestContext>;
    /**
     * Waits until the store has heard of every catalogue change committed so far: its page caches
     * follow the version the database announces on a connection of their own, a moment after each
     * commit.
     */
    catalogCaughtUp: () => Promise<void>;
  };
  let server: http.Server | undefined;
  let catalog: CatalogVersion | undefined;
  beforeAll(async () => {
    // The production build the suite's global setup made (server/main.ts is its entry).
    const { serverBuild } = (await import(path.join(root, "build/server/index.js"))) as {
      serverBuild: ServerBuild;
    };
    store.database = await createTestDatabase();
    store.context = createTestContext(store.database, undefined, variables());
    const logger = pino({ level: "silent" });
    catalog = await watchCatalogVersion(store.database, logger);
    store.catalogCaughtUp = async () => {
      const committed = await readCatalogVersion(store.database.db);
      // `vi.waitFor`, not `expect.poll`, which refuses to run in a `beforeAll` (where files call this too).
      await vi.waitFor(() => expect(catalog?.current()).toBeGreaterThanOrEqual(committed));
    };
    const { env, auth, pix, card } = store.context;
    const services = { database: store.database, auth, pix, card };
    const app = createApp({
      env,
      logger,
      services,
      storage: store.context.storage as LocalFileStorage,
      baseURL: TEST_BASE_URL,
      catalog: () => catalog ?? null,
      build: serverBuild,
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    store.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server!.close(resolve));
    await catalog?.stop();
    await store.database?.destroy();
  });
  return store;
}
