import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitUntil } from "../support/eventually";
import {
  acceptsConnections,
  freePort,
  spawnStoreServer,
  startStoreServer,
  waitUntilReady,
  type StoreServer,
} from "../support/store-server";
import { createTcpProxy } from "../support/tcp-proxy";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts): it needs a real PostgreSQL server.
const serverUrl = new URL(process.env.TEST_DATABASE_URL!);
const databaseName = `vitrine_recovery_${process.pid}`;

async function administer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  await client.query(statement);
  await client.end();
}

async function readiness(store: StoreServer) {
  return (await fetch(`${store.url}/readyz`)).status;
}

describe("a PostgreSQL server that goes away and comes back", () => {
  let store: StoreServer;
  let proxy: ReturnType<typeof createTcpProxy>;
  /** The database's URL through the proxy. */
  let viaProxy: string;

  beforeAll(async () => {
    await administer(`create database ${databaseName}`);
    const proxyPort = await freePort();
    proxy = createTcpProxy(proxyPort, { host: serverUrl.hostname, port: Number(serverUrl.port || 5432) });
    const url = new URL(serverUrl);
    url.host = `127.0.0.1:${proxyPort}`;
    url.pathname = `/${databaseName}`;
    viaProxy = url.toString();
    await proxy.up();
    store = await startStoreServer({ DATABASE_URL: viaProxy, SEED_DEMO: "false" });
  }, 240_000);

  afterAll(async () => {
    await store?.stop();
    await proxy?.down();
    await administer(`drop database if exists ${databaseName} with (force)`);
  });

  it("answers /readyz 503 with a log line while down, and recovers by itself", async () => {
    expect(await readiness(store)).toBe(200);

    await proxy.down();
    await waitUntil(async () => (await readiness(store)) === 503);
    expect((await fetch(`${store.url}/healthz`)).status).toBe(200);
    await waitUntil(async () => store.output().includes("Banco de dados indisponível"));

    await proxy.up();
    await waitUntil(async () => (await readiness(store)) === 200);
    expect((await fetch(`${store.url}/`)).status).toBe(200);
  });

  it("keeps the port of a store started while it is down closed until it answers", async () => {
    await proxy.down();
    const port = await freePort();
    const late = await spawnStoreServer({ DATABASE_URL: viaProxy, SEED_DEMO: "false", PORT: String(port) });
    try {
      await waitUntil(() => late.output().includes("Banco de dados indisponível"), 60_000);
      // While it tries again (after 1 s, then 2 s…), a load balancer finds nothing to send to.
      expect(await acceptsConnections(port)).toBe(false);
      await proxy.up();
      await waitUntilReady(late);
      expect(await readiness(late)).toBe(200);
      expect(late.output()).toContain("Vitrine ouvindo em");
    } finally {
      await late.stop();
    }
  });
});
