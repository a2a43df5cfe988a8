import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitUntil } from "../support/eventually";
import { freePort, startStoreServer, type StoreServer } from "../support/store-server";
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

  beforeAll(async () => {
    await administer(`create database ${databaseName}`);
    const proxyPort = await freePort();
    proxy = createTcpProxy(proxyPort, { host: serverUrl.hostname, port: Number(serverUrl.port || 5432) });
    const viaProxy = new URL(serverUrl);
    viaProxy.host = `127.0.0.1:${proxyPort}`;
    viaProxy.pathname = `/${databaseName}`;
    await proxy.up();
    store = await startStoreServer({ DATABASE_URL: viaProxy.toString(), SEED_DEMO: "false" });
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
});
