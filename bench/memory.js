// `npm run bench:memory`: the store's resident memory (RSS) on the embedded database, read from
// /proc/<pid>/status of the server process: the peak of a first start on a fresh data directory
// (migrations, admin, demo catalogue), idle once ready, the peak under the `bench` load (visitor
// pages, then a signed-in customer's), and idle again after a restart on the same data.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuild } from "../scripts/ensure-build.js";
import { freePort, signUpBenchCustomer, waitFor } from "./processes.js";

const root = path.resolve(import.meta.dirname, "..");
const IDLE_S = Number(process.env.BENCH_IDLE_SECONDS ?? 15);
const LOAD_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;

/** VmRSS (now) and VmHWM (the peak so far) of a process, in MB. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = (field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))[1]);
  return { rss: kilobytes("VmRSS") / 1024, peak: kilobytes("VmHWM") / 1024 };
}

/** The process and its descendants (a build, PGlite's initdb), while they run. */
function processTree(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean);
    return [pid, ...children.flatMap((child) => processTree(Number(child)))];
  } catch {
    return [];
  }
}

/** The most the process and its descendants held together, sampled every 50 ms until `stop`. */
function sampleTree(pid) {
  let peak = 0;
  const sample = () => {
    const total = processTree(pid).reduce((sum, member) => {
      try {
        return sum + memoryOf(member).rss;
      } catch {
        return sum;
      }
    }, 0);
    peak = Math.max(peak, total);
  };
  const timer = setInterval(sample, 50);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/** Starts the store as `npm start` does, on `dataDir`, and resolves once /readyz answers. */
async function startStore(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/start.js"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const treePeak = sampleTree(child.pid);
  await waitFor(url + "/readyz", child);
  return {
    url,
    seconds: (Date.now() - started) / 1000,
    treePeak: treePeak(),
    memory: () => memoryOf(child.pid),
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

const idle = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: LOAD_S }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0) {
        return reject(new Error(`${url}: ${result.non2xx} respostas não-2xx, ${result.errors} erros`));
      }
      resolve();
    });
  });
}

/** The peak RSS while `work` runs, sampled every 100 ms (VmHWM would also count earlier peaks). */
async function peakDuring(store, work) {
  let peak = store.memory().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, store.memory().rss)), 100);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, store.memory().rss);
}

const format = (megabytes) => `${Math.round(megabytes)} MB`;

// Built here, as `npm start` would, so the measured process only serves.
if (!ensureBuild()) throw new Error("a build falhou: rode npm run build para ver o erro");

const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-memory-"));
const rows = [];
try {
  console.log("Primeira partida numa pasta de dados nova (PGlite)…");
  const first = await startStore(dataDir);
  rows.push([
    "primeira partida: pico até ficar pronta",
    first.memory().peak,
    `pronta em ${first.seconds.toFixed(1)} s`,
  ]);
  rows.push(["primeira partida: pico com os processos filhos", first.treePeak, "somados, a cada 50 ms"]);
  await idle(IDLE_S);
  rows.push([`parada após semear (${IDLE_S} s)`, first.memory().rss, ""]);
  const html = await (await fetch(first.url + "/")).text();
  const product = `/product/${html.match(/href="\/product\/(\d+)"/)?.[1] ?? 1}`;
  const cookie = await signUpBenchCustomer(first.url, "cliente-bench@example.com");
  console.log(`Carga do bench (${CONNECTIONS} conexões, ${LOAD_S} s por página)…`);
  const loadPeak = await peakDuring(first, async () => {
    for (const pagePath of ["/", "/catalog", product]) await load(first.url + pagePath);
    for (const pagePath of [product, "/account", "/catalog"]) await load(first.url + pagePath, { cookie });
  });
  rows.push(["sob a carga do bench: pico", loadPeak, "visitante e cliente"]);
  await idle(IDLE_S);
  rows.push([`parada após a carga (${IDLE_S} s)`, first.memory().rss, ""]);
  await first.stop();

  console.log("Nova partida nos mesmos dados…");
  const restarted = await startStore(dataDir);
  await idle(IDLE_S);
  rows.push([
    `nova partida: parada (${IDLE_S} s)`,
    restarted.memory().rss,
    `pico ${format(restarted.memory().peak)}`,
  ]);
  await restarted.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log("\n| momento | RSS | nota |");
console.log("| --- | ---: | --- |");
for (const [moment, megabytes, note] of rows) console.log(`| ${moment} | ${format(megabytes)} | ${note} |`);
