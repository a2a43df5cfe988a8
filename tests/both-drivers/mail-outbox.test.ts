import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadEnv } from "../../app/config/env.server";
import { createLogger } from "../../app/config/logger.server";
import { mailOutbox } from "../../app/db/schema.server";
import { emailChangedMail, emailConfirmationMail, passwordResetMail } from "../../app/mail/account-mail";
import { createMailer, type Mailer, type MailMessage } from "../../app/mail/mailer.server";
import { orderConfirmationMail } from "../../app/mail/order-confirmation";
import {
  MAX_MAIL_ATTEMPTS,
  deliverDueMail,
  outboxMessageId,
  queueMail,
  type QueuedMail,
} from "../../app/mail/outbox.server";
import { startSmtpServer, type SmtpFixture } from "../support/smtp-server";
import { ownStoreSettings } from "../support/store-settings";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const MAIL_FROM = "Vitrine <nao-responda@vitrine.test>";
const MINUTE = 60_000;

let database: TestDatabase;
let smtp: SmtpFixture;
let mailer: Mailer;
let logLines: string[];
let logger: ReturnType<typeof createLogger>;

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startSmtpServer()]);
  mailer = createMailer(loadEnv({ SMTP_URL: smtp.url, MAIL_FROM }), createLogger({ LOG_LEVEL: "silent" }));
});
afterAll(async () => {
  await smtp.stop();
  await database.destroy();
});
beforeEach(async () => {
  logLines = [];
  logger = createLogger({ LOG_LEVEL: "info" }, { write: (line: string) => void logLines.push(line) });
  smtp.messages.length = 0;
  smtp.failNext(0);
  await database.db.delete(mailOutbox);
});

let sequence = 0;
function mail(overrides: Partial<QueuedMail> = {}): QueuedMail {
  sequence += 1;
  return {
    dedupeKey: `teste:${sequence}`,
    to: `cliente${sequence}@example.com`,
    senderName: "Loja Aurora",
    subject: `Pagamento confirmado — pedido #${sequence}`,
    text: `Olá, Cliente ${sequence}!`,
    html: `<p>Olá, Cliente ${sequence}!</p>`,
    ...overrides,
  };
}

/** A moment safely after the rows' `next_attempt_at` default (the database's clock). */
function soon(): Date {
  return new Date(Date.now() + 5_000);
}

async function rows() {
  return database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
}

