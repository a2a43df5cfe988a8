import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, like } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { mailOutbox, marketingOptOuts, orders } from "../../app/db/schema.server";
import { CONSENT_MESSAGES } from "../../app/domain/marketing/marketing-consent.server";
import { queuePaymentReminders } from "../../app/domain/marketing/payment-reminders.server";
import { orderMailStoreOf } from "../../app/domain/orders/order-mail-store.server";
import {
  currentStoreSettings,
  saveSettingsSection,
} from "../../app/domain/store-settings/store-settings.server";
import { createFileMailer } from "../../app/mail/file-mailer.server";
import { deliverDueMail } from "../../app/mail/outbox.server";
import { formatBRL } from "../../app/lib/money";
import { payInSandbox, placeOrderThroughCheckout, postCheckout } from "../support/checkout";
import { createProduct } from "../support/factories";
import { checkoutBody } from "../support/orders";
import type { Buyer } from "../support/test-context";
import { setUpStoreHandler } from "../support/store-handler";

// Issue 55, points 3 and 4: the reminder of an unpaid PIX, as the store writes it, and leaving the
// marketing e-mails through the one-click unsubscribe its headers offer. On both drivers: two store
// processes must queue one reminder between them.

const store = setUpStoreHandler();
const run = promisify(execFile);
const MINUTE_MS = 60_000;

const deps = () => ({
  db: store.database.db,
  env: store.context.env,
  store: orderMailStoreOf(store.database.db, store.context.env, store.url),
});

/** The store's reminders as its job queues them, some minutes after now. */
const remindAfter = (minutes: number) =>
  queuePaymentReminders(deps(), new Date(Date.now() + minutes * MINUTE_MS));

const remindersOf = (orderId: string) =>
  store.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, `payment-reminder:${orderId}`));

/** A new buyer's unpaid PIX order. */
const unpaidOrder = () => placeOrderThroughCheckout(store, store.context);

/** Another unpaid PIX order of the same buyer. */
async function placeOrderAs(buyer: Buyer) {
  const product = await createProduct(store.database.db);
  const answer = await postCheckout(
    store.context,
    buyer,
    checkoutBody(buyer, [{ id: product.id, quantity: 1 }]),
  );
  expect(answer).toMatchObject({ status: 200, success: true });
  return { orderId: answer.orderId! };
}

/** The order's reminder as the store writes it without SMTP: the .eml file, parsed. */
async function writtenReminder(orderId: string) {
  const directory = await mkdtemp(path.join(os.tmpdir(), "vitrine-reminder-"));
  try {
    const [row] = await remindersOf(orderId);
    // Only this message is due now: the others this file queued are pushed back.
    await store.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(like(mailOutbox.dedupeKey, "%"));
    await store.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.id, row!.id));
    const mailer = createFileMailer({
      directory,
      from: "loja@example.com",
      logger: pino({ level: "silent" }),
    });
    expect(await deliverDueMail(store.database.db, mailer, { logger: pino({ level: "silent" }) })).toEqual({
      sent: 1,
      failed: 0,
    });
    const [file] = await readdir(directory);
    // As written: the HTML's `cid:` images, not the data URLs a reader would put in their place.
    return await simpleParser(await readFile(path.join(directory, file!)), { skipImageLinks: true });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** A header as the message carries it (unfolded), which the parser would otherwise restructure. */
function headerOf(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((header) => header.key === name)!.line;
  return line
    .slice(line.indexOf(":") + 1)
    .replace(/\r?\n\s+/g, "")
    .trim();
}

