import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../app/db/client.server";
import { users } from "../../app/db/schema.server";
import { cookieHeader, signUpCustomer, type Customer } from "../support/accounts";
import { waitUntil } from "../support/eventually";
import { createAddress, createProduct } from "../support/factories";
import { checkoutBody, postCheckoutOverHttp } from "../support/orders";
import { errorLinesOf, freePort, startStoreServer, type StoreServer } from "../support/store-server";
import { createTcpProxy } from "../support/tcp-proxy";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts): a real PostgreSQL server, reached by
// the store through a proxy that the test cuts, as a database that goes down.
const serverUrl = new URL(process.env.TEST_DATABASE_URL!);
const databaseName = `vitrine_outage_${process.pid}`;
const UNAVAILABLE = "Não foi possível concluir agora. Tente novamente em instantes.";

async function administer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  await client.query(statement);
  await client.end();
}

describe("resource routes while PostgreSQL is down", () => {
  let store: StoreServer;
  let proxy: ReturnType<typeof createTcpProxy>;
  /** The database itself, not through the proxy: the test's own writes. */
  let direct: DatabaseHandle;
  let customer: Customer;
  let cookie: string;
  let productId: number;
  let addressId: string;

  beforeAll(async () => {
    await administer(`create database ${databaseName}`);
    const proxyPort = await freePort();
    proxy = createTcpProxy(proxyPort, { host: serverUrl.hostname, port: Number(serverUrl.port || 5432) });
    const directUrl = new URL(serverUrl);
    directUrl.pathname = `/${databaseName}`;
    const viaProxy = new URL(directUrl);
    viaProxy.host = `127.0.0.1:${proxyPort}`;
    await proxy.up();
    store = await startStoreServer({ DATABASE_URL: viaProxy.toString(), SEED_DEMO: "false" });

    customer = await signUpCustomer(store.url);
    cookie = cookieHeader(customer);
    direct = await openDatabase({ url: directUrl.toString() });
    const [user] = await direct.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, customer.email));
    addressId = (await createAddress(direct.db, user!.id, { isDefault: true })).id;
    productId = (await createProduct(direct.db, { priceCents: 12_990, stock: 5 })).id;
  }, 240_000);

  afterAll(async () => {
    await direct?.close();
    await store?.stop();
    await proxy?.down();
    await administer(`drop database if exists ${databaseName} with (force)`);
  });

  const readiness = async () => (await fetch(`${store.url}/readyz`)).status;

  const createPayment = () =>
    postCheckoutOverHttp(
      store.url,
      cookie,
      checkoutBody({ ...customer, addressId }, [{ id: productId, price: 129.9, quantity: 1 }]),
    );

  const get = (path: string) => fetch(`${store.url}${path}`, { headers: { cookie } });

  it("answers each client's JSON with 503 and pages with the error page, then works again", async () => {
    expect(await readiness()).toBe(200);
    await proxy.down();
    await waitUntil(async () => (await readiness()) === 503);

    const payment = await createPayment();
    expect(payment.status).toBe(503);
    expect(payment.headers.get("content-type")).toMatch(/^application\/json/);
    expect(payment.headers.get("retry-after")).toBe("5");
    expect(await payment.json()).toEqual({ success: false, error: UNAVAILABLE });
    // Logged once, with what happened; the customer saw only the message above.
    const errors = await errorLinesOf(store, payment);
    expect(errors.map((line) => line.msg)).toEqual(["Erro em loader ou action"]);
    // drizzle's "Failed query" error, caused by the driver's connection error.
    expect(JSON.stringify(errors[0]!.err)).toMatch(/ECONNREFUSED|Connection terminated|timeout/);

    for (const path of [`/api/orders/${randomUUID()}/payment`, "/api/cart"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(await answer.json(), path).toEqual({ error: UNAVAILABLE });
    }

    const page = await get("/account");
    expect(page.status).toBe(500);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain("Algo deu errado");
    expect(html).toContain("Ocorreu um erro inesperado. Tente novamente em instantes.");

    await proxy.up();
    await waitUntil(async () => (await readiness()) === 200);
    const placed = await createPayment();
    expect(placed.status).toBe(200);
    expect(await placed.json()).toMatchObject({ success: true, pixData: { amount: 129.9 } });
    const cart = await get("/api/cart");
    expect(cart.status).toBe(200);
    expect(await cart.json()).toMatchObject({ items: [] });
  });
});
