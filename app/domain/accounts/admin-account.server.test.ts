import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { userRoles, users } from "../../db/schema.server";
import { demoteAdmin, ensureAdminAccount, promoteToAdmin } from "./admin-account.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database.destroy());

/** An account as a sign-up leaves it: a user without any role. */
async function customer(email: string) {
  await database.db.insert(users).values({ id: crypto.randomUUID(), name: "Cliente", email });
}

async function isAdmin(email: string) {
  const rows = await database.db
    .select()
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(users.email, email), eq(userRoles.role, "admin")));
  return rows.length === 1;
}

describe("the first admin at start", () => {
  const credentials = { email: "Dona@Loja.example", password: "senha-forte-123" };

  it("is created when no account has the e-mail, and left alone on the next start", async () => {
    expect(await ensureAdminAccount(database.db, credentials)).toBe("created");
    expect(await isAdmin("dona@loja.example")).toBe(true);
    expect(await ensureAdminAccount(database.db, credentials)).toBe("admin");
  });

  it("never promotes an account someone else registered with the e-mail", async () => {
    await customer("primeiro@loja.example");
    expect(await ensureAdminAccount(database.db, { ...credentials, email: "primeiro@loja.example" })).toBe(
      "not-admin",
    );
    expect(await isAdmin("primeiro@loja.example")).toBe(false);
  });
});

describe("promote and demote", () => {
  it("promotes an existing account once, whatever the case of the e-mail typed", async () => {
    await customer("gerente@loja.example");
    expect(await promoteToAdmin(database.db, " Gerente@Loja.example ")).toBe("promoted");
    expect(await isAdmin("gerente@loja.example")).toBe(true);
    expect(await promoteToAdmin(database.db, "gerente@loja.example")).toBe("already-admin");
  });

  it("demotes an admin while another remains, but never the last one", async () => {
    expect(await demoteAdmin(database.db, "gerente@loja.example")).toBe("demoted");
    expect(await isAdmin("gerente@loja.example")).toBe(false);
    expect(await demoteAdmin(database.db, "gerente@loja.example")).toBe("not-admin");
    expect(await demoteAdmin(database.db, "dona@loja.example")).toBe("last-admin");
    expect(await isAdmin("dona@loja.example")).toBe(true);
  });

  it("answers no-account for an unknown e-mail", async () => {
    expect(await promoteToAdmin(database.db, "ninguem@loja.example")).toBe("no-account");
    expect(await demoteAdmin(database.db, "ninguem@loja.example")).toBe("no-account");
  });
});
