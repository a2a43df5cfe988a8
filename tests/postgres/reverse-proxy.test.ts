import { afterAll, beforeAll, expect, it } from "vitest";
import { cookieHeader, signIn, signUpCustomer } from "../support/accounts";
import { randomClientIp } from "../support/browser";
import { startNginx, type Nginx } from "../support/nginx";
import {
  createStoreData,
  freePort,
  startStoreServer,
  type StoreData,
  type StoreServer,
} from "../support/store-server";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts). Issue 25: three store processes on one
// PostgreSQL, each with its own DATA_DIR, behind Debian's nginx running docs/nginx.conf as the
// README shows it (`proxy_set_header Host $host`: the port is dropped).

const REFUSED = "Requisição de outra origem recusada";
let data: StoreData;
let nginx: Nginx;
let stores: StoreServer[] = [];
/** The store processes' addresses, as nginx's X-Upstream names them. */
let upstreams: string[];

beforeAll(async () => {
  data = await createStoreData();
  const ports = [await freePort(), await freePort(), await freePort()];
  upstreams = ports.map((port) => `127.0.0.1:${port}`);
  nginx = await startNginx(upstreams.map((address) => `http://${address}`));
  const env = (port: number) => ({
    ...data.env,
    PORT: String(port),
    PUBLIC_URL: nginx.url,
    AUTH_SECRET: "segredo-das-sessoes-compartilhado-entre-as-instancias",
    ADMIN_PANEL_PASSWORD: "portao-do-painel-de-teste",
    SEED_DEMO: "false",
  });
  // The first one migrates the empty database; the others find it ready.
  stores = [await startStoreServer(env(ports[0]!))];
  stores.push(...(await Promise.all(ports.slice(1).map((port) => startStoreServer(env(port))))));
}, 360_000);

afterAll(async () => {
  await Promise.all(stores.map((store) => store.stop()));
  await nginx?.stop();
  await data?.remove();
});

/** What a browser adds to a form it posts from the store's own page. */
const ownPage = () => ({ Origin: nginx.url, "Sec-Fetch-Site": "same-origin" });

/** `count` answers through nginx, and which store process gave each. */
async function throughNginx(count: number, path: string, init: RequestInit = {}) {
  const answers = [];
  for (let index = 0; index < count; index++) {
    const response = await fetch(`${nginx.url}${path}`, { redirect: "manual", ...init });
    answers.push({ response, body: await response.text(), upstream: response.headers.get("x-upstream") });
  }
  return answers;
}

it("answers /readyz from every store process, with nginx's request id", async () => {
  const answers = await throughNginx(6, "/readyz");
  for (const { response, body } of answers) {
    expect(response.status).toBe(200);
    expect(JSON.parse(body)).toEqual({ status: "ok" });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id
  }
  expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(upstreams));
});

it("signs a customer up and in through nginx, and every store process knows the session", async () => {
  const customer = await signUpCustomer(nginx.url, {}, ownPage());
  const session = await signIn(nginx.url, customer, ownPage());
  const answers = await throughNginx(6, "/account", { headers: { cookie: cookieHeader(session) } });
  for (const { response, body } of answers) {
    expect(response.status).toBe(200);
    expect(body).toContain(customer.email);
  }
  expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(upstreams));
});

it("still refuses, through nginx, a form posted from another site", async () => {
  const customer = await signUpCustomer(nginx.url);
  const [answer] = await throughNginx(1, "/auth", {
    method: "POST",
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    body: new URLSearchParams({ intent: "login", email: customer.email, password: customer.password }),
  });
  expect(answer!.response.status).toBe(403);
  expect(answer!.body).toBe(REFUSED);
  expect(answer!.response.headers.getSetCookie()).toEqual([]);
});

it("limits sign-in attempts by the client's own address, which nginx forwards, on every process", async () => {
  const attempt = (client: string) =>
    throughNginx(1, "/auth", {
      method: "POST",
      headers: { ...ownPage(), "X-Forwarded-For": client },
      body: new URLSearchParams({ intent: "login", email: "ninguem@example.com", password: "errada1" }),
    }).then(([answer]) => answer!);
  const [guesser, neighbour] = [randomClientIp(), randomClientIp()];
  const tries = [];
  for (let index = 1; index <= 5; index++) tries.push(await attempt(guesser));
  for (const { body } of tries) expect(body).toContain("E-mail ou senha incorretos");
  expect(new Set(tries.map((answer) => answer.upstream))).toEqual(new Set(upstreams));
  expect((await attempt(guesser)).body).toContain("Muitas tentativas. Aguarde um minuto e tente novamente.");
  expect((await attempt(neighbour)).body).toContain("E-mail ou senha incorretos");
});

it("passes an upload up to the store's largest limit, and the store's own 413 above it", async () => {
  const upload = (megabytes: number) =>
    throughNginx(1, "/account/profile", {
      method: "POST",
      headers: { ...ownPage(), "Content-Type": "application/octet-stream" },
      body: Buffer.alloc(megabytes * 1024 * 1024),
    }).then(([answer]) => answer!);
  const largest = await upload(5);
  expect(largest.response.status).not.toBe(413);
  expect(largest.upstream).not.toBeNull(); // a store process answered, not nginx itself
  const tooLarge = await upload(5.5);
  expect(tooLarge.response.status).toBe(413);
  expect(tooLarge.body).toBe("O conteúdo enviado é grande demais.");
});
