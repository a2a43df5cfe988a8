import { randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog, profiles, userRoles } from "../../app/db/schema.server";
import { loader as auditLoader } from "../../app/routes/admin/audit";
import { action as usersAction, loader as usersLoader } from "../../app/routes/admin/users";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { createUser } from "../support/factories";
import { setUpTestStore } from "../support/test-context";

const store = setUpTestStore();

function listUsers(admin: TestAdmin, search: string) {
  return usersLoader({
    request: adminRequest(admin, `/admin/users${search}`),
    context: store.context,
    params: {},
  } as Parameters<typeof usersLoader>[0]);
}

async function changeRole(admin: TestAdmin, form: Record<string, string>) {
  try {
    const result = await usersAction({
      request: adminRequest(admin, "/admin/users", form),
      context: store.context,
      params: {},
    } as Parameters<typeof usersAction>[0]);
    return { status: result.init?.status ?? 200, ...result.data };
  } catch (thrown) {
    // The guard's answer: a redirect for one who is no longer an admin.
    if (thrown instanceof Response) return { status: thrown.status, ok: false };
    throw thrown;
  }
}

async function roleOf(userId: string) {
  const rows = await store.database.db.select().from(userRoles).where(eq(userRoles.userId, userId));
  return rows.some((row) => row.role === "admin") ? "admin" : "user";
}

function auditOf(admin: TestAdmin, search: string) {
  return auditLoader({
    request: adminRequest(admin, `/admin/audit${search}`),
    context: store.context,
    params: {},
  } as Parameters<typeof auditLoader>[0]);
}