/** What zbarimg reads in a PNG. */
async function decodeQrCode(png: Buffer): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "vitrine-qr-"));
  try {
    const file = path.join(directory, "pix.png");
    await writeFile(file, png);
    const { stdout } = await run("zbarimg", ["--quiet", "--raw", file]);
    return stdout.trim();
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The amount field (54) of an EMV BR Code. */
function brCodeAmount(brCode: string): string | null {
  let at = 0;
  while (at + 4 <= brCode.length) {
    const id = brCode.slice(at, at + 2);
    const length = Number(brCode.slice(at + 2, at + 4));
    if (id === "54") return brCode.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return null;
}

describe("the unpaid PIX's reminder", () => {
  it("goes once, some minutes after the order, with the amount, the code, its QR code and 'Pagar agora'", async () => {
    const { orderId } = await unpaidOrder();
    await remindAfter(5);
    expect(await remindersOf(orderId)).toEqual([]);

    // Two store processes at once queue it once.
    await Promise.all([remindAfter(11), remindAfter(11)]);
    await remindAfter(15);
    expect(await remindersOf(orderId)).toHaveLength(1);

    const [order] = await store.database.db.select().from(orders).where(eq(orders.id, orderId));
    const mail = await writtenReminder(orderId);
    expect(mail.subject).toBe(`Seu PIX está esperando: pedido #${orderId.slice(0, 8).toUpperCase()}`);
    expect(mail.text).toContain(`ainda não foi pago`);
    expect(mail.text).toContain(formatBRL(order!.totalCents));
    expect(mail.text).toContain(order!.pixBrCode!);
    expect(mail.text).toContain(`Pagar agora: ${store.url}/payment?orderId=${orderId}`);
    expect(mail.html).toContain(`href="${store.url}/payment?orderId=${orderId}"`);
    const qrCode = mail.attachments.find((attachment) => attachment.contentType === "image/png");
    expect(mail.html).toContain(`src="cid:${qrCode!.contentId!.replace(/[<>]/g, "")}"`);
    const decoded = await decodeQrCode(qrCode!.content);
    expect(decoded).toBe(order!.pixBrCode);
    expect(brCodeAmount(decoded)).toBe((order!.totalCents / 100).toFixed(2));
  });

  it("does not go once the order is paid or cancelled", async () => {
    const paid = await unpaidOrder();
    await payInSandbox(store.context, paid.buyer, paid.orderId);
    const cancelled = await unpaidOrder();
    await store.database.db
      .update(orders)
      .set({ status: "cancelled" })
      .where(eq(orders.id, cancelled.orderId));
    await remindAfter(11);
    expect(await remindersOf(paid.orderId)).toEqual([]);
    expect(await remindersOf(cancelled.orderId)).toEqual([]);
  });

  it("does not go when the owner set it to 0 minutes", async () => {
    const { db, env } = store.context;
    const owner = { id: null, email: "dono@example.com" };
    const saved = (await currentStoreSettings(db, env)).settings.reminders;
    await saveSettingsSection(db, env, owner, "reminders", { ...saved, pixAfterMinutes: 0 });
    try {
      const { orderId } = await unpaidOrder();
      await remindAfter(20);
      expect(await remindersOf(orderId)).toEqual([]);
    } finally {
      await saveSettingsSection(db, env, owner, "reminders", saved);
    }
  });
});

describe("leaving the marketing e-mails", () => {
  it("takes the one-click POST of the List-Unsubscribe header from the mail client, and sends no more reminders", async () => {
    const first = await unpaidOrder();
    await remindAfter(11);
    const mail = await writtenReminder(first.orderId);
    expect(headerOf(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /^<(.+)>$/.exec(headerOf(mail, "list-unsubscribe"))![1]!;
    expect(unsubscribe).toMatch(new RegExp(`^${store.url}/email/descadastrar\\?t=`));
    expect(mail.text).toContain(`Descadastrar: ${unsubscribe}`);

    // As a mail provider posts it (RFC 8058): from its own servers, without the customer's cookies.
    const answer = await fetch(unsubscribe, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(answer.status).toBe(200);
    const optedOut = await store.database.db
      .select()
      .from(marketingOptOuts)
      .where(eq(marketingOptOuts.userId, first.buyer.id));
    expect(optedOut).toEqual([expect.objectContaining({ source: "one-click" })]);

    // The same customer's next unpaid order is not recalled.
    const { orderId } = await placeOrderAs(first.buyer);
    await remindAfter(11);
    expect(await remindersOf(orderId)).toEqual([]);
  });

  it("says an altered link is altered, and changes nothing", async () => {
    const { orderId, buyer } = await unpaidOrder();
    await remindAfter(11);
    const mail = await writtenReminder(orderId);
    const unsubscribe = /^<(.+)>$/.exec(headerOf(mail, "list-unsubscribe"))![1]!;
    const altered = unsubscribe.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    const page = await fetch(altered);
    expect(await page.text()).toContain(CONSENT_MESSAGES.altered);
    const posted = await fetch(altered, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(await posted.text()).toContain(CONSENT_MESSAGES.altered);
    expect(
      await store.database.db.select().from(marketingOptOuts).where(eq(marketingOptOuts.userId, buyer.id)),
    ).toEqual([]);
  });
});
