// `npm run bench:checkout`: order creation (POST /api/create-payment) under 20 concurrent signed-in
// buyers, on PGlite, on PostgreSQL, and on two instances sharing one PostgreSQL database. For each:
// orders/s and latency, what creating an order costs beyond a cheap signed-in request, whether a
// race for the last units ever sells more than the stock, and how much the visitors' cached pages
// slow down while orders are being created. PostgreSQL: BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test); fresh databases are created there and dropped after.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import autocannon from "autocannon";
import pg from "pg";
import { ensureBuild } from "../scripts/ensure-build.js";
import {
  createOrder,
  forSeconds,
  orderHotProducts,
  RACE_STOCK,
  runBuyers,
  seed,
  signedInRequest,
  signUpBuyer,
} from "./checkout-load.js";
import { benchStoreEnv, freePort, waitFor } from "./processes.js";

const root = path.resolve(import.meta.dirname, "..");
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const BUYERS = 20;
const ORDER_DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const SIGNED_IN_DURATION_S = 10;
const VISITOR_DURATION_S = 10;
const VISITOR_CONNECTIONS = 10;
const RACE_ATTEMPTS = 300;
// Every instance signs sessions with the same secret, so a buyer signed up on one instance is
// signed in on the other (as behind a load balancer); set here rather than in each DATA_DIR.
const AUTH_SECRET = randomBytes(48).toString("base64url");

const CONFIGURATIONS = [
  { label: "PGlite, 1 instância", database: "pglite", instances: 1 },
  { label: "PostgreSQL, 1 instância", database: "postgres", instances: 1 },
  { label: "PostgreSQL, 2 instâncias", database: "postgres", instances: 2 },
];

// ---------------------------------------------------------------------------------------------
// Cleanup: stores and databases are released on success, on failure and on Ctrl-C alike.
// ---------------------------------------------------------------------------------------------

const cleanups = new Set();
// What the benchmark is doing, attached to the stores' log lines: a warning at shutdown is not one
// under load.
let phase = "partida";
async function runCleanups() {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    await cleanup().catch((error) => console.error(`Limpeza falhou: ${error.message}`));
  }
}
process.once("SIGINT", () => {
  console.error("\nInterrompido: parando as lojas e removendo os bancos de teste…");
  void runCleanups().finally(() => process.exit(130));
});

// ---------------------------------------------------------------------------------------------
// Stores
// ---------------------------------------------------------------------------------------------

/**
 * A private copy of the build the stores run from. `npm test` (scripts/ensure-build.js) rebuilds
 * `build/` in place whenever a source changed, emptying it for several seconds: a store started
 * (or restarted, as on PGlite) meanwhile would not find its server bundle. The copy carries what
 * server.js and the bundle read (the migrations folder is found next to the bundle, the
 * packages through a link to node_modules); .env is left out, this script sets the environment.
 */
async function snapshotBuild() {
  for (let attempt = 1; ; attempt++) {
    if (!ensureBuild()) throw new Error("a build falhou: rode npm run build para ver o erro");
    const directory = mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-checkout-build-"));
    try {
      for (const entry of ["build", "drizzle", "server.js", "package.json", "scripts/load-dotenv.js"]) {
        cpSync(path.join(root, entry), path.join(directory, entry), { recursive: true });
      }
      if (!existsSync(path.join(directory, "build/server/index.js"))) throw new Error("build incompleta");
      symlinkSync(path.join(root, "node_modules"), path.join(directory, "node_modules"), "dir");
      return directory;
    } catch (error) {
      rmSync(directory, { recursive: true, force: true });
      // Copied while another process was rebuilding: wait for it and build again if needed.
      if (attempt === 5) throw error;
      console.log("  build/ mudou durante a cópia; tentando de novo…");
      await new Promise((resolve) => setTimeout(resolve, 10_000));
    }
  }
}

/**
 * One production store on a free port. Its log (pino JSON at LOG_LEVEL=warn) is read rather than
 * shown: warnings and errors during the run (deadlocks, failed charges) are counted and reported.
 */
async function startStore({ dataDir, databaseUrl }) {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: buildCopy,
    env: { ...benchStoreEnv({ port, dataDir, databaseUrl }), AUTH_SECRET },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs = [];
  for (const stream of [child.stdout, child.stderr]) {
    readline
      .createInterface({ input: stream })
      .on("line", (line) => logs.push({ ...parseLogLine(line), phase }));
  }
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
      child.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill("SIGTERM");
    });
  cleanups.add(stop);
  try {
    await waitFor(url + "/readyz", child);
  } catch (error) {
    await stop();
    const tail = logs
      .slice(-5)
      .map((log) => log.message)
      .join("\n");
    throw new Error(`${error.message}\n${tail}`, { cause: error });
  }
  return {
    url,
    logs,
    async stop() {
      cleanups.delete(stop);
      await stop();
    },
  };
}

