import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTransport } from "nodemailer";
import type { Logger } from "../config/logger.server";
import type { Mailer } from "./mailer.server";
import { nodemailerMessage } from "./sender.server";

/**
 * Writes each message, as the RFC 822 text an SMTP server would get, to
 * `{directory}/{timestamp}-{id}.eml`: without an SMTP server the store still works and its
 * e-mails can be opened in any mail client.
 */
export function createFileMailer(options: { directory: string; from: string; logger: Logger }): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    async send(message) {
      const info = await transport.sendMail(nodemailerMessage(message, options.from));
      await mkdir(options.directory, { recursive: true });
      const file = path.join(options.directory, fileName(new Date(), message.messageId));
      await writeFile(file, info.message);
      // The path only: the recipient's address is personal data and stays out of the logs.
      options.logger.info({ file }, "E-mail gravado em arquivo (SMTP_URL não definido)");
    },
  };
}

/** `2026-01-15T13-05-09-123Z-outbox-12.abc.eml`: sorts by time, safe on any file system. */
function fileName(now: Date, messageId: string): string {
  const timestamp = now.toISOString().replace(/[:.]/g, "-");
  const id = messageId.replace(/@.*$/, "").replace(/[^A-Za-z0-9.-]/g, "");
  return `${timestamp}-${id}.eml`;
}
