import { Counter, Histogram } from "prom-client";
import type { Logger } from "../app/config/logger.server";
import { metricsRegistry } from "../app/config/metrics.server";
import { takeScheduledBackup, type ScheduledBackups } from "../app/operations/scheduled-backups.server";
import { expireOverdueOrders } from "../app/domain/orders/expire-orders.server";
import { followPendingRefunds } from "../app/domain/orders/refunds.server";
import { followDeliveries } from "../app/domain/shipping/follow-deliveries.server";
import type { CarrierTracking } from "../app/domain/shipping/carrier-tracking";
import { cancelQueuedCharges } from "../app/domain/orders/cancel-charges.server";
import { processChargeEvents } from "../app/domain/orders/charge-events.server";
import type { PaymentDeps } from "../app/domain/orders/payment-deps.server";
import { deliverDueMail } from "../app/mail/outbox.server";
import { followPromotionWindows } from "../app/domain/promotions/promotions.server";
import type { Mailer } from "../app/mail/mailer.server";
import { runBlingJob } from "../app/domain/fiscal/bling/bling-job.server";
import type { BlingEnv } from "../app/domain/fiscal/bling/bling-connection.server";
import { RequestSpacing } from "../app/domain/fiscal/bling/bling-http.server";
import { queuePaymentReminders, type ReminderDeps } from "../app/domain/marketing/payment-reminders.server";
import { queueCartReminders } from "../app/domain/marketing/cart-reminders.server";
import { queueReviewRequests } from "../app/domain/reviews/review-requests.server";

/** A background task of the store, run every `everyMs`. */
interface Job {
  name: string;
  everyMs: number;
  run(deps: JobDeps): Promise<unknown>;
}

/** Every background task of the store, each on its own period. */
const JOBS: Job[] = [
  { name: "eventos de pagamento", everyMs: 15_000, run: (deps: JobDeps) => processChargeEvents(deps) },
  { name: "pedidos vencidos", everyMs: 60_000, run: (deps: JobDeps) => expireOverdueOrders(deps) },
  { name: "cobranças canceladas", everyMs: 5_000, run: (deps: JobDeps) => cancelQueuedCharges(deps) },
  { name: "reembolsos pendentes", everyMs: 60_000, run: (deps: JobDeps) => followPendingRefunds(deps) },
  { name: "lembretes de pagamento", everyMs: 60_000, run: (deps: JobDeps) => queuePaymentReminders(deps) },
  { name: "carrinhos abandonados", everyMs: 60_000, run: (deps: JobDeps) => queueCartReminders(deps) },
  { name: "pedidos de avaliação", everyMs: 60_000, run: (deps: JobDeps) => queueReviewRequests(deps) },
  {
    name: "e-mails",
    everyMs: 5_000,
    run: (deps: JobDeps) => deliverDueMail(deps.db, deps.mailer, { logger: deps.logger }),
  },
];

/** How often the scheduled backups' job looks whether one is due (or sooner with a shorter BACKUP_EVERY). */
const BACKUP_CHECK_MS = 60_000;

/** How often a process looks whether a promotion's window started or ended. */
const PROMOTION_WINDOWS_MS = 15_000;

/** How often a process sends Bling the paid orders and asks for their NF-e (not while disconnected). */
const BLING_MS = 30_000;

/**
 * The store's jobs: `JOBS`, the promotions' windows (each process follows them from its own
 * start), the hand-off to Bling (at this process's pace), following deliveries when the
 * carrier's tracking is configured, and the scheduled backups when BACKUP_DIR is set.
 */
function jobsOf({ carrier, backups }: JobDeps): Job[] {
  const followWindows = followPromotionWindows();
  const spacing = new RequestSpacing();
  const jobs = [
    ...JOBS,
    { name: "promoções", everyMs: PROMOTION_WINDOWS_MS, run: (deps: JobDeps) => followWindows(deps.db) },
    {
      name: "Bling",
      everyMs: BLING_MS,
      run: (deps: JobDeps) => runBlingJob({ ...deps, env: deps.bling, spacing }),
    },
  ];
  if (carrier) {
    jobs.push({
      name: "entregas",
      everyMs: 30 * 60_000,
      run: (deps: JobDeps) => followDeliveries({ ...deps, carrier }),
    });
  }
  if (backups) {
    jobs.push({
      name: "backups agendados",
      everyMs: Math.min(backups.schedule.everyMs, BACKUP_CHECK_MS),
      run: () => takeScheduledBackup(backups),
    });
  }
  return jobs;
}

const runs = new Counter({
  name: "vitrine_job_runs_total",
  help: "Execuções dos jobs desta instância, por job: ok ou failed",
  labelNames: ["job", "result"] as const,
  registers: [metricsRegistry],
});
const durations = new Histogram({
  name: "vitrine_job_duration_seconds",
  help: "Duração das execuções dos jobs, por job",
  labelNames: ["job"] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
  registers: [metricsRegistry],
});

export interface JobDeps extends PaymentDeps {
  mailer: Mailer;
  logger: Logger;
  /** The carrier's tracking, or null when delivery is only the admin's word. */
  carrier: CarrierTracking | null;
  /** The scheduled backups, or null without BACKUP_DIR. */
  backups: ScheduledBackups | null;
  /** Where Bling is, and the store's secret its connection is sealed with. */
  bling: BlingEnv;
  /** The settings' defaults and the store's secret, which signs the e-mails' links. */
  env: ReminderDeps["env"];
}

/**
 * Starts the background jobs. Each runs alone (a run never overlaps the previous one) and is
 * safe beside the same jobs on other instances (they claim their rows). Returns a stop function
 * that waits for the runs in progress.
 */
export function startJobs(deps: JobDeps): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const timers = jobsOf(deps).map((job) => {
    let busy = false;
    return setInterval(() => {
      if (busy) return;
      busy = true;
      const endTimer = durations.startTimer({ job: job.name });
      const run = job
        .run(deps)
        .then(
          () => runs.inc({ job: job.name, result: "ok" }),
          (error: unknown) => {
            runs.inc({ job: job.name, result: "failed" });
            deps.logger.error({ err: error }, `Falha no job de ${job.name}`);
          },
        )
        .finally(() => {
          endTimer();
          busy = false;
          running.delete(run);
        });
      running.add(run);
    }, job.everyMs).unref();
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
  };
}
