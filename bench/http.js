// `npm run bench`: requests/second and latency of the store's pages, for visitors (from the page
// cache) and for a signed-in customer (a session the script makes), beside a bare node:http server
// answering a fixed string and an empty React Router page served by react-router-serve, measured
// in the same run. Visitors also ask for the script every page loads. Each visitor page (and the
// script) is also measured as a node:http server with no logic at all sends it (the same headers
// and bytes, captured from the store): the cost of the bytes themselves, which any server pays. The load comes from wrk (Debian's `wrk`, one thread): it
// reads an answer without decoding it, where autocannon turns every body into a JavaScript string
// and, for a compressed page, measured itself (decision 0001).
// Embedded database first, then PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test) when it answers.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort, PG_URL, postgresDatabase, signUpBenchCustomer, waitFor } from "./processes.js";

const root = path.resolve(import.meta.dirname, "..");
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;

const emptyApp = path.join(root, "bench/empty-app");
/** Each page is measured as a bare client asks for it, and as a browser does (compressed). */
const ENCODINGS = { nenhuma: {}, "br (navegador)": { "Accept-Encoding": "gzip, deflate, br, zstd" } };

async function startProcess(args, env, readyPath, cwd = root) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd,
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

const WRK = process.env.WRK_PATH ?? "wrk";

/** A latency as wrk prints it (`512.00us`, `1.20ms`, `2.01s`), in milliseconds. */
function milliseconds(text) {
  const [, value, unit] = /^([\d.]+)(us|ms|s)$/.exec(text);
  return Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];
}