function parseLogLine(line) {
  try {
    const entry = JSON.parse(line);
    const detail = entry.err?.message ? ` (${entry.err.message.split("\n", 1)[0]})` : "";
    return { level: entry.level ?? 0, message: `${entry.msg ?? ""}${detail}` };
  } catch {
    return { level: 50, message: line }; // not pino: a crash or a warning from Node itself
  }
}

// ---------------------------------------------------------------------------------------------
// Databases: a query function `(text, params) => rows`, on PostgreSQL or on the embedded PGlite.
// ---------------------------------------------------------------------------------------------

let databaseCount = 0;

async function createPostgresDatabase() {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  await admin.connect();
  const name = `vitrine_bench_checkout_${process.pid}_${++databaseCount}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const drop = async () => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  cleanups.add(drop);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Runs `work(query)` on PostgreSQL: the stores keep running, the server takes any number of clients. */
async function withPostgres(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (text, params) => (await client.query(text, params)).rows);
  } finally {
    await client.end();
  }
}

/**
 * Runs `work(query)` on the store's PGlite data directory. Only one process may open it, so the
 * caller stops the store first. The store's own extensions are loaded: its triggers and search
 * index call them on every product insert.
 */
async function withPglite(dataDir, work) {
  const client = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm, unaccent } });
  try {
    return await work(async (text, params) => (await client.query(text, params)).rows);
  } finally {
    await client.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Visitors: autocannon without a cookie, so the page cache answers as it does for real visitors
// ---------------------------------------------------------------------------------------------

function autocannonRun(url, connections, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Requests/s on one page, summed over the instances (the visitors' connections split among them). */
async function measureVisitors(stores, pagePath) {
  const results = await Promise.all(
    stores.map((store) =>
      autocannonRun(store.url + pagePath, Math.ceil(VISITOR_CONNECTIONS / stores.length), VISITOR_DURATION_S),
    ),
  );
  return {
    rps: results.reduce((total, result) => total + result.requests.average, 0),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    bad: results.reduce((total, result) => total + result.non2xx + result.errors + result.timeouts, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// One configuration
// ---------------------------------------------------------------------------------------------

async function benchConfiguration(configuration) {
  const { database, instances } = configuration;
  const dataDirs = Array.from({ length: instances }, () =>
    mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-checkout-")),
  );
  const removeDataDirs = async () => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  cleanups.add(removeDataDirs);
  const postgres = database === "postgres" ? await createPostgresDatabase() : null;
  const withDatabase = (work) =>
    postgres ? withPostgres(postgres.url, work) : withPglite(dataDirs[0], work);
  const start = async () => {
    // One after the other: the first migrates the empty database, the second finds it migrated.
    const started = [];
    for (const dataDir of dataDirs) started.push(await startStore({ dataDir, databaseUrl: postgres?.url }));
    return started;
  };
  const result = { configuration, logs: [] };
  phase = "partida";
  let stores = [];
  const stopStores = async () => {
    for (const store of stores) {
      await store.stop();
      result.logs.push(...store.logs.filter((log) => log.level >= 40));
    }
    stores = [];
  };

  try {
    stores = await start();
    console.log(`  cadastrando ${BUYERS} compradores…`);
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, (_, index) => signUpBuyer(stores[index % stores.length], index)),
    );
    // PGlite: the data directory opens in one process at a time, so the store pauses for the seed.
    if (!postgres) await stopStores();
    const { hot, race } = await withDatabase((query) => seed(query, buyers));
    if (!postgres) stores = await start();

    phase = "pedidos";
    // Other processes on the machine (tests, builds) skew every number: their load is reported.
    result.loadBefore = os.loadavg()[0];
    // A short warm-up: the first orders compile code paths and fill connection pools.
    await runBuyers(buyers, stores, orderHotProducts(hot), forSeconds(2));

    console.log(`  pedidos: ${BUYERS} compradores por ${ORDER_DURATION_S} s…`);
    result.orders = await runBuyers(buyers, stores, orderHotProducts(hot), forSeconds(ORDER_DURATION_S));

    console.log(`  GET autenticado (pedido inexistente) por ${SIGNED_IN_DURATION_S} s…`);
    phase = "GET autenticado";
    result.signedIn = await runBuyers(buyers, stores, signedInRequest, forSeconds(SIGNED_IN_DURATION_S));

    const pages = ["/", `/product/${hot[0].id}`];
    result.visitors = [];
    for (const pagePath of pages) {
      console.log(
        `  visitantes em ${pagePath}: ${VISITOR_DURATION_S} s sem pedidos, ${VISITOR_DURATION_S} s com pedidos…`,
      );
      phase = `visitantes ${pagePath}`;
      const idle = await measureVisitors(stores, pagePath);
      // The buyers keep ordering (the page's own product among others) while autocannon runs.
      let visitorsDone = false;
      const ordering = runBuyers(buyers, stores, orderHotProducts(hot), () => !visitorsDone);
      const loaded = await measureVisitors(stores, pagePath).finally(() => (visitorsDone = true));
      result.visitors.push({ pagePath, idle, loaded, ordersDuring: await ordering });
    }

    console.log(`  corrida: ${RACE_ATTEMPTS} tentativas pelo produto de estoque ${RACE_STOCK}…`);
    phase = "corrida";
    result.race = await raceForLastUnits(stores, buyers, race);
    result.loadAfter = os.loadavg()[0];
    phase = "parada";
    // Stores stopped before reading the database: PGlite needs it, and nothing is still writing.
    await stopStores();
    Object.assign(
      result.race,
      await withDatabase(async (query) => {
        const [product] = await query(`select stock from product_variants where product_id = $1`, [race.id]);
        const [sold] = await query(
          `select coalesce(sum(i.quantity), 0)::int as units from order_items i
           join orders o on o.id = i.order_id where i.product_id = $1 and o.status <> 'cancelled'`,
          [race.id],
        );
        return { databaseStock: product.stock, unitsInOrders: sold.units };
      }),
    );
  } catch (error) {
    result.failure = error;
  } finally {
    phase = "parada";
    await stopStores().catch(() => undefined);
    if (postgres) {
      cleanups.delete(postgres.drop);
      await postgres.drop().catch((error) => console.error(`Não removeu o banco de teste: ${error.message}`));
    }
    cleanups.delete(removeDataDirs);
    await removeDataDirs();
  }
  return result;
}

/**
 * 20 buyers, RACE_ATTEMPTS orders of one unit of a product with RACE_STOCK units. Meanwhile the
 * product's stock is read every 20 ms through the cart's API to see that it never goes below 0.
 */
async function raceForLastUnits(stores, buyers, product) {
  let attempts = 0;
  let racing = true;
  let lowestSeen = Infinity;
  const readStock = async () => {
    const response = await fetch(`${stores[0].url}/api/cart-products?ids=${product.id}`);
    const [card] = await response.json();
    return card.stock;
  };
  const watching = (async () => {
    while (racing) {
      lowestSeen = Math.min(lowestSeen, await readStock());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const outcome = await runBuyers(
    buyers,
    stores,
    (store, buyer) => createOrder(store, buyer, product),
    () => attempts++ < RACE_ATTEMPTS,
  );
  racing = false;
  await watching;
  const apiStock = await readStock();
  lowestSeen = Math.min(lowestSeen, apiStock);
  const outOfStock = [...outcome.errors].filter(([message]) => message.startsWith("Estoque insuficiente"));
  const refused = outOfStock.reduce((total, [, count]) => total + count, 0);
  return {
    accepted: outcome.ok,
    refused,
    otherErrors: outcome.failed - refused,
    errors: outcome.errors,
    apiStock,
    lowestSeen,
  };
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const format = (value, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString("pt-BR", { maximumFractionDigits: digits }) : "—";

function errorSummary(errors) {
  if (errors.size === 0) return "0";
  return [...errors].map(([message, count]) => `${count}× ${message}`).join("; ");
}

function printConfiguration(result) {
  const { configuration, orders, signedIn, visitors, race } = result;
  console.log(`\n### ${configuration.label}\n`);
  if (result.failure) {
    console.log(`FALHOU: ${result.failure.stack ?? result.failure}`);
    return;
  }
  const added = orders.p50 - signedIn.p50;
  const oversold = Math.max(0, race.accepted - RACE_STOCK);
  const consistent = race.accepted + race.apiStock === RACE_STOCK && race.unitsInOrders === race.accepted;
  const rows = [
    [`pedidos/s (${BUYERS} compradores, ${ORDER_DURATION_S} s)`, format(orders.perSecond, 1)],
    ["pedido p50 / p99 (ms)", `${format(orders.p50, 1)} / ${format(orders.p99, 1)}`],
    ["pedidos com erro", errorSummary(orders.errors)],
    ["GET autenticado (404) p50 / p99 (ms)", `${format(signedIn.p50, 1)} / ${format(signedIn.p99, 1)}`],
    ["GET autenticado: req/s, erros", `${format(signedIn.perSecond)}; ${errorSummary(signedIn.errors)}`],
    ["tempo que criar o pedido acrescenta (p50, ms)", format(added, 1)],
    [`corrida: pedidos aceitos de ${RACE_ATTEMPTS}`, format(race.accepted)],
    ["corrida: recusados por estoque / outros erros", `${race.refused} / ${race.otherErrors}`],
    ["estoque final (API / banco)", `${race.apiStock} / ${race.databaseStock}`],
    ["unidades nos pedidos (banco)", format(race.unitsInOrders)],
    ["unidades vendidas a mais", `${oversold}${oversold > 0 ? " ← VENDEU A MAIS" : ""}`],
    [
      "menor estoque visto / nunca abaixo de 0",
      `${race.lowestSeen} / ${race.lowestSeen >= 0 && race.databaseStock >= 0 ? "sim" : "NÃO"}`,
    ],
    ["aceitos + estoque final = 100, e = pedidos no banco", consistent ? "sim" : "NÃO"],
  ];
  if (race.otherErrors > 0) rows.push(["corrida: erros", errorSummary(race.errors)]);
  for (const { pagePath, idle, loaded, ordersDuring } of visitors) {
    rows.push([
      `visitantes ${pagePath}: req/s parado → com pedidos`,
      `${format(idle.rps)} → ${format(loaded.rps)} (${format((loaded.rps / idle.rps) * 100, 1)}%)`,
    ]);
    rows.push([
      `visitantes ${pagePath}: p99 (ms) parado → com pedidos`,
      `${format(idle.p99, 1)} → ${format(loaded.p99, 1)}`,
    ]);
    rows.push([
      `visitantes ${pagePath}: pedidos/s durante, erros`,
      `${format(ordersDuring.perSecond, 1)}; ${errorSummary(ordersDuring.errors)}`,
    ]);
    if (idle.bad + loaded.bad > 0)
      rows.push([`visitantes ${pagePath}: respostas não-2xx ou erros`, `${idle.bad} / ${loaded.bad}`]);
  }
  rows.push(["avisos e erros no log da loja [fase]", logSummary(result.logs)]);
  rows.push([
    "carga da máquina (load average 1 min) antes / depois",
    `${format(result.loadBefore, 1)} / ${format(result.loadAfter, 1)}`,
  ]);
  console.log(`| medida | valor |`);
  console.log(`| --- | ---: |`);
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
}

