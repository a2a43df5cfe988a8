import net from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSilentServer, type SilentServer } from "../../tests/support/silent-server";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { isDatabaseUnavailable } from "./unavailable.server";

// Real errors from the drivers, never hand-made copies: what the store meets when the database goes.

/** What `run` rejects with. */
async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("era esperada uma falha");
}

/** A node-postgres pool on `port` of this machine that gives up on connecting after 300 ms. */
function poolOn(port: number) {
  return new pg.Pool({ host: "127.0.0.1", port, user: "vitrine", connectionTimeoutMillis: 300 });
}

describe("a database that cannot be reached", () => {
  let silent: SilentServer;
  /** Accepts a connection and cuts it at once, as a server going down mid-conversation. */
  let cutting: net.Server;
  let closedPort: number;
  let closedEmbedded: DatabaseHandle;

  // Starting PGlite takes seconds on a busy machine.
  beforeAll(async () => {
    closedEmbedded = await openDatabase({ memory: true });
  }, 60_000);
  beforeAll(async () => {
    silent = await startSilentServer();
    cutting = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => cutting.listen(0, "127.0.0.1", resolve));
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    closedPort = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
  afterAll(async () => {
    await silent.stop();
    await new Promise<void>((resolve) => cutting.close(() => resolve()));
  });

  it("is told by a refused connection", async () => {
    const pool = poolOn(closedPort);
    const error = await failureOf(() => pool.query("select 1"));
    await pool.end();
    expect(error).toMatchObject({ code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is told by a connection cut before it answers", async () => {
    const pool = poolOn((cutting.address() as net.AddressInfo).port);
    const error = await failureOf(() => pool.query("select 1"));
    await pool.end();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is told by a server that never answers, once the connection times out", async () => {
    const pool = poolOn(Number(new URL(silent.url).port));
    const error = await failureOf(() => pool.query("select 1"));
    await pool.end();
    expect((error as Error).message).toMatch(/timeout/);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is told by a closed embedded database, also through drizzle's wrapped error", async () => {
    await closedEmbedded.close();
    const error = await failureOf(() => closedEmbedded.db.execute(sql`select 1`));
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe("a query that fails on a database that answers", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ memory: true });
  }, 60_000);
  afterAll(() => handle.close());

  it("is not the database being unavailable", async () => {
    const missingTable = await failureOf(() => handle.db.execute(sql`select * from no_such_table`));
    const division = await failureOf(() => handle.db.execute(sql`select 1 / 0`));
    expect(isDatabaseUnavailable(missingTable)).toBe(false);
    expect(isDatabaseUnavailable(division)).toBe(false);
    expect(isDatabaseUnavailable(new Error("falha qualquer"))).toBe(false);
    expect(isDatabaseUnavailable("texto")).toBe(false);
  });
});
