import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { STORE_ADMIN_ENV, panelOverHttp } from "../support/admin-over-http";
import { randomClientIp } from "../support/browser";
import { runNpmScript } from "../support/command";
import { metricSample, scrapeMetrics } from "../support/metrics";
import { htmlText } from "../support/page-text";
import { createStoreData, startStoreServer, type StoreData, type StoreServer } from "../support/store-server";

// The store's own backups, taken by its job on whichever database it runs (BACKUP_DIR).
const METRICS_TOKEN = "token-das-metricas-de-backup";
const STORE_ENV = { SEED_DEMO: "false", METRICS_TOKEN, ...STORE_ADMIN_ENV };
const SCHEDULED_ARCHIVE = /^vitrine-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;

let workDir: string;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-agendados-"));
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await rm(workDir, { recursive: true, force: true });
});

async function storeData(from: "migrated" | "catalogue"): Promise<StoreData> {
  const data = await createStoreData(from);
  cleanups.push(() => data.remove());
  return data;
}

/** The panel's dashboard as its admin reads it. */
async function dashboardText(store: StoreServer): Promise<string> {
  const { cookie } = await panelOverHttp(store.url);
  const response = await fetch(`${store.url}/admin`, {
    headers: { cookie, "X-Forwarded-For": randomClientIp() },
  });
  expect(response.status).toBe(200);
  return htmlText(await response.text());
}

async function scheduledArchives(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((name) => SCHEDULED_ARCHIVE.test(name)).sort();
}

describe("scheduled backups", () => {
  it("are off without BACKUP_DIR, and the panel says how to turn them on", async () => {
    const store = await startStoreServer(STORE_ENV, await storeData("migrated"));
    try {
      expect(await dashboardText(store)).toContain(
        "Backups agendados desligados: defina BACKUP_DIR (a pasta dos backups) para a loja fazer um por dia.",
      );
    } finally {
      await store.stop();
    }
  }, 120_000);

  it("are taken every BACKUP_EVERY into BACKUP_DIR, the oldest beyond BACKUP_KEEP deleted, other files kept", async () => {
    const data = await storeData("catalogue");
    const folder = await mkdtemp(path.join(workDir, "backups-"));
    const oldest = "vitrine-2020-01-01T00-00-00Z.tar.gz";
    await writeFile(path.join(folder, oldest), "o backup mais antigo");
    await writeFile(path.join(folder, "vitrine-manual.tar.gz"), "um backup do operador");
    await writeFile(path.join(folder, "notas.txt"), "do operador");
    const store = await startStoreServer(
      { ...STORE_ENV, BACKUP_DIR: folder, BACKUP_EVERY: "2s", BACKUP_KEEP: "2" },
      data,
    );
    try {
      // Two taken: the third archive of the schedule's naming, the oldest, is deleted.
      await vi.waitFor(
        async () => {
          const archives = await scheduledArchives(folder);
          expect(archives).not.toContain(oldest);
          expect(archives).toHaveLength(2);
        },
        { timeout: 90_000, interval: 500 },
      );
      expect(await dashboardText(store)).toMatch(
        /Último backup: \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} \(\d+(,\d)? (kB|MB)\)/,
      );
      const metrics = await scrapeMetrics(store.url, METRICS_TOKEN);
      const lastSuccess = metricSample(metrics, 'vitrine_backup_last_run_timestamp_seconds{result="ok"}');
      expect(Date.now() / 1000 - lastSuccess).toBeLessThan(60);
      expect(metricSample(metrics, 'vitrine_job_runs_total{job="backups agendados",result="failed"}')).toBe(
        0,
      );
    } finally {
      await store.stop();
    }
    const names = await readdir(folder);
    expect(names).toContain("vitrine-manual.tar.gz");
    expect(await readFile(path.join(folder, "notas.txt"), "utf8")).toBe("do operador");
    expect(names.filter((name) => name.endsWith(".partial"))).toEqual([]);
    const archives = await scheduledArchives(folder);
    expect(archives.length).toBeLessThanOrEqual(2);
    for (const archive of archives) expect((await stat(path.join(folder, archive))).mode & 0o777).toBe(0o600);

    // What the schedule wrote is a backup `npm run restore` takes.
    const empty = await createStoreData();
    cleanups.push(() => empty.remove());
    const restored = await runNpmScript("restore", [path.join(folder, archives.at(-1)!)], {
      DATA_DIR: empty.dataDir,
      ...empty.env,
    });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
  }, 240_000);

  it("that fail show in the panel with their reason, and in /metrics", async () => {
    const notAFolder = path.join(workDir, "backups-num-arquivo");
    await writeFile(notAFolder, "um arquivo onde devia estar a pasta");
    const store = await startStoreServer(
      { ...STORE_ENV, BACKUP_DIR: notAFolder, BACKUP_EVERY: "2s" },
      await storeData("migrated"),
    );
    try {
      await vi.waitFor(
        async () => {
          const metrics = await scrapeMetrics(store.url, METRICS_TOKEN);
          expect(
            metricSample(metrics, 'vitrine_backup_last_run_timestamp_seconds{result="failed"}'),
          ).toBeGreaterThan(0);
          expect(
            metricSample(metrics, 'vitrine_job_runs_total{job="backups agendados",result="failed"}'),
          ).toBeGreaterThan(0);
        },
        { timeout: 60_000, interval: 500 },
      );
      const text = await dashboardText(store);
      expect(text).toContain("Nenhum backup agendado feito ainda.");
      expect(text).toMatch(
        new RegExp(
          `O backup de \\d{2}/\\d{2}/\\d{4} às \\d{2}:\\d{2} falhou: ${notAFolder} não é uma pasta\\.`,
        ),
      );
    } finally {
      await store.stop();
    }
  }, 120_000);
});
