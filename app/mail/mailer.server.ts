import type { Env } from "../config/env.server";
import type { Logger } from "../config/logger.server";
import type { OutboxAttachment } from "../db/schema.server";
import { createFileMailer } from "./file-mailer.server";
import { createSmtpMailer } from "./smtp-mailer.server";

/** One message as the outbox hands it over: both parts, and a Message-ID kept across retries. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** With angle brackets, e.g. `<outbox-12.abc@vitrine>`: a retry after a crash sends the same one. */
  messageId: string;
  /** The From's display name (the store's name); null: MAIL_FROM as it is (see `mailSender`). */
  senderName: string | null;
  /** Headers beyond the usual ones (List-Unsubscribe…). */
  headers: Record<string, string>;
  /** Images the HTML shows inline (`cid:`). */
  attachments: OutboxAttachment[];
}

/** Delivers one message or rejects; the outbox decides about retries. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when `SMTP_URL` is set; otherwise `.eml` files under `DATA_DIR/mail`, to read offline. */
export function createMailer(env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">, logger: Logger): Mailer {
  return env.SMTP_URL
    ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
    : createFileMailer({ directory: `${env.DATA_DIR}/mail`, from: env.MAIL_FROM, logger });
}
