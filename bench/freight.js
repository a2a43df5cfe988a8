// `npm run bench:freight`: what a freight quote answered by the cache costs at the server (issue
// 52: under 5 ms), on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
// a fresh database, dropped after). A production store quoting by Melhor Envio (a loopback
// stand-in that answers at once), one product: the freight page for one unit of it, with a CEP
// after a first request filled the cache, beside the same page without a CEP (no quote), one
// request at a time; p50 and p95 of each, and the difference of their medians: the quote's cost.
import { spawn, spawnSync } from "node:child_process";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { benchStoreEnv, freePort, postgresDatabase, waitFor } from "./processes.js";

const root = path.resolve(import.meta.dirname, "..");
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const TOKEN = "bench-token";

/** Melhor Envio's calculator as a stand-in: two services, at once. */
async function fakeMelhorEnvio() {
  const services = [
    {
      id: 1,
      name: "PAC",
      custom_price: "23.45",
      custom_delivery_range: { min: 5, max: 7 },
      company: { name: "Correios" },
    },
    {
      id: 2,
      name: "SEDEX",
      custom_price: "41.07",
      custom_delivery_range: { min: 1, max: 2 },
      company: { name: "Correios" },
    },
  ];
  let requests = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    requests += 1;
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(services));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/api/v2/me`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The freight section a store quoting by Melhor Envio saves (shipping/freight-settings.ts). */
const FREIGHT = {
  mode: "quote",
  provider: "melhorenvio",
  originCep: "01310100",
  services: [],
  handlingDays: 1,
  feeCents: 0,
  feeBasisPoints: 0,
  freeOverCents: null,
  freeRegions: [],
  freeService: null,
  defaultParcel: { weightGrams: 500, heightCm: 10, widthCm: 15, lengthCm: 20 },
  table: [],
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (value) => `${value.toFixed(2)} ms`;

async function timed(url) {
  const times = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} respondeu ${response.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const database = await postgresDatabase();
if (!database) {
  console.error("Sem PostgreSQL em BENCH_DATABASE_URL: nada medido.");
  process.exit(1);
}
const fake = await fakeMelhorEnvio();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-freight-"));
let child;
try {
  const built = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "ignore" });
  if (built.status !== 0) throw new Error("npm run build falhou");
  const port = await freePort();
  child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...benchStoreEnv({ port, dataDir, databaseUrl: database.url }),
      MELHOR_ENVIO_TOKEN: TOKEN,
      MELHOR_ENVIO_API_URL: fake.url,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/readyz`, child);

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const {
    rows: [product],
  } = await client.query(
    "insert into products (name, category, price_cents, price_max_cents, weight_grams, height_cm, width_cm, length_cm) values ('Fone de bancada', 'Áudio', 29990, 29990, 350, 8, 18, 20) returning id",
  );
  const {
    rows: [variant],
  } = await client.query(
    "insert into product_variants (product_id, sku, price_cents, stock) values ($1, 'BENCH-FRETE', 29990, 10) returning id",
    [product.id],
  );
  await client.query(
    "update store_settings set sections = sections || jsonb_build_object('freight', $1::jsonb), version = version + 1",
    [JSON.stringify(FREIGHT)],
  );
  await client.end();

  const page = `${base}/freight?variant=${variant.id}`;
  const quote = `${page}&cep=20040-000`;
  const first = await fetch(quote);
  const answer = await first.text();
  if (!answer.includes("SEDEX")) throw new Error("a primeira cotação não trouxe os serviços do Melhor Envio");
  const withoutCep = await timed(page);
  const cached = await timed(quote);
  const quoteCost = percentile(cached, 50) - percentile(withoutCep, 50);
  console.log(
    `Página de frete sem CEP:         p50 ${ms(percentile(withoutCep, 50))}, p95 ${ms(percentile(withoutCep, 95))}`,
  );
  console.log(
    `Com CEP, cotação do cache:        p50 ${ms(percentile(cached, 50))}, p95 ${ms(percentile(cached, 95))}`,
  );
  console.log(`Custo da cotação (diferença das medianas): ${ms(quoteCost)}  (meta: < 5 ms)`);
  console.log(`Pedidos ao Melhor Envio: ${fake.requests()} (a primeira cotação; as outras vieram do cache)`);
} finally {
  if (child && child.exitCode === null) {
    await new Promise((resolve) => {
      child.once("exit", resolve);
      child.kill("SIGTERM");
    });
  }
  await fake.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