describe("mail outbox over SMTP", () => {
  it("delivers a queued message once, from the store's name at MAIL_FROM's address, with both parts and its Message-ID", async () => {
    const message = mail();
    expect(await database.db.transaction((tx) => queueMail(tx, message))).toBe(true);

    expect(await deliverDueMail(database.db, mailer, { logger, now: soon() })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(await deliverDueMail(database.db, mailer, { logger, now: soon() })).toEqual({
      sent: 0,
      failed: 0,
    });

    const [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(smtp.messages).toHaveLength(1);
    const [received] = smtp.messages;
    expect(received).toMatchObject({
      from: '"Loja Aurora" <nao-responda@vitrine.test>',
      to: [message.to],
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: outboxMessageId(row!),
    });
    expect(received!.messageId).toMatch(/^<outbox-\d+\.[0-9a-z]+@vitrine>$/);
  });

  it("sends a name with accents and symbols as the From's display name, decoded as written", async () => {
    await queueMail(database.db, mail({ senderName: 'Empório Açaí & Cia "Loja" <1>' }));
    await deliverDueMail(database.db, mailer, { logger, now: soon() });

    const [received] = smtp.messages;
    expect(received!.fromName).toBe('Empório Açaí & Cia "Loja" <1>');
    expect(received!.from).toContain("<nao-responda@vitrine.test>");
  });

  it("sends a message queued before names were kept with MAIL_FROM as it is", async () => {
    const { senderName: _none, to, ...message } = mail();
    await database.db.insert(mailOutbox).values({ ...message, recipient: to });
    await deliverDueMail(database.db, mailer, { logger, now: soon() });

    expect(smtp.messages.map((received) => received.from)).toEqual(['"Vitrine" <nao-responda@vitrine.test>']);
  });

  it("queues the same message once, however often it is asked", async () => {
    const message = mail();
    expect(await queueMail(database.db, message)).toBe(true);
    expect(await queueMail(database.db, { ...message, subject: "Outra vez" })).toBe(false);

    expect(await rows()).toHaveLength(1);
    await deliverDueMail(database.db, mailer, { logger, now: soon() });
    expect(smtp.messages.map((received) => received.subject)).toEqual([message.subject]);
  });

  it("sends each message once when two runs deliver at the same time", async () => {
    const queued = Array.from({ length: 6 }, () => mail());
    for (const message of queued) await queueMail(database.db, message);

    const now = soon();
    const results = await Promise.all([
      deliverDueMail(database.db, mailer, { logger, now, batch: 4 }),
      deliverDueMail(database.db, mailer, { logger, now, batch: 4 }),
    ]);
    // Whatever the first two runs left (each takes at most 4) goes in a third.
    const third = await deliverDueMail(database.db, mailer, { logger, now });

    const sent = [...results, third].reduce((total, result) => total + result.sent, 0);
    expect(sent).toBe(queued.length);
    expect(smtp.messages.map((received) => received.subject).sort()).toEqual(
      queued.map((message) => message.subject).sort(),
    );
    expect(new Set(smtp.messages.map((received) => received.messageId)).size).toBe(queued.length);
    expect((await rows()).every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("keeps a refused message pending with a back-off, then delivers it", async () => {
    const message = mail();
    await queueMail(database.db, message);
    smtp.failNext(1);

    const now = soon();
    expect(await deliverDueMail(database.db, mailer, { logger, now })).toEqual({ sent: 0, failed: 1 });
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed!.nextAttemptAt.getTime()).toBe(now.getTime() + MINUTE);
    expect(failed!.lastError).toContain("451");
    expect(failed!.lastError).not.toContain(message.to);
    expect(logLines.join("")).not.toContain(message.to);
    expect(logLines.map((line) => JSON.parse(line) as { level: number })).toContainEqual(
      expect.objectContaining({ level: 40, mailId: failed!.id, attempts: 1 }),
    );

    const early = new Date(now.getTime() + 30_000);
    expect(await deliverDueMail(database.db, mailer, { logger, now: early })).toEqual({ sent: 0, failed: 0 });
    const later = new Date(now.getTime() + MINUTE + 1_000);
    expect(await deliverDueMail(database.db, mailer, { logger, now: later })).toEqual({ sent: 1, failed: 0 });

    expect(smtp.messages).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("doubles the wait after each failure, up to an hour, and gives up after 8 attempts", async () => {
    await queueMail(database.db, mail());
    smtp.failNext(MAX_MAIL_ATTEMPTS);

    let now = soon();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      expect(await deliverDueMail(database.db, mailer, { logger, now })).toEqual({ sent: 0, failed: 1 });
      const [row] = await rows();
      waits.push((row!.nextAttemptAt.getTime() - now.getTime()) / MINUTE);
      now = row!.nextAttemptAt;
    }

    expect(waits.slice(0, -1)).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expect((await rows())[0]).toMatchObject({ status: "failed", attempts: MAX_MAIL_ATTEMPTS });
    const later = new Date(now.getTime() + 24 * 60 * MINUTE);
    expect(await deliverDueMail(database.db, mailer, { logger, now: later })).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(0);
  });

  it("sends again, with the same Message-ID, a message whose run crashed after claiming it", async () => {
    await queueMail(database.db, mail());
    // A run that claims the message and never comes back, as if the process died mid-send.
    const claimedIds: string[] = [];
    const crashing: Mailer = {
      send: (message: MailMessage) => {
        claimedIds.push(message.messageId);
        return new Promise<never>(() => undefined);
      },
    };
    const now = soon();
    void deliverDueMail(database.db, crashing, { logger, now });
    await vi.waitFor(() => expect(claimedIds).toHaveLength(1));

    const duringLease = new Date(now.getTime() + MINUTE);
    expect(await deliverDueMail(database.db, mailer, { logger, now: duringLease })).toEqual({
      sent: 0,
      failed: 0,
    });
    const afterLease = new Date(now.getTime() + 2 * MINUTE + 1_000);
    expect(await deliverDueMail(database.db, mailer, { logger, now: afterLease })).toEqual({
      sent: 1,
      failed: 0,
    });

    expect(smtp.messages.map((received) => received.messageId)).toEqual(claimedIds);
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("the store's e-mails over SMTP", () => {
  const store = ownStoreSettings();
  const customerName = "Maria Souza";
  const link = "https://loja.example/auth/verify-email?token=abc";
  const storeMails = {
    "password reset": passwordResetMail({ customerName, resetUrl: link, store, validMinutes: 60 }),
    "address confirmation": emailConfirmationMail({
      customerName,
      confirmUrl: link,
      store,
      validMinutes: 24 * 60,
      purpose: "account",
    }),
    "new address confirmation": emailConfirmationMail({
      customerName,
      confirmUrl: link,
      store,
      validMinutes: 24 * 60,
      purpose: "change",
    }),
    "e-mail changed": emailChangedMail({
      customerName,
      newEmail: "maria.nova@example.com",
      changedAt: new Date("2026-11-25T12:00:00Z"),
      store,
    }),
    "order confirmation": orderConfirmationMail({
      orderId: "3f2a9c1e-0000-4000-8000-000000000000",
      customerName,
      items: [{ name: "Mouse sem fio", quantity: 1, unitPriceCents: 9990 }],
      totalCents: 9990,
      adjustments: [],
      paymentMethod: "PIX",
      paidAt: new Date("2026-11-25T12:00:00Z"),
      store,
      deliveryDays: 7,
      arrivesBy: null,
      orderUrl: "https://loja.example/account/orders",
    }),
  };

  it.each(Object.entries(storeMails))(
    "sends the %s in the one pt-BR layout: the store's name, support e-mail and legal line, an HTML and a text part",
    async (_name, content) => {
      await queueMail(database.db, { ...mail(), ...content });
      await deliverDueMail(database.db, mailer, { logger, now: soon() });

      const supportEmail = store.contacts.supportEmail;
      const legalLine = "Aurora Comércio Eletrônico Ltda. · CNPJ 12.ABC.345/01DE-35";
      const [received] = smtp.messages;
      expect(received!.fromName).toBe("Empório Açaí & Cia");
      expect(received!.subject).toBe(content.subject);
      expect(received!.html).toContain('<html lang="pt-BR">');
      expect(received!.html).toContain('font-weight:bold;">Empório Açaí &amp; Cia</td>');
      expect(received!.html).toContain(`<a href="mailto:${supportEmail}"`);
      expect(received!.html).toContain(legalLine);
      expect(received!.html).toContain(`Olá, ${customerName}!`);
      expect(received!.text.startsWith("Empório Açaí & Cia\n\n")).toBe(true);
      expect(received!.text).toContain(`Olá, ${customerName}!`);
      expect(
        received!.text.trimEnd().endsWith(`Dúvidas? Fale com a gente: ${supportEmail}\n${legalLine}`),
      ).toBe(true);
      expect(received!.text).not.toContain("<");
    },
  );
});

describe("mail outbox without SMTP_URL", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-mail-"));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it("writes each message as a parsable .eml file under DATA_DIR/mail and logs only its path", async () => {
    const fileMailer = createMailer(loadEnv({ DATA_DIR: dataDir, MAIL_FROM }), logger);
    const message = mail({ html: "<p>Olá, <strong>Maria</strong>!</p>", text: "Olá, Maria!" });
    await queueMail(database.db, message);

    expect(await deliverDueMail(database.db, fileMailer, { logger, now: soon() })).toEqual({
      sent: 1,
      failed: 0,
    });

    const directory = path.join(dataDir, "mail");
    const files = await readdir(directory);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-outbox-\d+\.[0-9a-z]+\.eml$/);
    const parsed = await simpleParser(await readFile(path.join(directory, files[0]!)));
    const [row] = await rows();
    expect(parsed.from?.text).toBe('"Loja Aurora" <nao-responda@vitrine.test>');
    expect(parsed.to).toMatchObject({ value: [{ address: message.to }] });
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text?.trim()).toBe(message.text);
    expect(parsed.html).toBe(message.html);
    expect(parsed.messageId).toBe(outboxMessageId(row!));

    const logged = logLines.map((line) => JSON.parse(line) as { level: number; file?: string });
    expect(logged).toEqual([expect.objectContaining({ level: 30, file: path.join(directory, files[0]!) })]);
    expect(logLines.join("")).not.toContain(message.to);
  });
});
