// `npm run bench`: requests/second and latency of the store's pages, beside a bare node:http
// server answering a fixed string, measured in the same run. Embedded database first, then
// PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) when it answers.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort, waitFor } from "./processes.js";

const root = path.resolve(import.meta.dirname, "..");
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function startProcess(args, env, readyPath) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url + readyPath, child);
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

function measure(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0) {
        return reject(new Error(`${url}: ${result.non2xx} respostas não-2xx, ${result.errors} erros`));
      }
      resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
    });
  });
}

async function productPath(baseUrl) {
  const html = await (await fetch(baseUrl + "/")).text();
  const id = html.match(/href="\/product\/(\d+)"/)?.[1];
  return `/product/${id ?? 1}`;
}

async function benchStore(label, env, bare, rows) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-"));
  const store = await startProcess(
    ["server.js"],
    { DATA_DIR: dataDir, NODE_ENV: "production", ...env },
    "/readyz",
  );
  try {
    for (const pagePath of ["/", "/catalog", await productPath(store.url)]) {
      const result = await measure(store.url + pagePath);
      rows.push({ server: label, path: pagePath, ...result, ratio: result.rps / bare.rps });
    }
  } finally {
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresDatabase() {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `vitrine_bench_${process.pid}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const format = (value, digits = 0) => value.toLocaleString("pt-BR", { maximumFractionDigits: digits });

console.log("Gerando a build de produção…");
const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "ignore" });
if (build.status !== 0) throw new Error("a build falhou: rode npm run build para ver o erro");

const bareServer = await startProcess(
  [
    "-e",
    "require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT, process.env.HOST)",
  ],
  {},
  "/",
);
console.log(`Medindo (${CONNECTIONS} conexões, ${DURATION_S} s por página)…`);
const bare = await measure(bareServer.url);
const rows = [{ server: "node:http (texto fixo)", path: "/", ...bare, ratio: 1 }];
await benchStore("Vitrine (PGlite)", {}, bare, rows);
const database = await postgresDatabase();
if (database) {
  try {
    await benchStore("Vitrine (PostgreSQL)", { DATABASE_URL: database.url }, bare, rows);
  } finally {
    await database.drop();
  }
} else {
  console.log(`PostgreSQL não responde em ${PG_URL}: medição só no PGlite.`);
}
await bareServer.stop();

console.log(`\n| servidor | página | req/s | p50 (ms) | p99 (ms) | vs node:http |`);
console.log(`| --- | --- | ---: | ---: | ---: | ---: |`);
for (const row of rows) {
  console.log(
    `| ${row.server} | ${row.path} | ${format(row.rps)} | ${format(row.p50, 1)} | ${format(row.p99, 1)} | ${format(row.ratio * 100, 1)}% |`,
  );
}
