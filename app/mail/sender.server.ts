import type { SendMailOptions } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { MailMessage } from "./mailer.server";

export interface MailSender {
  name: string;
  address: string;
}

/**
 * Whom the store's e-mails come from: the store's name (`senderName`, what the message was
 * composed with) before MAIL_FROM's address. MAIL_FROM's own display name is kept only for a
 * message without a name of its own (queued before names were kept with each message).
 */
export function mailSender(mailFrom: string, senderName: string | null): MailSender {
  const [parsed] = addressparser(mailFrom, { flatten: true });
  const address = parsed?.address || mailFrom;
  return { name: senderName ?? parsed?.name ?? "", address };
}

/** The sender as a person reads it, e.g. "Loja Exemplo <nao-responda@loja.example>". */
export function describeSender(sender: MailSender): string {
  return sender.name ? `${sender.name} <${sender.address}>` : sender.address;
}

/** A message as nodemailer sends it, from MAIL_FROM's address in the store's name. */
export function nodemailerMessage(message: MailMessage, mailFrom: string): SendMailOptions {
  const { senderName, attachments, ...parts } = message;
  return {
    ...parts,
    from: mailSender(mailFrom, senderName),
    attachments: attachments.map(({ cid, filename, contentType, base64 }) => ({
      cid,
      filename,
      contentType,
      content: base64,
      encoding: "base64",
    })),
  };
}
