import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { runCommand, runNpmScript } from "../support/command";
import { freePort, startStoreServer, type StoreServer } from "../support/store-server";

const directories: string[] = [];
let store: StoreServer | undefined;
afterEach(async () => {
  await store?.stop();
  store = undefined;
  await Promise.all(
    directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

async function newDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-lock-"));
  directories.push(dataDir);
  return dataDir;
}

/** The one line a second opener is told, naming the embedded database's directory. */
function refusal(dataDir: string, pid: number): string {
  return (
    `O banco de dados embutido em ${path.join(dataDir, "pglite")} está em uso pelo processo ${pid}; ` +
    "pare a loja (ou o comando) que o usa antes de continuar."
  );
}

describe("one opener per embedded database", () => {
  it(
    "refuses a second opener of the same data directory until the first closes",
    { timeout: 120_000 },
    async () => {
      const dataDir = await newDataDir();
      const first = await openDatabase({ dataDir });
      await expect(openDatabase({ dataDir })).rejects.toThrow(refusal(dataDir, process.pid));
      await first.close();

      const second = await openDatabase({ dataDir });
      await second.migrate();
      await second.close();
    },
  );

  it("takes over a lock left by a process that died", { timeout: 120_000 }, async () => {
    const dataDir = await newDataDir();
    const gone = spawnSync(process.execPath, ["-e", "process.pid"]).pid!;
    await writeFile(path.join(dataDir, "pglite.lock"), String(gone));

    const database = await openDatabase({ dataDir });
    await database.migrate();
    await database.close();
  });

  it("tells `npm run admin` and a second `npm start` to stop the running store, and the store keeps serving", async () => {
    const dataDir = await newDataDir();
    store = await startStoreServer({ SEED_DEMO: "false" }, { dataDir, env: {}, remove: async () => {} });
    const message = refusal(dataDir, store.process.pid!);

    const admin = await runNpmScript("admin", ["promote", "dona@loja.example"], { DATA_DIR: dataDir });
    expect(admin.code).toBe(1);
    expect(admin.stderr.trim()).toBe(message);

    const second = await runCommand(process.execPath, ["scripts/start.js"], {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
    });
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toBe(message);

    expect((await fetch(`${store.url}/readyz`)).status).toBe(200);
  }, 240_000);
});
