import { createTransport } from "nodemailer";
import type { Mailer } from "./mailer.server";
import { nodemailerMessage } from "./sender.server";

/** A server that stops answering must not hold a delivery run for minutes. */
const TIMEOUT_MS = 10_000;

/** Sends through the SMTP server of an `smtp://` or `smtps://` URL (credentials in the URL). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = createTransport({
    url: options.url,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    async send(message) {
      await transport.sendMail(nodemailerMessage(message, options.from));
    },
  };
}
