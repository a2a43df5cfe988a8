// `npm run bench:web`: Lighthouse (mobile defaults, 3 runs each) on the built store's home,
// catalogue, a product page with variants, a signed-in customer's cart with two items and their
// account, driving Debian's Chromium. Prints every run's scores, metrics and JS weight, then the
// median of each page, then the tasks that blocked each run.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { freePort, signUpBenchCustomer } from "./processes.js";

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
/** The products a page links to, in order. */
async function productLinks(pagePath) {
  const html = await (await fetch(`${store.url}${pagePath}`)).text();
  const ids = [...html.matchAll(/href="\/product\/(\d+)"/g)].map((match) => Number(match[1]));
  if (!ids.length) throw new Error(`${pagePath}: nenhum produto na página`);
  return ids;
}
// A product sold in variants (colour and storage) of the demo catalogue, and another beside it.
const [withVariants] = await productLinks("/catalog?q=Nova%20X5%20Pro");
const other = (await productLinks("/")).find((id) => id !== withVariants);
// One of its variants, as the product page's picker links to them.
const productPage = await (await fetch(`${store.url}/product/${withVariants}`)).text();
const variantId = Number(productPage.match(/\?variant=(\d+)/)?.[1]);
const customer = await signUpBenchCustomer(store.url, `web-${Date.now()}@example.com`);
for (const line of [{ productId: withVariants, variantId }, { productId: other }]) {
  const added = await fetch(`${store.url}/api/cart`, {
    method: "POST",
    headers: { cookie: customer, origin: store.url, "content-type": "application/json" },
    body: JSON.stringify({ intent: "add", ...line }),
  });
  if (!added.ok) throw new Error(`o carrinho do bench falhou (${added.status})`);
}
/** The pages measured: a visitor's, then the signed-in customer's. */
const PAGES = [
  { path: "/" },
  { path: "/catalog" },
  { path: `/product/${withVariants}` },
  { path: "/cart", signedIn: true },
  { path: "/account", signedIn: true },
];
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

/** What a table row shows of one Lighthouse report. */
function rowOf(page, lhr) {
  const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const metric = (audit) => lhr.audits[audit]?.numericValue ?? 0;
  return {
    page,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: metric("first-contentful-paint") / 1000,
    lcp: metric("largest-contentful-paint") / 1000,
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    js: scriptTransferKb(lhr),
    // Lighthouse's reading of the machine's speed; a low or moving one makes runs incomparable.
    benchmarkIndex: lhr.environment.benchmarkIndex,
    blocking: blockingTasks(lhr),
    failing: Object.values(lhr.audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative",
      )
      .map((audit) => audit.id),
  };
}

/**
 * The tasks of Lighthouse's simulation that count toward TBT: the part of each long task after the
 * first contentful paint, less 50 ms. A task is named by the script it ran, the page's path (the
 * document: its parsing, its first layout and paint), or "Unattributable" (style, layout, paint).
 * Their sum is near TBT, not equal: Lighthouse averages two estimates of where FCP and TTI fall.
 */
function blockingTasks(lhr) {
  const fcp = lhr.audits["first-contentful-paint"]?.numericValue ?? 0;
  const tasks = lhr.audits["long-tasks"]?.details?.items ?? [];
  return tasks
    .map(({ url, startTime, duration }) => ({
      name: url.startsWith("http") ? new URL(url).pathname.replace(/^\/assets\//, "") : url,
      startTime,
      blocking: startTime + duration - Math.max(startTime, fcp) - 50,
    }))
    .filter((task) => task.blocking >= 1)
    .sort((a, b) => a.startTime - b.startTime);
}

/**
 * Puts the customer's session in the browser's cookie jar, as signing in does. Lighthouse keeps
 * cookies between runs; a Cookie header passed to it instead is dropped for the jar's cookies as
 * soon as a page writes one (the cart page does), and the next page is a visitor's.
 */
async function signInBrowser() {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const cookies = customer.split("; ").map((pair) => {
    const [name, value] = pair.split(/=(.*)/s);
    return { name, value, url: store.url };
  });
  await browser.contexts()[0].addCookies(cookies);
  await browser.close();
}

const runRows = [];
const medianRows = [];
try {
  let browserSignedIn = false;
  for (const { path: pagePath, signedIn } of PAGES) {
    if (signedIn && !browserSignedIn) {
      await signInBrowser();
      browserSignedIn = true;
    }
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
      else {
        runs.push(result.lhr);
        runRows.push(rowOf(`${pagePath} #${run + 1}`, result.lhr));
      }
      if (REPORTS) {
        mkdirSync(REPORTS, { recursive: true });
        const name = `${pagePath.replaceAll("/", "_") || "_"}-${run + 1}.json`;
        writeFileSync(path.join(REPORTS, name), JSON.stringify(result.lhr));
      }
    }
    if (!runs.length) throw new Error(`${pagePath}: nenhuma execução do Lighthouse terminou`);
    const page = runs.length < RUNS ? `${pagePath} (${runs.length} de ${RUNS})` : pagePath;
    medianRows.push(rowOf(page, computeMedianRun(runs)));
  }
} finally {
  await chrome.kill();
  await store.stop();
}

function printTable(title, rows) {
  console.log(`\n${title}\n`);
  console.log(
    "| página | desempenho | acessibilidade | boas práticas | SEO | FCP (s) | LCP (s) | TBT (ms) | CLS | JS (KB comprimido) | índice da máquina |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const row of rows) {
    console.log(
      `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.fcp.toFixed(2)} | ${row.lcp.toFixed(2)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} | ${row.js.toFixed(1)} | ${Math.round(row.benchmarkIndex)} |`,
    );
  }
}

printTable("Lighthouse, cada execução, perfil móvel padrão", runRows);
printTable(`Lighthouse ${RUNS}x por página (mediana)`, medianRows);
for (const row of runRows) {
  if (row.blocking.length) {
    const tasks = row.blocking.map(
      (task) => `${task.name} em ${Math.round(task.startTime)} ms (${Math.round(task.blocking)} ms)`,
    );
    console.log(`${row.page}: tarefas que bloquearam (simuladas, após o FCP): ${tasks.join(", ")}`);
  }
}
for (const row of runRows) {
  if (row.failing.length) console.log(`${row.page}: auditorias abaixo de 90: ${row.failing.join(", ")}`);
}
