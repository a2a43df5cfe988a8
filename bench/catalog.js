// `npm run bench:catalog`: the catalogue's pages as they are rendered when the page cache cannot
// answer, at 100,000 products on PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test; a fresh database, dropped after). One request at a time,
// each a listing no earlier request asked for (so a cache miss); p50/p95/p99 per kind of filter,
// for the first listing after a start (the store restarted STARTS times; nothing is asked before
// it), and for the first listing after a product changed (a new catalogue version). Every product has
// a brand and six variants at two prices (synthetic-products.server.ts).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, PG_URL, postgresDatabase, waitFor } from "./processes.js";

const root = path.resolve(import.meta.dirname, "..");
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SAMPLES = 40;
const STARTS = 5;

function run(command, args, env) {
  const result = spawnSync(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: "ignore" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} falhou`);
}

async function startStore(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, child);
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

/** A deterministic stream of numbers in [0, 1), so every run asks for the same listings. */
function randomFrom(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** The listings of each kind, SAMPLES apiece (fewer where fewer exist), all different. */
function listings(categories, brands, words) {
  const random = randomFrom(7);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const price = () => Math.round(50 + random() * 5_000);
  const kinds = {
    "nome, 1 letra": [..."abcdefghijklmnopqrstuvwxyzáçêó"].map((letter) => ({ q: letter })),
    "nome, 2 letras": [...LETTERS].flatMap((first) => [`${first}a`, `${first}o`]).map((q) => ({ q })),
    "nome, palavra": words.map((word) => ({ q: word })),
    "faixa de preço": Array.from({ length: SAMPLES }, () => {
      const min = price();
      return { min: String(min), max: String(min + price()) };
    }),
    categoria: categories.flatMap((category) => [1, 2, 3, 4, 5, 6].map((page) => ({ category, page }))),
    marca: brands.flatMap((brand) => [1, 2, 3, 4].map((page) => ({ brand, page }))),
    "marca e faixa de preço": Array.from({ length: SAMPLES }, () => {
      const min = price();
      return { brand: pick(brands), min: String(min), max: String(min + price()) };
    }),
    "combinação, 1 letra": Array.from({ length: SAMPLES }, () => ({
      q: pick(LETTERS),
      max: String(price()),
    })),
    "combinação, 2 letras": Array.from({ length: SAMPLES }, () => ({
      q: pick(LETTERS) + pick("aeiou"),
      category: pick(categories),
      min: String(price()),
    })),
    // Deep pages at several depths, to show whether a page costs more the further it is.
    ...Object.fromEntries(
      [2, 200, 2_000, 4_000].map((depth) => [
        `página ${depth.toLocaleString("pt-BR")}+`,
        Array.from({ length: SAMPLES }, (_, index) => ({ page: depth + index })),
      ]),
    ),
    "categoria, página profunda": Array.from({ length: SAMPLES }, (_, index) => ({
      category: categories[index % categories.length],
      page: 300 + index * 10,
    })),
    "1 letra, página profunda": Array.from({ length: SAMPLES }, (_, index) => ({
      q: "aeiou"[index % 5],
      page: 1_000 + index * 50,
    })),
  };
  return Object.entries(kinds).map(([kind, queries]) => [kind, queries.slice(0, SAMPLES)]);
}

const seen = new Set();

/** One uncached render of `/catalog` with these filters: its time in ms, or null if cached. */
async function timeListing(baseUrl, filters) {
  const search = new URLSearchParams(Object.entries(filters).map(([name, value]) => [name, String(value)]));
  const key = search.toString();
  if (seen.has(key)) return null;
  seen.add(key);
  const startedAt = performance.now();
  const response = await fetch(`${baseUrl}/catalog?${search}`);
  await response.text();
  const elapsed = performance.now() - startedAt;
  if (response.status !== 200) throw new Error(`/catalog?${key} respondeu ${response.status}`);
  return response.headers.get("x-cache") === "HIT" ? null : elapsed;
}

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

const format = (value) => value.toLocaleString("pt-BR", { maximumFractionDigits: 1 });

function summary(kind, times) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    kind,
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1),
  };
}

const CHANGES = 10;

/**
 * The first listing after each of CHANGES changes of a variant's price, as the admin makes them:
 * what a new catalogue version costs.
 */
async function timeFirstListingsAfterChanges(baseUrl, databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const times = [];
  try {
    for (let index = 0; index < CHANGES; index++) {
      await client.query(
        "update product_variants set price_cents = price_cents + 1 where product_id = $1 and display_order = 0",
        [index + 1],
      );
      const time = await timeListing(baseUrl, { q: `mudança${index}` });
      if (time !== null) times.push(time);
    }
  } finally {
    await client.end();
  }
  return times;
}

const database = await postgresDatabase();
if (!database) {
  console.error(`PostgreSQL não responde em ${PG_URL}: nada a medir.`);
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-catalog-"));
const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, SEED_DEMO: "false" };
let store;
try {
  console.log("Gerando a build de produção…");
  run("npm", ["run", "--silent", "build"]);
  console.log(`Cadastrando ${PRODUCTS.toLocaleString("pt-BR")} produtos…`);
  run("npx", ["tsx", "scripts/db.ts", "seed", "--products", String(PRODUCTS)], env);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query("vacuum analyze products, product_variants");
  const categories = (await client.query("select distinct category from products order by 1")).rows.map(
    (row) => row.category,
  );
  const brands = (
    await client.query("select distinct brand from products where brand is not null order by 1")
  ).rows.map((row) => row.brand);
  const words = (
    await client.query(
      `select distinct split_part(name, ' ', 2) as word from products order by 1 limit ${SAMPLES}`,
    )
  ).rows.map((row) => row.word);
  await client.end();

  console.log("Medindo, uma requisição por vez…");
  const firstAfterStart = [];
  for (let start = 0; start < STARTS; start++) {
    await store?.stop();
    store = await startStore(env);
    firstAfterStart.push(await timeListing(store.url, { q: LETTERS[start] + "e" }));
  }
  const rows = [summary("primeira após a partida", firstAfterStart)];
  for (const [kind, queries] of listings(categories, brands, words)) {
    const times = [];
    for (const filters of queries) {
      const time = await timeListing(store.url, filters);
      if (time !== null) times.push(time);
    }
    rows.push(summary(kind, times));
  }
  rows.push(
    summary("primeira após uma mudança", await timeFirstListingsAfterChanges(store.url, database.url)),
  );
  console.log(
    `\n${PRODUCTS.toLocaleString("pt-BR")} produtos, PostgreSQL; tempo até a página inteira (ms)\n`,
  );
  console.log("| filtro | páginas | p50 | p95 | p99 | máx. |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const row of rows) {
    console.log(
      `| ${row.kind} | ${row.count} | ${format(row.p50)} | ${format(row.p95)} | ${format(row.p99)} | ${format(row.max)} |`,
    );
  }
} finally {
  await store?.stop();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