function logSummary(logs) {
  if (logs.length === 0) return "0";
  const counts = new Map();
  for (const { message, phase } of logs) {
    const key = `${message} [${phase}]`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .slice(0, 5)
    .map(([message, count]) => `${count}× ${message.slice(0, 160)}`)
    .join("; ");
}

function printSummary(results) {
  console.log(`\n### Resumo\n`);
  console.log(
    `| configuração | pedidos/s | p50 (ms) | p99 (ms) | erros | acrescenta (ms) | vendido a mais | / com pedidos vs parado | produto com pedidos vs parado |`,
  );
  console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`);
  for (const result of results) {
    if (result.failure) {
      console.log(
        `| ${result.configuration.label} | falhou: ${result.failure.message.split("\n", 1)[0]} | | | | | | | |`,
      );
      continue;
    }
    const { orders, signedIn, race, visitors } = result;
    const ratio = (visitor) => `${format((visitor.loaded.rps / visitor.idle.rps) * 100, 1)}%`;
    console.log(
      `| ${result.configuration.label} | ${format(orders.perSecond, 1)} | ${format(orders.p50, 1)} | ${format(orders.p99, 1)} | ${orders.failed} | ${format(orders.p50 - signedIn.p50, 1)} | ${Math.max(0, race.accepted - RACE_STOCK)} | ${ratio(visitors[0])} | ${ratio(visitors[1])} |`,
    );
  }
  console.log(
    `\nMáquina: ${os.cpus().length} CPUs, compartilhadas pela loja, pelo banco e por este cliente de carga.`,
  );
}

// ---------------------------------------------------------------------------------------------

const buildCopy = await snapshotBuild();
cleanups.add(async () => rmSync(buildCopy, { recursive: true, force: true }));
const results = [];
const postgresUp = await postgresAnswers();
if (!postgresUp) console.log(`PostgreSQL não responde em ${PG_URL}: medição só no PGlite.`);
for (const configuration of CONFIGURATIONS) {
  if (configuration.database === "postgres" && !postgresUp) continue;
  console.log(`\n${configuration.label}:`);
  results.push(await benchConfiguration(configuration));
}
await runCleanups();

for (const result of results) printConfiguration(result);
printSummary(results);

// A configuration that could not run, or a race that sold more than the stock, fails the command.
const broken = results.some(
  (result) =>
    result.failure ||
    result.race.accepted > RACE_STOCK ||
    result.race.lowestSeen < 0 ||
    result.race.databaseStock < 0,
);
process.exit(broken ? 1 : 0);
