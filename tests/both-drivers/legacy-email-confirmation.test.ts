import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, users } from "../../app/db/schema.server";
import { createOrder, createProduct, createUser } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Migration 0017 (decision 0024) on accounts as a release without it leaves them: which ones it
// counts as confirmed. The upgrade test sees it run on a real earlier release's data; here every
// rule is met or missed once.

const MIGRATION = path.resolve(import.meta.dirname, "../../drizzle/0017_legacy_accounts_confirmed.sql");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function accountWith(options: { paid: boolean; orderEmail?: string; linkSent?: boolean }) {
  const user = await createUser(database.db);
  const product = await createProduct(database.db);
  await createOrder(database.db, {
    userId: user.id,
    lines: [{ product, quantity: 1 }],
    paid: options.paid,
    overrides: { customerEmail: options.orderEmail ?? user.email.toUpperCase() },
  });
  if (options.linkSent) {
    await database.db.insert(mailOutbox).values({
      dedupeKey: `verify-email:${user.id}`,
      recipient: user.email,
      subject: "Confirme seu e-mail na Vitrine",
      text: "link",
      html: "link",
    });
  }
  return user.id;
}

const confirmed = async (id: string) =>
  (await database.db.select().from(users).where(eq(users.id, id)))[0]!.emailVerified;

describe("migration 0017 on accounts made before e-mail confirmation", () => {
  it("confirms those with a paid order mailed to their address, and only them", async () => {
    const buyer = await accountWith({ paid: true });
    const neverPaid = await accountWith({ paid: false });
    const paidElsewhere = await accountWith({ paid: true, orderEmail: "outra-pessoa@example.com" });
    const sentALink = await accountWith({ paid: true, linkSent: true });

    await database.db.execute(sql.raw(await readFile(MIGRATION, "utf8")));

    expect(await confirmed(buyer)).toBe(true);
    expect(await confirmed(neverPaid)).toBe(false);
    expect(await confirmed(paidElsewhere)).toBe(false);
    expect(await confirmed(sentALink)).toBe(false);
  });
});
