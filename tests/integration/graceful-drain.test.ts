import http from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { waitUntil } from "../support/eventually";
import { acceptsConnections, startStoreFrom, type StoreServer } from "../support/store-server";

const DRAIN_SECONDS = 1;

/** What a keep-alive client saw for one request: an answer, or the socket failing under it. */
interface Outcome {
  path: string;
  at: number;
  status?: number;
  reusedSocket: boolean;
  error?: string;
}

function send(agent: http.Agent, url: string, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const failed = (error: NodeJS.ErrnoException) =>
      resolve({
        path,
        at: Date.now(),
        reusedSocket: request.reusedSocket,
        error: error.code ?? error.message,
      });
    const request = http.get(`${url}${path}`, { agent }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ path, at: Date.now(), status: response.statusCode, reusedSocket: request.reusedSocket }),
      );
      response.on("error", failed);
    });
    request.on("error", failed);
  });
}

describe("graceful drain on SIGTERM", () => {
  let store: StoreServer;
  beforeEach(async () => {
    store = await startStoreFrom("migrated", {
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      SEED_DEMO: "false",
    });
  });
  afterEach(() => store.stop());

  it("keeps serving a keep-alive client with no reset until /readyz answers 503, then exits 0", async () => {
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      store.process.once("exit", (code) => resolve({ code, at: Date.now() })),
    );
    // As a load balancer does: a few kept-alive connections, pages and readiness probes on them.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const outcomes: Outcome[] = [];
    let running = true;
    const loop = async (path: string, pauseMs: number) => {
      while (running) {
        outcomes.push(await send(agent, store.url, path));
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    };
    const loops = [loop("/", 5), loop("/", 5), loop("/catalog", 5), loop("/readyz", 25)];

    await new Promise((resolve) => setTimeout(resolve, 500));
    const sigtermAt = Date.now();
    store.process.kill("SIGTERM");
    const exit = await exited;
    await new Promise((resolve) => setTimeout(resolve, 200));
    running = false;
    await Promise.all(loops);
    agent.destroy();

    const firstUnready = outcomes.find((outcome) => outcome.path === "/readyz" && outcome.status === 503);
    expect(firstUnready, "/readyz nunca respondeu 503").toBeDefined();
    expect(firstUnready!.at - sigtermAt).toBeLessThan(1_000);
    const failedBeforeUnready = outcomes.filter((outcome) => outcome.error && outcome.at <= firstUnready!.at);
    expect(failedBeforeUnready).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.at < sigtermAt).some((outcome) => outcome.reusedSocket)).toBe(
      true,
    );
    // The drain: pages still answered after the load balancer was told to move on.
    const pagesDuringDrain = outcomes.filter(
      (outcome) => outcome.path !== "/readyz" && outcome.status === 200 && outcome.at > firstUnready!.at,
    );
    expect(pagesDuringDrain.length).toBeGreaterThan(0);
    expect(exit.code).toBe(0);
    expect(exit.at - sigtermAt).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
  });

  it("closes its port after the drain, and still answers a request sent on a connection kept from before", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const before = await send(agent, store.url, "/healthz");
    expect(before.status).toBe(200);
    store.process.kill("SIGTERM");
    await waitUntil(async () => !(await acceptsConnections(Number(new URL(store.url).port))), 5_000);
    // A proxy's kept connection, idle since before the signal, used just as the port closed.
    const answer = await new Promise<{ status?: number; connection?: string; reused: boolean }>((resolve) => {
      const request = http.get(`${store.url}/healthz`, { agent }, (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode,
            connection: response.headers.connection,
            reused: request.reusedSocket,
          }),
        );
      });
      request.on("error", (error) => resolve({ status: undefined, connection: error.message, reused: true }));
    });
    agent.destroy();
    expect(answer).toEqual({ status: 200, connection: "close", reused: true });
  });
});
