import { spawn } from "node:child_process";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knownMigrations } from "../../app/db/migration-journal.server";
import { startSilentServer, type SilentServer } from "../support/silent-server";
import { freePort, startStoreFrom, type StoreServer } from "../support/store-server";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs the built server to its exit and returns what it printed. */
function runServer(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["server.js"], {
      cwd: root,
      env: { ...process.env, HOST: "127.0.0.1", SEED_DEMO: "false", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("exit", (code) => resolve({ code, stderr }));
  });
}

describe("start-up with bad input", () => {
  it("stops with one line naming a bad configuration variable", async () => {
    const { code, stderr } = await runServer({ PORT: "porta" });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^Configuração inválida: PORT /);
  });

  it("stops with one line when the port is already in use", async () => {
    const port = await freePort();
    const occupant = net.createServer().listen(port, "127.0.0.1");
    try {
      const { code, stderr } = await runServer({ PORT: String(port), DATA_DIR: os.tmpdir() });
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(`A porta ${port} em 127.0.0.1 já está em uso; defina outra em PORT.`);
    } finally {
      occupant.close();
    }
  });
});

describe("a running store", () => {
  let store: StoreServer;
  beforeAll(async () => {
    store = await startStoreFrom("migrated", { SEED_DEMO: "false" });
  });
  afterAll(() => store?.stop());

  it("says the address it listens on, and that the schema it found was up to date", () => {
    const lines = store.output();
    expect(lines).toContain(`Vitrine ouvindo em ${store.url} (`);
    expect(lines).toContain(`Esquema do banco em dia (migração ${knownMigrations().at(-1)!.tag})`);
  });

  it("logs the path of an unknown page with the request id", async () => {
    const response = await fetch(`${store.url}/sem-rota/aqui?x=1`);
    expect(response.status).toBe(404);
    const requestId = response.headers.get("x-request-id");
    const line = store
      .output()
      .split("\n")
      .find((entry) => entry.includes("Página não encontrada"));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ path: "/sem-rota/aqui", reqId: requestId });
  });

  it("shuts down cleanly on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) => store.process.once("exit", resolve));
    store.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(store.output()).toContain("Encerrado");
  });
});

describe("a store whose sign-in provider accepts connections and never answers", () => {
  let provider: SilentServer;
  let store: StoreServer;
  beforeAll(async () => {
    provider = await startSilentServer();
    store = await startStoreFrom("migrated", {
      SEED_DEMO: "false",
      OIDC_ISSUER: provider.url,
      OIDC_CLIENT_ID: "vitrine",
      OIDC_CLIENT_SECRET: "segredo",
    });
  });
  afterAll(async () => {
    await store?.stop();
    await provider?.stop();
  });

  it("gives up on it and answers 'Entrar com …' with the Login tab's message", async () => {
    // The store waits 10 s for a silent server, at start-up and again at the sign-in (20 s); Node
    // alone would wait 5 minutes, past this test's time.
    const response = await fetch(`${store.url}/auth/provider/oidc`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: store.url },
      body: "",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?erro=provedor&provedor=oidc");
  }, 60_000);
});
