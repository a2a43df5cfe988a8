import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import { loadEnv } from "../../app/config/env.server";
import type { ServerContext } from "../../app/context.server";
import { cookieHeader } from "../../app/domain/accounts/auth-endpoints.server";
import { createAuth } from "../../app/domain/accounts/auth.server";
import { mailPasswordReset } from "../../app/domain/accounts/password-reset.server";
import { createPixProvider } from "../../app/domain/payments/pix-providers.server";
import { createLocalFileStorage } from "../../app/storage/local-file-storage.server";
import { createTestDatabase, type TestDatabase } from "./test-database";

export const TEST_BASE_URL = "http://localhost:3000";

let clients = 0;

/** A new client address (documentation range), so rate limits count each test client apart. */
export function nextClientIp(): string {
  clients += 1;
  return `198.18.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
}

/** What loaders and actions receive, around a test database. */
export function createTestContext(database: TestDatabase, clientIp = nextClientIp()): ServerContext {
  const logger = pino({ level: "silent" });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-context-"));
  const env = loadEnv({ DATA_DIR: dataDir });
  return {
    db: database.db,
    auth: createAuth({
      db: database.db,
      secret: "s".repeat(48),
      baseURL: TEST_BASE_URL,
      https: false,
      logger,
      sendPasswordReset: (user, token) =>
        mailPasswordReset(
          { db: database.db, baseURL: TEST_BASE_URL, supportEmail: env.SUPPORT_EMAIL },
          user,
          token,
        ),
    }),
    storage: createLocalFileStorage(dataDir),
    pix: createPixProvider(env, database.db),
    env,
    baseURL: TEST_BASE_URL,
    clientIp,
    logger,
    cspNonce: "",
    shownProducts: new Set(),
    endOrderTurn: () => undefined,
  };
}

/** A browser request carrying the cookies an auth answer set. */
export function requestWithCookies(headers: Headers, url = `${TEST_BASE_URL}/account`): Request {
  return new Request(url, { headers: { cookie: cookieHeader(headers) } });
}

/** A fresh database and a loader context on it for one test file, removed after the file. */
export function setUpTestStore() {
  let context: ServerContext;
  const store = {
    database: undefined as unknown as TestDatabase,
    /** A request's context: a new one at each use, as the HTTP shell makes one per request. */
    get context(): ServerContext {
      return { ...context };
    },
  };
  beforeAll(async () => {
    store.database = await createTestDatabase();
    context = createTestContext(store.database);
  });
  afterAll(() => store.database.destroy());
  return store;
}
