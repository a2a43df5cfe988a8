import { and, asc, eq, getTableColumns, lte, sql } from "drizzle-orm";
import type { Logger } from "../config/logger.server";
import { storeCounters } from "../config/metrics.server";
import { claimDue } from "../db/claim-due.server";
import type { Database, Transaction } from "../db/client.server";
import { mailOutbox, type OutboxAttachment } from "../db/schema.server";
import type { Mailer } from "./mailer.server";

/** A claimed row is left alone this long; after a crash mid-send it is tried again then. */
const LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
/** Attempts before a message is given up as `failed`. */
export const MAX_MAIL_ATTEMPTS = 8;

export interface QueuedMail {
  /** What the message is about (`order-paid:{orderId}`): a second queueing of it changes nothing. */
  dedupeKey: string;
  to: string;
  /** The From's display name: the store's name when the message was composed. */
  senderName: string;
  subject: string;
  text: string;
  html: string;
  /** A marketing e-mail's unsubscribe headers (`unsubscribeHeaders`). */
  headers?: Record<string, string>;
  /** Images its HTML shows inline. */
  attachments?: OutboxAttachment[];
}

/**
 * Queues a message in the caller's transaction, so it is sent if and only if the change it tells
 * about commits. Answers false when a message with the same dedupe key was already queued.
 */
export async function queueMail(tx: Transaction | Database, mail: QueuedMail): Promise<boolean> {
  const inserted = await tx
    .insert(mailOutbox)
    .values({
      dedupeKey: mail.dedupeKey,
      recipient: mail.to,
      senderName: mail.senderName,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers ?? null,
      attachments: mail.attachments ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return inserted.length > 0;
}

export interface DeliveryOptions {
  logger: Logger;
  now?: Date;
  batch?: number;
}

/**
 * Sends the messages that are due, at most `batch` of them. Several server instances may run it at
 * once on one PostgreSQL: each row is claimed by one of them (a lease on `next_attempt_at`), and a
 * message whose sender crashed is sent again after the lease with the same Message-ID.
 */
export async function deliverDueMail(
  db: Database,
  mailer: Mailer,
  options: DeliveryOptions,
): Promise<{ sent: number; failed: number }> {
  const now = options.now ?? new Date();
  const claimed = await claimDueMail(db, now, options.batch ?? 10);
  let sent = 0;
  let failed = 0;
  for (const mail of claimed) {
    try {
      await mailer.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: outboxMessageId(mail),
        senderName: mail.senderName,
        headers: mail.headers ?? {},
        attachments: mail.attachments ?? [],
      });
    } catch (error) {
      failed++;
      await recordFailure(db, mail, describeMailError(error), now, options.logger);
      continue;
    }
    sent++;
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date(), lastError: null })
      .where(eq(mailOutbox.id, mail.id));
  }
  if (sent > 0) storeCounters.mailDeliveries.inc({ result: "sent" }, sent);
  if (failed > 0) storeCounters.mailDeliveries.inc({ result: "failed" }, failed);
  return { sent, failed };
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** One statement: concurrent runs skip each other's locked rows instead of sending them twice. */
function claimDueMail(db: Database, now: Date, batch: number): Promise<OutboxRow[]> {
  return claimDue(db, mailOutbox, {
    key: [mailOutbox.id],
    due: and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)),
    order: asc(mailOutbox.nextAttemptAt),
    batch,
    lease: {
      nextAttemptAt: new Date(now.getTime() + LEASE_MS),
      attempts: sql`${mailOutbox.attempts} + 1`,
    },
    returning: getTableColumns(mailOutbox),
  });
}

/** Stable across retries, so a message delivered twice after a crash reads as the same one. */
export function outboxMessageId(mail: Pick<OutboxRow, "id" | "createdAt">): string {
  return `<outbox-${mail.id}.${mail.createdAt.getTime().toString(36)}@vitrine>`;
}

async function recordFailure(
  db: Database,
  mail: OutboxRow,
  reason: string,
  now: Date,
  logger: Logger,
): Promise<void> {
  const givingUp = mail.attempts >= MAX_MAIL_ATTEMPTS;
  const delay = Math.min(FIRST_RETRY_MS * 2 ** (mail.attempts - 1), MAX_RETRY_MS);
  await db
    .update(mailOutbox)
    .set({
      status: givingUp ? "failed" : "pending",
      lastError: reason,
      nextAttemptAt: new Date(now.getTime() + delay),
    })
    // A run whose lease ran out while it waited on SMTP must not undo a newer run's outcome.
    .where(
      and(
        eq(mailOutbox.id, mail.id),
        eq(mailOutbox.status, "pending"),
        eq(mailOutbox.attempts, mail.attempts),
      ),
    );
  logger.warn(
    { mailId: mail.id, attempts: mail.attempts, error: reason },
    givingUp
      ? "E-mail não enviado; desistindo após várias tentativas"
      : "E-mail não enviado; nova tentativa depois",
  );
}

/** What went wrong, short and without addresses (an SMTP reply often quotes the recipient). */
function describeMailError(error: unknown): string {
  if (!(error instanceof Error)) return "Erro desconhecido";
  const { code, responseCode } = error as Error & { code?: unknown; responseCode?: unknown };
  const prefix = [code, responseCode].filter((part) => typeof part === "string" || typeof part === "number");
  const message = error.message.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "[e-mail]");
  return [...prefix, message].join(" ").slice(0, 300);
}
