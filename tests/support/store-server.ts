import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { waitUntil } from "./eventually";
import { createPostgresDatabase, databaseTemplates, type TemplateKind } from "./database-templates";

const root = path.resolve(import.meta.dirname, "../..");

export interface StoreServer {
  url: string;
  process: ChildProcess;
  /** Everything the server printed, for assertions on its logs. */
  output(): string;
  /** Ends the process (`SIGKILL`: as a crash does, with no time to finish anything). */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
}

/** A line of the store's JSON log (pino) about a request. */
export interface RequestLogLine {
  level: number;
  msg: string;
  err?: unknown;
  responseTime?: number;
}

/**
 * The store's error lines (level error and above) about one request, by the id the store answered
 * with, once it has logged the request's end.
 */
export async function errorLinesOf(server: StoreServer, response: Response): Promise<RequestLogLine[]> {
  const requestId = response.headers.get("x-request-id")!;
  const lines = () =>
    server
      .output()
      .split("\n")
      .filter((line) => line.includes(`"reqId":"${requestId}"`))
      .map((line) => JSON.parse(line) as RequestLogLine);
  await waitUntil(() => lines().some((line) => line.responseTime !== undefined));
  return lines().filter((line) => line.level >= 50);
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

/** Whether something accepts connections on this loopback port (a store's listener is open). */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Where a started store keeps its data, kept across restarts until `remove`. */
export interface StoreData {
  dataDir: string;
  /** `DATABASE_URL` and the like: what the store's environment needs to use this data. */
  env: NodeJS.ProcessEnv;
  remove(): Promise<void>;
}

/**
 * Data for stores started by a test: the embedded database in a fresh data directory, or, with
 * `TEST_DATABASE_URL`, a fresh database on that PostgreSQL server. Empty, as a first start finds
 * it, or a copy of the run's `from` template (already migrated, and with the demo catalogue).
 */
export async function createStoreData(
  from?: TemplateKind,
  templates = databaseTemplates(),
): Promise<StoreData> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-test-"));
  const template = from && templates?.[from];
  if (template) await cp(template.dataDir, dataDir, { recursive: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  const database = serverUrl ? await createPostgresDatabase(serverUrl, undefined, template?.database) : null;
  return {
    dataDir,
    env: database ? { DATABASE_URL: database.url } : {},
    async remove() {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the store the way a user does (`npm start`: build when needed, then serve) on a free
 * port, and waits until `/readyz` answers 200. Without `data`, on a fresh data directory that
 * `stop` removes. `projectDir`: another copy of the project to start (a deploy's test), or another
 * release's worktree (the upgrade fixtures' generator).
 */
export async function startStoreServer(
  env: NodeJS.ProcessEnv = {},
  data?: StoreData,
  projectDir = root,
): Promise<StoreServer> {
  const server = await spawnStoreServer(env, data, projectDir);
  await waitUntilReady(server);
  return server;
}

/** Starts the store as `startStoreServer` does, without waiting for it to be ready. */
export async function spawnStoreServer(
  env: NodeJS.ProcessEnv = {},
  data?: StoreData,
  projectDir = root,
): Promise<StoreServer> {
  // A test may choose the port itself (its PUBLIC_URL, a provider's redirect URI, need it first).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = data?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), "vitrine-test-")));
  let output = "";
  const child = spawn(process.execPath, [path.join(projectDir, "scripts/start.js")], {
    cwd: projectDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      // Stopping a test's store waits for no load balancer (the drain's own test sets it).
      SHUTDOWN_DRAIN_SECONDS: "0",
      ...data?.env,
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
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill(signal);
        await exited;
      }
      if (!data) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * Starts the store as `startStoreServer` does, on a copy of the run's `from` template (`templates`
 * where no worker can `inject` them: a global setup), removed when it stops.
 */
export async function startStoreFrom(
  from: TemplateKind,
  env: NodeJS.ProcessEnv = {},
  templates = databaseTemplates(),
): Promise<StoreServer> {
  const data = await createStoreData(from, templates);
  const server = await startStoreServer(env, data).catch(async (error: unknown) => {
    await data.remove();
    throw error;
  });
  return {
    ...server,
    async stop(signal) {
      await server.stop(signal);
      await data.remove();
    },
  };
}

/** Waits until the store's `/readyz` answers 200; stops it and fails when it exits or takes too long. */
export async function waitUntilReady(server: StoreServer, timeoutMs = 180_000): Promise<void> {
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
