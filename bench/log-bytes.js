// `npm run bench:logs`: how many bytes the store's log writes per request, for a mix of what
// visitors and a signed-in customer ask (pages from the caches and rendered, a 404, a form post,
// an asset), at LOG_LEVEL=info. Starts the store as `npm start` does, on a fresh data directory.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, signUpBenchCustomer, waitFor } from "./processes.js";

const root = path.resolve(import.meta.dirname, "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-logs-"));
const port = await freePort();
const child = spawn(process.execPath, [path.join(root, "scripts/start.js")], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" },
  stdio: ["ignore", "pipe", "inherit"],
});
let logged = "";
child.stdout.on("data", (chunk) => (logged += chunk.toString()));
const url = `http://127.0.0.1:${port}`;

try {
  await waitFor(`${url}/readyz`, child);
  const cookie = await signUpBenchCustomer(url, "cliente-logs@example.com");
  const asset =
    (await (await fetch(url + "/")).text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1] ?? "/favicon.ico";
  const visitor = [
    "/",
    "/catalog",
    "/catalog?q=mouse&page=2",
    "/product/1",
    "/cart",
    "/auth",
    "/nao-existe",
    asset,
  ];
  const customer = ["/", "/account", "/account/orders", "/catalog"];
  // One round first, so the caches hold what later rounds ask, as in a running shop.
  const round = async () => {
    for (const pagePath of visitor) await (await fetch(url + pagePath)).arrayBuffer();
    for (const pagePath of customer)
      await (await fetch(url + pagePath, { headers: { cookie } })).arrayBuffer();
    const post = await fetch(`${url}/api/cart`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: url },
      body: JSON.stringify({ items: [] }),
    });
    await post.arrayBuffer();
  };
  await round();
  const requests = ROUNDS * (visitor.length + customer.length + 1);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = Buffer.byteLength(logged);
  for (let index = 0; index < ROUNDS; index++) await round();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const bytes = Buffer.byteLength(logged) - before;
  const lines = logged.slice(before).split("\n").filter(Boolean).length;
  console.log(
    `${requests} requisições, ${lines} linhas de log, ${bytes} bytes: ${Math.round(bytes / requests)} bytes por requisição`,
  );
} finally {
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
