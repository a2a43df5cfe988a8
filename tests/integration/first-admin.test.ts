import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { userRoles, users } from "../../app/db/schema.server";
import { cookieHeader, type Customer, signUpCustomer } from "../support/accounts";
import { runCommand, runNpmScript } from "../support/command";
import { createStoreData, startStoreServer, type StoreData, type StoreServer } from "../support/store-server";

const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;

/** What the account area says the signed-in customer is: "Cliente" or "Administrador". */
async function roleShown(store: StoreServer, customer: Customer): Promise<string | undefined> {
  const cookie = cookieHeader(customer);
  const response = await fetch(`${store.url}/account`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return /<p class="text-sm text-slate-600">(Cliente|Administrador)<\/p>/.exec(await response.text())?.[1];
}

describe("a public store with the demo password", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-demo-password-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const publicStore = { PUBLIC_URL: "https://loja.example", HOST: "127.0.0.1", SEED_DEMO: "false" };

  it("refuses to start while ADMIN_PASSWORD is the demo password", async () => {
    const { code, stderr } = await runCommand(process.execPath, ["server.js"], {
      ...publicStore,
      DATA_DIR: dataDir,
    });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(
      /^Configuração inválida: ADMIN_PASSWORD não pode ser a senha de demonstração numa loja pública/,
    );
  });

  it("refuses to start while ADMIN_PANEL_PASSWORD is the demo password", async () => {
    const { code, stderr } = await runCommand(process.execPath, ["server.js"], {
      ...publicStore,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "senha-forte-da-dona",
      ADMIN_PANEL_PASSWORD: "vitrine-admin",
    });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(
      /^Configuração inválida: ADMIN_PANEL_PASSWORD não pode ser a senha de demonstração numa loja pública/,
    );
  });
});

describe("an account registered first with the admin e-mail", () => {
  let data: StoreData;
  let store: StoreServer | undefined;
  let customer: Customer;
  beforeAll(async () => {
    data = await createStoreData("migrated");
  });
  afterAll(async () => {
    await store?.stop();
    await data?.remove();
  });

  /** `npm run admin -- <args>` on this test's data, with the store stopped. */
  const admin = (...args: string[]) =>
    runNpmScript("admin", args, {
      DATA_DIR: data.dataDir,
      SEED_DEMO: "false",
      ...data.env,
    });

  async function isAdmin(email: string): Promise<boolean> {
    const database = await openDatabase(
      data.env.DATABASE_URL ? { url: data.env.DATABASE_URL } : { dataDir: data.dataDir },
    );
    try {
      const roles = await database.db
        .select({ role: userRoles.role })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(and(eq(users.email, email), eq(userRoles.role, "admin")));
      return roles.length > 0;
    } finally {
      await database.close();
    }
  }

  it("is not made admin when the store restarts with ADMIN_EMAIL set to it, and one warning says why", async () => {
    store = await startStoreServer({ SEED_DEMO: "false" }, data);
    expect(store.output()).toContain("Conta de administrador criada");
    expect(store.output()).not.toContain("admin@vitrine.local");
    customer = await signUpCustomer(store.url, { email: `dona-${Date.now()}@loja.example` });
    await store.stop();

    store = await startStoreServer({ SEED_DEMO: "false", ADMIN_EMAIL: customer.email }, data);
    expect(await roleShown(store, customer)).toBe("Cliente");
    const warnings = store
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain("ADMIN_EMAIL");
    expect(warnings[0]!.msg).toContain("npm run admin -- promote EMAIL");
    expect(warnings[0]!.msg).not.toMatch(EMAIL_ADDRESS);
    expect(store.output()).not.toContain(customer.email);
    await store.stop();
    store = undefined;
  }, 240_000);

  it("becomes admin with `npm run admin -- promote` and a customer again with `demote`", async () => {
    const promoted = await admin("promote", customer.email);
    expect(promoted.stdout.trim()).toBe("Pronto: a conta agora é administradora.");
    expect(promoted.code).toBe(0);
    expect(await isAdmin(customer.email)).toBe(true);

    const again = await admin("promote", customer.email.toUpperCase());
    expect(again.stdout.trim()).toBe("A conta já é administradora; nada mudou.");
    expect(again.code).toBe(0);

    const demoted = await admin("demote", customer.email);
    expect(demoted.stdout.trim()).toBe("Pronto: a conta deixou de ser administradora e agora é cliente.");
    expect(demoted.code).toBe(0);
    expect(await isAdmin(customer.email)).toBe(false);
  }, 120_000);

  it("keeps the last admin, and refuses an unknown e-mail or a wrong usage", async () => {
    const last = await admin("demote", "admin@vitrine.local");
    expect(last.stderr).toContain(
      "Esta é a única conta administradora; promova outra antes de rebaixar esta.",
    );
    expect(last.code).toBe(1);
    expect(await isAdmin("admin@vitrine.local")).toBe(true);

    const unknown = await admin("promote", "ninguem@loja.example");
    expect(unknown.stderr).toContain("Nenhuma conta com esse e-mail. Cadastre a conta na loja primeiro.");
    expect(unknown.code).toBe(1);

    const usage = await admin("promover", customer.email);
    expect(usage.stderr).toContain("Uso: npm run admin -- promote EMAIL | demote EMAIL");
    expect(usage.code).not.toBe(0);
  }, 120_000);
});
