import { createHash, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RequestHandler } from "express";
import { Counter, Gauge, Histogram } from "prom-client";
import type { Logger } from "../app/config/logger.server";
import { metricsRegistry } from "../app/config/metrics.server";
import type { DatabaseHandle } from "../app/db/client.server";
import { backlogOf } from "../app/domain/backlog.server";
import { findProjectFolder } from "../app/lib/project-folder.server";
import { lastBackupRuns } from "../app/domain/backups/backup-runs.server";
import { withTimeout } from "./readiness";
import type { AnsweredRequest } from "./request-log";

const registers = [metricsRegistry];
/** A scrape never waits longer than this for a database reading (counts, the minimal query). */
const DATABASE_SCRAPE_TIMEOUT_MS = 1_000;

const requests = new Counter({
  name: "vitrine_http_requests_total",
  help: "Requisições atendidas, por método, rota (o padrão da rota, sem ids) e status",
  labelNames: ["method", "route", "status"] as const,
  registers,
});
const durations = new Histogram({
  name: "vitrine_http_request_duration_seconds",
  help: "Duração das requisições, por método, rota e status",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});
const pageCache = new Counter({
  name: "vitrine_page_cache_requests_total",
  help: "Páginas pedidas aos caches de páginas (visitor ou customer): hit, miss ou bypass",
  labelNames: ["cache", "result"] as const,
  registers,
});

/** Counts a request once it is answered (server/request-log.ts hands each one over). */
export function countRequest(answered: AnsweredRequest): void {
  const labels = { method: answered.method, route: answered.route, status: String(answered.status) };
  requests.inc(labels);
  durations.observe(labels, answered.durationMs / 1000);
  if (answered.cache) pageCache.inc({ cache: answered.cache.of, result: answered.cache.result });
}

/**
 * The database the gauges below read when scraped (`watchDatabase`). The gauges belong to
 * the process, as every metric here; an app made later (a test worker makes several) takes over.
 */
let watched: { database: DatabaseHandle; logger: Logger } | null = null;

/**
 * What a gauge reads from the watched database at a scrape, within the scrape's timeout; null when
 * no database is watched, or it did not answer (logged with `failure`).
 */
async function readForScrape<T>(
  read: (database: DatabaseHandle) => Promise<T>,
  failure: string,
): Promise<T | null> {
  if (!watched) return null;
  try {
    return await withTimeout(read(watched.database), DATABASE_SCRAPE_TIMEOUT_MS);
  } catch (error) {
    watched.logger.warn({ err: error }, failure);
    return null;
  }
}

new Gauge({
  name: "vitrine_backlog",
  help: "Trabalho à espera no banco: mail_pending, mail_failed, payment_events_pending, charge_cancellations_pending",
  labelNames: ["queue"] as const,
  registers,
  async collect() {
    this.reset();
    const backlog = await readForScrape(
      (handle) => backlogOf(handle.db),
      "Métricas: filas do banco não contadas",
    );
    for (const [queue, count] of Object.entries(backlog ?? {})) this.set({ queue }, count);
  },
});
new Gauge({
  name: "vitrine_db_pool_connections",
  help: "Conexões do pool com o PostgreSQL desta instância: total, idle e waiting (clientes à espera)",
  labelNames: ["state"] as const,
  registers,
  collect() {
    this.reset();
    const pool = watched?.database.poolStats?.();
    if (!pool) return;
    for (const [state, count] of Object.entries(pool)) this.set({ state }, count);
  },
});

new Gauge({
  name: "vitrine_db_ping_seconds",
  help: "Duração de uma consulta mínima ao banco (select 1), medida a cada coleta, com a espera pela conexão",
  registers,
  async collect() {
    this.reset();
    const started = performance.now();
    const answered = await readForScrape(async (handle) => {
      await handle.ping();
      return true;
    }, "Métricas: o banco não respondeu à consulta mínima");
    if (answered) this.set((performance.now() - started) / 1000);
  },
});

new Gauge({
  name: "vitrine_backup_last_run_timestamp_seconds",
  help: "Quando terminou o último backup agendado (BACKUP_DIR), por resultado: ok ou failed; registrado no banco, o mesmo em todas as instâncias",
  labelNames: ["result"] as const,
  registers,
  async collect() {
    this.reset();
    const runs = await readForScrape(
      (handle) => lastBackupRuns(handle.db),
      "Métricas: últimos backups não lidos",
    );
    if (runs?.success) this.set({ result: "ok" }, runs.success.createdAt.getTime() / 1000);
    if (runs?.failure) this.set({ result: "failed" }, runs.failure.createdAt.getTime() / 1000);
  },
});

/** The release this process runs: the package's version and the build (`builds/<id>/`, scripts/build.js). */
new Gauge({
  name: "vitrine_build_info",
  help: "A versão e a build que esta instância roda (sempre 1): compare as instâncias durante uma troca de versão",
  labelNames: ["version", "build"] as const,
  registers,
}).set({ version: packageVersion(), build: runningBuild() }, 1);

function packageVersion(): string {
  const root = findProjectFolder(import.meta.url, ".", "package.json");
  return (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
}

/** The folder of the build whose bundle this module is, or 'desenvolvimento' when run from the sources. */
function runningBuild(): string {
  const build = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  return path.basename(path.dirname(build)) === "builds" ? path.basename(build) : "desenvolvimento";
}

/**
 * The database read when scraped: the outboxes' backlogs and the last scheduled backups (shared by
 * every instance), the time of a minimal query and the connection pool (this instance's;
 * PostgreSQL only).
 */
export function watchDatabase(database: DatabaseHandle, logger: Logger): void {
  watched = { database, logger };
}

/**
 * `GET /metrics` in Prometheus's format, for who holds `METRICS_TOKEN` (`Authorization: Bearer
 * …`, compared in constant time); without the variable, the address does not exist (404).
 */
export function metricsEndpoint(token: string | undefined): RequestHandler {
  const expected = token ? digest(token) : null;
  return async (req, res) => {
    if (!expected) {
      res.status(404).type("text/plain; charset=utf-8").send("Não encontrado");
      return;
    }
    const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.type("text/plain; charset=utf-8").send("Token de métricas ausente ou inválido");
      return;
    }
    res.setHeader("Cache-Control", "no-store");
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  };
}

/** Equal-length digests, so the comparison takes the same time whatever the token's length. */
function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
