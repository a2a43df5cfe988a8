import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  /** The From's display name, decoded (a name with accents travels encoded). */
  fromName: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/**
 * A real SMTP server on loopback (no auth, no TLS) keeping what it receives, so the mailer's own
 * nodemailer code runs in tests. `failNext(n)` answers the next n messages with a 451.
 */
export async function startSmtpServer() {
  const messages: ReceivedMail[] = [];
  let failuresLeft = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          if (failuresLeft > 0) {
            failuresLeft--;
            const error = Object.assign(new Error("Tente novamente mais tarde"), { responseCode: 451 });
            return callback(error);
          }
          messages.push({
            from: parsed.from?.text ?? "",
            fromName: parsed.from?.value[0]?.name ?? "",
            to: addresses(parsed.to),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: parsed.html || "",
            messageId: parsed.messageId ?? "",
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext(count: number) {
      failuresLeft = count;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpFixture = Awaited<ReturnType<typeof startSmtpServer>>;

function addresses(header: AddressObject | AddressObject[] | undefined): string[] {
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return list.flatMap((entry) => entry.value.map((address) => address.address ?? ""));
}
