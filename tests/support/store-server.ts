import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface StoreServer {
  url: string;
  process: ChildProcess;
  /** Everything the server printed, for assertions on its logs. */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the store the way a user does (`npm start`: build when needed, then serve) on a free
 * port and a fresh data directory, and waits until `/readyz` answers 200.
 */
export async function startStoreServer(env: NodeJS.ProcessEnv = {}): Promise<StoreServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-test-"));
  let output = "";
  const child = spawn(process.execPath, [path.join(root, "scripts/start.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const server: StoreServer = {
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  await waitUntilReady(server);
  return server;
}

async function waitUntilReady(server: StoreServer, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) {
      throw new Error(`O servidor terminou com código ${server.process.exitCode}:\n${server.output()}`);
    }
    const response = await fetch(`${server.url}/readyz`).catch(() => null);
    if (response?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`O servidor não ficou pronto em ${timeoutMs / 1000} s:\n${server.output()}`);
}