describe("the users list", () => {
  it("finds a name or an e-mail, any part of it, with % and _ taken literally", async () => {
    const admin = await signedInAdmin(store.context);
    const marker = randomUUID().slice(0, 8);
    const person = await createUser(store.database.db, {
      name: `Conta ${marker}`,
      email: `pf-${marker}@example.com`,
    });
    await store.database.db.insert(profiles).values({
      id: person.id,
      fullName: `Joana ${marker} Silva`,
      phone: "11987654321",
      email: person.email,
      userType: "PF",
      cpf: "52998224725",
      createdAt: new Date(Date.UTC(2026, 0, 15, 12)),
    });
    await createUser(store.database.db, {
      name: `Empresa 100%_${marker}`,
      email: `pj-${marker}@example.com`,
    });

    const byName = await listUsers(admin, `?q=joana+${marker}`);
    expect(byName.users).toEqual([
      expect.objectContaining({
        id: person.id,
        name: `Joana ${marker} Silva`,
        taxpayer: "PF",
        phone: "11987654321",
      }),
    ]);
    expect((await listUsers(admin, `?q=PF-${marker}`)).users.map((user) => user.id)).toEqual([person.id]);
    expect((await listUsers(admin, `?q=${encodeURIComponent(`100%_${marker}`)}`)).users).toHaveLength(1);
    expect((await listUsers(admin, `?q=${encodeURIComponent(`1_0%${marker}`)}`)).users).toHaveLength(0);
    expect(byName.users[0]!.registeredOn).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it("pages by 20 and reads a page past the end, or nonsense, as a page that exists", async () => {
    const admin = await signedInAdmin(store.context);
    const marker = randomUUID().slice(0, 8);
    for (let index = 0; index < 25; index++) {
      await createUser(store.database.db, { email: `lote-${marker}-${index}@example.com` });
    }
    const first = await listUsers(admin, `?q=lote-${marker}`);
    expect(first).toMatchObject({ matching: 25, page: 1, pageCount: 2 });
    expect(first.users).toHaveLength(20);
    const last = await listUsers(admin, `?q=lote-${marker}&page=1000000000`);
    expect(last.page).toBe(2);
    expect(last.users).toHaveLength(5);
    for (const page of ["-3", "abc", "1.5", "1e400"]) {
      expect((await listUsers(admin, `?q=lote-${marker}&page=${page}`)).page).toBe(1);
    }
    expect((await listUsers(admin, `?q=${"x".repeat(1000)}`)).users).toEqual([]);
  });
});

describe("changing a role", () => {
  it("makes a customer an admin and back, each change in the audit log", async () => {
    const admin = await signedInAdmin(store.context);
    const customer = await createUser(store.database.db);

    expect(await changeRole(admin, { userId: customer.id, role: "admin" })).toMatchObject({
      status: 200,
      ok: true,
      message: "Permissão atualizada com sucesso!",
    });
    expect(await roleOf(customer.id)).toBe("admin");
    expect(await changeRole(admin, { userId: customer.id, role: "user" })).toMatchObject({ ok: true });
    expect(await roleOf(customer.id)).toBe("user");

    const log = await auditOf(admin, `?target=user&targetId=${customer.id}`);
    expect(log.entries.map((entry) => [entry.adminEmail, entry.action, entry.changes])).toEqual([
      [admin.email, "user.role", ["Permissão: administrador → cliente"]],
      [admin.email, "user.role", ["Permissão: cliente → administrador"]],
    ]);
  });

  it("refuses nonsense and unknown accounts, changing nothing", async () => {
    const admin = await signedInAdmin(store.context);
    const customer = await createUser(store.database.db);
    const forms: Record<string, string>[] = [
      { userId: customer.id, role: "root" },
      { role: "admin" },
      { userId: "", role: "admin" },
    ];
    for (const form of forms) {
      expect(await changeRole(admin, form)).toMatchObject({
        status: 400,
        ok: false,
        message: "Erro ao atualizar permissão",
      });
    }
    expect(await changeRole(admin, { userId: "ninguem", role: "admin" })).toMatchObject({
      ok: false,
      message: "Usuário não encontrado",
    });
    expect(await roleOf(customer.id)).toBe("user");
    expect((await auditOf(admin, `?targetId=${customer.id}`)).entries).toEqual([]);
  });

  it("never lets the last admin give up the role", async () => {
    const admin = await signedInAdmin(store.context);
    // Alone: every other admin of this database becomes a customer.
    await store.database.db
      .delete(userRoles)
      .where(and(eq(userRoles.role, "admin"), ne(userRoles.userId, admin.id)));

    expect(await changeRole(admin, { userId: admin.id, role: "user" })).toMatchObject({
      status: 409,
      ok: false,
      message: "Não é possível remover o último administrador",
    });
    expect(await roleOf(admin.id)).toBe("admin");
    const logged = await store.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, admin.id));
    expect(logged).toEqual([]);
  });

  it("keeps one admin when the last two demote each other at once", async () => {
    // Several rounds: the two demotions must overlap at least once for the race to be real.
    for (let round = 0; round < 5; round++) {
      const [first, second] = await Promise.all([signedInAdmin(store.context), signedInAdmin(store.context)]);
      await store.database.db
        .delete(userRoles)
        .where(
          and(eq(userRoles.role, "admin"), ne(userRoles.userId, first.id), ne(userRoles.userId, second.id)),
        );

      const answers = await Promise.all([
        changeRole(first, { userId: second.id, role: "user" }),
        changeRole(second, { userId: first.id, role: "user" }),
      ]);
      expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
      expect([await roleOf(first.id), await roleOf(second.id)].sort()).toEqual(["admin", "user"]);
    }
  });
});

describe("the audit log", () => {
  it("filters by kind of record and by the admin's e-mail", async () => {
    const admin = await signedInAdmin(store.context);
    const other = await signedInAdmin(store.context);
    const customer = await createUser(store.database.db);
    await changeRole(admin, { userId: customer.id, role: "admin" });
    await changeRole(other, { userId: customer.id, role: "user" });

    const byAdmin = await auditOf(admin, `?q=${encodeURIComponent(admin.email)}`);
    expect(byAdmin.entries.map((entry) => entry.adminEmail)).toEqual([admin.email]);
    expect((await auditOf(admin, `?target=order&targetId=${customer.id}`)).entries).toEqual([]);
    expect((await auditOf(admin, `?target=nonsense&targetId=${customer.id}`)).entries).toHaveLength(2);
  });
});
