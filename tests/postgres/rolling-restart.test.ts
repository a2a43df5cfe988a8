import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cookieHeader, signUpCustomer } from "../support/accounts";
import { startNginx, type Nginx } from "../support/nginx";
import {
  addAddressOverHttp,
  checkoutBody,
  demoLine,
  demoProduct,
  postCheckoutOverHttp,
} from "../support/orders";
import {
  createStoreData,
  freePort,
  startStoreServer,
  type StoreData,
  type StoreServer,
} from "../support/store-server";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts). Issue 49: three store processes on one
// PostgreSQL behind Debian's nginx running docs/nginx.conf, restarted one by one while customers
// order and visitors read pages through nginx. A restarting process opens its port only once
// ready, and on SIGTERM closes it before its last answers (docs/decisions/0026).

const BUYERS = 4;
const VISITORS = 3;
const PRODUCT = demoProduct("Mouse Gamer Quasar 26K DPI");
const PAGES = ["/", "/catalog?q=mouse", `/product/${PRODUCT.id}`];

let data: StoreData;
let nginx: Nginx;
let ports: number[];
let stores: StoreServer[] = [];

const storeEnv = (port: number) => ({
  ...data.env,
  PORT: String(port),
  PUBLIC_URL: nginx.url,
  AUTH_SECRET: "segredo-das-sessoes-compartilhado-entre-as-instancias",
  SEED_DEMO: "false",
  SHUTDOWN_DRAIN_SECONDS: "1",
});

beforeAll(async () => {
  data = await createStoreData("catalogue");
  ports = [await freePort(), await freePort(), await freePort()];
  nginx = await startNginx(ports.map((port) => `http://127.0.0.1:${port}`));
  stores = await Promise.all(ports.map((port) => startStoreServer(storeEnv(port))));
  // Stock for every order the test can place: a refusal for stock would hide what is measured.
  await withDatabase((client) =>
    client.query(`update product_variants set stock = 1000000 where product_id = $1`, [PRODUCT.id]),
  );
}, 180_000);

afterAll(async () => {
  await Promise.all(stores.map((store) => store.stop()));
  await nginx?.stop();
  await data?.remove();
});

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: data.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What a client saw of one request: null when it was what it asked for. */
async function failureOf(request: () => Promise<Response>, succeeded: (body: string) => boolean) {
  try {
    const response = await request();
    const body = await response.text();
    return response.status === 200 && succeeded(body) ? null : `${response.status} ${body.slice(0, 120)}`;
  } catch (error) {
    return `rede: ${(error as Error).message}`;
  }
}

it("answers every order and page through nginx while each store process restarts in turn", async () => {
  const ownPage = { Origin: nginx.url, "Sec-Fetch-Site": "same-origin" };
  const buyers = await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      const customer = await signUpCustomer(nginx.url, {}, ownPage);
      return { ...customer, addressId: await addAddressOverHttp(nginx.url, customer) };
    }),
  );
  const failures: string[] = [];
  let ordersAnswered = 0;
  let pagesAnswered = 0;
  let restarting = true;

  const ordering = buyers.map(async (buyer) => {
    const body = checkoutBody(buyer, [demoLine(PRODUCT, 1)]);
    while (restarting) {
      const failure = await failureOf(
        () => postCheckoutOverHttp(nginx.url, cookieHeader(buyer), body),
        (answer) => (JSON.parse(answer) as { success?: boolean }).success === true,
      );
      if (failure) failures.push(`POST /api/create-payment: ${failure}`);
      else ordersAnswered++;
    }
  });
  const visiting = Array.from({ length: VISITORS }, async (_, visitor) => {
    for (let visit = visitor; restarting; visit++) {
      const page = PAGES[visit % PAGES.length]!;
      const failure = await failureOf(
        () => fetch(nginx.url + page),
        (html) => html.includes("</html>"),
      );
      if (failure) failures.push(`GET ${page}: ${failure}`);
      else pagesAnswered++;
    }
  });

  for (const [index, port] of ports.entries()) {
    await stores[index]!.stop("SIGTERM");
    stores[index] = await startStoreServer(storeEnv(port));
  }
  restarting = false;
  await Promise.all([...ordering, ...visiting]);

  expect(failures).toEqual([]);
  expect(ordersAnswered).toBeGreaterThan(0);
  expect(pagesAnswered).toBeGreaterThan(0);
  // Every order a buyer was told about is in the database, once.
  const { rows } = await withDatabase((client) => client.query(`select count(*)::int as count from orders`));
  expect(rows[0].count).toBe(ordersAnswered);
}, 240_000);
