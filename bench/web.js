// `npm run bench:web`: Lighthouse (mobile defaults, median of 3 runs) on the built store's home,
// catalogue and a product page, driving Debian's Chromium. Prints scores, metrics and JS weight.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { freePort } from "./processes.js";

const root = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** A folder to keep every run's full Lighthouse report in (JSON), to see where the time went. */
const REPORTS = process.env.BENCH_WEB_REPORTS;

async function startStore() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-web-"));
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 1200; attempt++) {
    if ((await fetch(`${url}/readyz`).catch(() => null))?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      await new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function scriptTransferKb(lhr) {
  const items = lhr.audits["resource-summary"]?.details?.items ?? [];
  const scripts = items.find((item) => item.resourceType === "script");
  return (scripts?.transferSize ?? 0) / 1024;
}

console.log("Gerando a build de produção…");
if (spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "ignore" }).status) {
  throw new Error("a build falhou: rode npm run build para ver o erro");
}
const store = await startStore();
const productId = (await (await fetch(`${store.url}/`)).text()).match(/href="\/product\/(\d+)"/)?.[1] ?? "1";
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

const rows = [];
try {
  for (const pagePath of ["/", "/catalog", `/product/${productId}`]) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${store.url}${pagePath}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
      });
      // On a busy machine Chromium sometimes loses a run's trace (NO_NAVSTART): left out of the median.
      if (result.lhr.runtimeError)
        console.log(`${pagePath}: execução descartada (${result.lhr.runtimeError.code})`);
      else runs.push(result.lhr);
      if (REPORTS) {
        mkdirSync(REPORTS, { recursive: true });
        const name = `${pagePath.replaceAll("/", "_") || "_"}-${run + 1}.json`;
        writeFileSync(path.join(REPORTS, name), JSON.stringify(result.lhr));
      }
    }
    if (!runs.length) throw new Error(`${pagePath}: nenhuma execução do Lighthouse terminou`);
    const lhr = computeMedianRun(runs);
    const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const metric = (audit) => lhr.audits[audit]?.numericValue ?? 0;
    rows.push({
      page: runs.length < RUNS ? `${pagePath} (${runs.length} de ${RUNS})` : pagePath,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      fcp: metric("first-contentful-paint") / 1000,
      lcp: metric("largest-contentful-paint") / 1000,
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      js: scriptTransferKb(lhr),
      failing: Object.values(lhr.audits)
        .filter(
          (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative",
        )
        .map((audit) => audit.id),
    });
  }
} finally {
  await chrome.kill();
  await store.stop();
}

console.log(`\nLighthouse ${RUNS}x por página (mediana), perfil móvel padrão\n`);
console.log(
  "| página | desempenho | acessibilidade | boas práticas | SEO | FCP (s) | LCP (s) | TBT (ms) | CLS | JS (KB comprimido) |",
);
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const row of rows) {
  console.log(
    `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.fcp.toFixed(2)} | ${row.lcp.toFixed(2)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} | ${row.js.toFixed(1)} |`,
  );
}
for (const row of rows) {
  if (row.failing.length) console.log(`${row.page}: auditorias abaixo de 90: ${row.failing.join(", ")}`);
}
