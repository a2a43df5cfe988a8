// `npm run bench:rolling`: a rolling restart under load. Three store processes on one PostgreSQL
// database behind Debian's nginx running docs/nginx.conf (as tests/postgres/reverse-proxy.test.ts
// runs it), the checkout load of `npm run bench:checkout` (20 buyers, each ordering one product
// after another) and 10 visitors reading pages, all through nginx; meanwhile each process is
// restarted in turn as systemd does it (SIGTERM, the drain, a new process on the same port, the
// next one once `/readyz` says ready), twice. Every answer is counted: a failed one is listed by
// what the client saw. The orders the buyers were told about are then counted in the database.
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";
import { ensureBuild } from "../scripts/ensure-build.js";
import { startNginx } from "../tests/support/nginx";
import { createOrder, jsonRequest, runBuyers, seed, signUpBuyer, timed } from "./checkout-load.js";
import { benchStoreEnv, freePort, postgresDatabase, waitFor } from "./processes.js";

const root = path.resolve(import.meta.dirname, "..");
const INSTANCES = 3;
const ROUNDS = 2;
const BUYERS = 20;
const VISITORS = 10;
/** Load before the first restart and after the last, and between one process ready and the next restart. */
const SETTLE_S = 3;
const AUTH_SECRET = randomBytes(48).toString("base64url");

interface Store {
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** The store's warnings and errors (pino level >= 40), over all its processes. */
  problems: string[];
}

interface Outcome {
  ok: number;
  failed: number;
  errors: Map<string, number>;
}

async function main() {
  if (!ensureBuild()) throw new Error("a build falhou: rode npm run build para ver o erro");
  const database = await postgresDatabase();
  if (!database) throw new Error("PostgreSQL não responde (BENCH_DATABASE_URL)");
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const nginx = await startNginx(ports.map((port) => `http://127.0.0.1:${port}`));
  const stores: Store[] = ports.map((port) => ({
    port,
    dataDir: mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-rolling-")),
    child: null as unknown as ChildProcess,
    problems: [],
  }));
  const start = async (store: Store) => {
    store.child = spawn(process.execPath, ["server.js"], {
      cwd: root,
      env: {
        ...benchStoreEnv({ port: store.port, dataDir: store.dataDir, databaseUrl: database.url }),
        AUTH_SECRET,
        PUBLIC_URL: nginx.url,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [store.child.stdout!, store.child.stderr!]) {
      readline.createInterface({ input: stream }).on("line", (line) => store.problems.push(line));
    }
    await waitFor(`http://127.0.0.1:${store.port}/readyz`, store.child);
  };
  const stop = (store: Store) =>
    new Promise<void>((resolve) => {
      if (store.child.exitCode !== null || store.child.signalCode !== null) return resolve();
      store.child.once("exit", () => resolve());
      store.child.kill("SIGTERM");
    });

  try {
    // The first migrates the empty database; the others find it ready.
    await start(stores[0]!);
    await Promise.all(stores.slice(1).map(start));
    const front = { url: nginx.url };
    console.log(`${INSTANCES} lojas atrás do nginx em ${nginx.url}; cadastrando ${BUYERS} compradores…`);
    const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, index) => signUpBuyer(front, index)));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const query = async (text: string, params?: unknown[]) => (await client.query(text, params)).rows;
    const { hot } = await seed(query, buyers);
    const pages = ["/", "/catalog", `/product/${hot[0].id}`, "/cart"];

    let restarting = true;
    const keepGoing = () => restarting;
    const orders = runBuyers(
      buyers,
      [front],
      (store: typeof front, buyer: unknown, iteration: number) =>
        createOrder(store, buyer, hot[iteration % hot.length]),
      keepGoing,
    ) as Promise<Outcome>;
    const visitors = runBuyers(
      Array.from({ length: VISITORS }, (_, index) => ({ index })),
      [front],
      (store: typeof front, visitor: { index: number }, iteration: number) =>
        timed(async () => {
          const { status } = await jsonRequest(
            store.url + pages[(visitor.index + iteration) % pages.length],
            {},
          );
          return status === 200 ? null : `HTTP ${status}`;
        }),
      keepGoing,
    ) as Promise<Outcome>;

    const started = performance.now();
    await waitSeconds(SETTLE_S);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [index, store] of stores.entries()) {
        const restartStarted = performance.now();
        await stop(store);
        await start(store);
        const seconds = ((performance.now() - restartStarted) / 1000).toFixed(1);
        console.log(`  rodada ${round}: loja ${index + 1} reiniciada e pronta em ${seconds} s`);
        await waitSeconds(SETTLE_S);
      }
    }
    restarting = false;
    const [ordered, visited] = await Promise.all([orders, visitors]);
    const elapsed = (performance.now() - started) / 1000;
    const [{ count: saved }] = await query(`select count(*)::int as count from orders`);
    await client.end();

    console.log(
      `\n### Reinício em sequência: ${INSTANCES} lojas, ${ROUNDS} rodadas, ${elapsed.toFixed(0)} s\n`,
    );
    console.log(`| medida | valor |`);
    console.log(`| --- | ---: |`);
    const rows: [string, string][] = [
      [`pedidos (POST, ${BUYERS} compradores): respondidos / com erro`, `${ordered.ok} / ${ordered.failed}`],
      ["pedidos: erros", errorSummary(ordered.errors)],
      [`páginas (GET, ${VISITORS} visitantes): respondidas / com erro`, `${visited.ok} / ${visited.failed}`],
      ["páginas: erros", errorSummary(visited.errors)],
      [
        "requisições com erro / total",
        `${ordered.failed + visited.failed} / ${ordered.ok + ordered.failed + visited.ok + visited.failed}`,
      ],
      ["pedidos no banco / pedidos respondidos", `${saved} / ${ordered.ok}`],
      ["avisos e erros no log das lojas", problemSummary(stores)],
      ["erros no log do nginx", nginxSummary(await nginx.errors())],
    ];
    for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
    process.exitCode = ordered.failed + visited.failed > 0 || saved !== ordered.ok ? 1 : 0;
  } finally {
    await Promise.all(stores.map((store) => (store.child ? stop(store) : undefined)));
    await nginx.stop();
    await database.drop();
    for (const store of stores) rmSync(store.dataDir, { recursive: true, force: true });
  }
}

const waitSeconds = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

function errorSummary(errors: Map<string, number>): string {
  if (errors.size === 0) return "0";
  return [...errors].map(([message, count]) => `${count}× ${message}`).join("; ");
}

/** The stores' warnings and errors (pino JSON, level 40 and above), counted by message. */
function problemSummary(stores: Store[]): string {
  const counts = new Map<string, number>();
  for (const line of stores.flatMap((store) => store.problems)) {
    let entry: { level?: number; msg?: string };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      entry = { level: 50, msg: line };
    }
    if ((entry.level ?? 0) < 40) continue;
    const message = (entry.msg ?? "").slice(0, 120);
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  return errorSummary(counts);
}

/** nginx's error lines without their time, connection and addresses: what went wrong, counted. */
function nginxSummary(lines: string[]): string {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const what = /\] \d+#\d+: \*\d+ ([^,]+)/.exec(line)?.[1] ?? line;
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return errorSummary(counts);
}

await main();
