import { sql } from "drizzle-orm";
import { executePrepared, type Database } from "../db/client.server";

/** Work waiting in the database, shared by every instance. */
export interface Backlog {
  /** E-mails not sent yet (due now or after a back-off). */
  mail_pending: number;
  /** E-mails given up on after their last attempt. */
  mail_failed: number;
  /** Payment events whose order has not followed its charge yet. */
  payment_events_pending: number;
  /** Charges of cancelled orders still to be cancelled at their provider. */
  charge_cancellations_pending: number;
}

/**
 * The backlogs, in one query: the pending rows of each table are under a partial index, so
 * counting them stays cheap while the tables grow; the failed e-mails are few, but counted by a
 * scan of the outbox.
 */
export async function backlogOf(db: Database): Promise<Backlog> {
  const [row] = await executePrepared<Record<keyof Backlog, string | number>>(
    db,
    "backlog",
    sql`
    select
      (select count(*) from mail_outbox where status = 'pending') as mail_pending,
      (select count(*) from mail_outbox where status = 'failed') as mail_failed,
      (select count(*) from payment_events where processed_at is null and gave_up_at is null)
        as payment_events_pending,
      (select count(*) from pix_charge_cancellations where settled_at is null)
        as charge_cancellations_pending
  `,
  );
  return {
    mail_pending: Number(row!.mail_pending),
    mail_failed: Number(row!.mail_failed),
    payment_events_pending: Number(row!.payment_events_pending),
    charge_cancellations_pending: Number(row!.charge_cancellations_pending),
  };
}