function measure(url, headers = {}) {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${DURATION_S}s`, "--latency", ...headerArgs, url];
  return new Promise((resolve, reject) => {
    const child = spawn(WRK, args, { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("error", (error) =>
      reject(
        error.code === "ENOENT"
          ? new Error("o wrk não está instalado: apt-get install -y wrk (ou WRK_PATH=caminho)")
          : error,
      ),
    );
    child.on("close", (status) => {
      const failed = /Non-2xx or 3xx responses: \d+|Socket errors: .*/.exec(output);
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(output)?.[1];
      if (status !== 0 || failed || !rps) return reject(new Error(`${url}: ${failed?.[0] ?? output}`));
      const percentile = (label) => milliseconds(new RegExp(`^\\s+${label}%\\s+(\\S+)`, "m").exec(output)[1]);
      resolve({ rps: Number(rps), p50: percentile(50), p99: percentile(99) });
    });
  });
}

async function productPath(baseUrl) {
  const html = await (await fetch(baseUrl + "/")).text();
  const id = html.match(/href="\/product\/(\d+)"/)?.[1];
  return `/product/${id ?? 1}`;
}

/** The script every page loads (React and React Router), as the home page names it. */
async function frameworkScript(baseUrl) {
  const html = await (await fetch(baseUrl + "/")).text();
  const script = html.match(/\/assets\/framework-[\w-]+\.js/)?.[0];
  if (!script) throw new Error("a página inicial não carrega o script framework");
  return script;
}

async function benchStore(label, env, floors, rows) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-"));
  const store = await startProcess(
    ["server.js"],
    { DATA_DIR: dataDir, NODE_ENV: "production", ...env },
    "/readyz",
  );
  try {
    const product = await productPath(store.url);
    const script = await frameworkScript(store.url);
    const cookie = await signUpBenchCustomer(store.url, "cliente-bench@example.com");
    const audiences = [
      { who: "visitante", headers: {}, paths: ["/", "/catalog", product, script] },
      { who: "cliente", headers: { cookie }, paths: [product, "/account", "/catalog"] },
    ];
    for (const [encoding, encodingHeaders] of Object.entries(ENCODINGS)) {
      for (const { who, headers, paths } of audiences) {
        for (const pagePath of paths) {
          const result = await measure(store.url + pagePath, { ...headers, ...encodingHeaders });
          const row = { server: label, who, encoding, path: pagePath, ...result, ...ratios(result, floors) };
          rows.push(row);
          if (who !== "visitante") continue;
          const sameBytes = await measureSameBytes(store.url + pagePath, encodingHeaders);
          row.vsSameBytes = result.rps / sameBytes.rps;
          rows.push({
            server: "node:http, os mesmos bytes",
            who: "—",
            encoding,
            path: pagePath,
            ...sameBytes,
            ...ratios(sameBytes, floors),
          });
        }
      }
    }
  } finally {
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The store's answer to a GET as it went on the wire: its headers (as sent) and body bytes. */
function rawAnswer(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const sent = [];
          for (let index = 0; index < response.rawHeaders.length; index += 2) {
            const name = response.rawHeaders[index];
            // node:http writes these itself.
            if (!/^(date|connection|keep-alive)$/i.test(name))
              sent.push([name, response.rawHeaders[index + 1]]);
          }
          resolve({ headers: sent, body: Buffer.concat(chunks).toString("base64") });
        });
      })
      .on("error", reject);
  });
}

/** req/s of a node:http server that answers every request with the store's answer to this one. */
async function measureSameBytes(url, headers) {
  const answerFile = path.join(os.tmpdir(), `vitrine-bench-answer-${process.pid}.json`);
  writeFileSync(answerFile, JSON.stringify(await rawAnswer(url, headers)));
  const server = await startProcess(
    [
      "-e",
      `const { headers, body } = JSON.parse(require("node:fs").readFileSync(${JSON.stringify(answerFile)}, "utf8"));
      const bytes = Buffer.from(body, "base64");
      require("node:http").createServer((q, s) => { s.writeHead(200, headers.flat()); s.end(bytes); }).listen(process.env.PORT, process.env.HOST);`,
    ],
    {},
    "/",
  );
  try {
    return await measure(server.url, headers);
  } finally {
    await server.stop();
    rmSync(answerFile, { force: true });
  }
}

const ratios = (result, floors) => ({
  vsBare: result.rps / floors.bare.rps,
  vsEmpty: result.rps / floors.empty.rps,
});

const format = (value, digits = 0) => value.toLocaleString("pt-BR", { maximumFractionDigits: digits });

console.log("Gerando a build de produção…");
const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "ignore" });
if (build.status !== 0) throw new Error("a build falhou: rode npm run build para ver o erro");
const emptyBuild = spawnSync("npx", ["react-router", "build"], { cwd: emptyApp, stdio: "ignore" });
if (emptyBuild.status !== 0) throw new Error("a build da página vazia (bench/empty-app) falhou");

const bareServer = await startProcess(
  [
    "-e",
    "require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT, process.env.HOST)",
  ],
  {},
  "/",
);
const emptyServer = await startProcess(
  [path.join(root, "node_modules/@react-router/serve/bin.js"), "build/server/index.js"],
  { NODE_ENV: "production" },
  "/",
  emptyApp,
);
console.log(`Medindo (${CONNECTIONS} conexões, ${DURATION_S} s por página)…`);
const floors = { bare: await measure(bareServer.url), empty: await measure(emptyServer.url) };
await emptyServer.stop();
const rows = [
  {
    server: "node:http (texto fixo)",
    who: "—",
    encoding: "—",
    path: "/",
    ...floors.bare,
    ...ratios(floors.bare, floors),
  },
  {
    server: "React Router, página vazia (react-router-serve)",
    who: "—",
    encoding: "—",
    path: "/",
    ...floors.empty,
    ...ratios(floors.empty, floors),
  },
];
await benchStore("Vitrine (PGlite)", {}, floors, rows);
const database = await postgresDatabase();
if (database) {
  try {
    await benchStore("Vitrine (PostgreSQL)", { DATABASE_URL: database.url }, floors, rows);
  } finally {
    await database.drop();
  }
} else {
  console.log(`PostgreSQL não responde em ${PG_URL}: medição só no PGlite.`);
}
await bareServer.stop();

console.log(
  `\n| servidor | quem | compressão | página | req/s | p50 (ms) | p99 (ms) | vs node:http | vs página vazia | vs mesmos bytes |`,
);
console.log(`| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |`);
for (const row of rows) {
  const vsSameBytes = row.vsSameBytes === undefined ? "—" : `${format(row.vsSameBytes * 100, 1)}%`;
  console.log(
    `| ${row.server} | ${row.who} | ${row.encoding} | ${row.path} | ${format(row.rps)} | ${format(row.p50, 1)} | ${format(row.p99, 1)} | ${format(row.vsBare * 100, 1)}% | ${format(row.vsEmpty * 100, 1)}% | ${vsSameBytes} |`,
  );
}
