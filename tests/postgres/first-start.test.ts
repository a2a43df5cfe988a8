import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CATALOG } from "../../app/startup/seed/demo-catalog";
import { createStoreData, startStoreServer, type StoreData, type StoreServer } from "../support/store-server";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts): several processes on one PostgreSQL.
const GENERATED_GATE_PASSWORD = "Senha do painel administrativo gerada";

async function query<Row>(data: StoreData, statement: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: data.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(statement)).rows as Row[];
  } finally {
    await client.end();
  }
}

describe("three store processes started at once on an empty PostgreSQL database", () => {
  let data: StoreData;
  let stores: StoreServer[] = [];

  beforeAll(async () => {
    data = await createStoreData();
    // Each with its own data directory, as instances on separate machines.
    const started = await Promise.allSettled([1, 2, 3].map(() => startStoreServer({ ...data.env })));
    stores = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  }, 300_000);

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.stop()));
    await data?.remove();
  });

  it("all become ready, with the demo catalogue loaded once", async () => {
    expect(stores).toHaveLength(3);
    for (const store of stores) expect((await fetch(`${store.url}/readyz`)).status).toBe(200);
    const [totals] = await query<{ products: number; names: number }>(
      data,
      "select count(*)::int as products, count(distinct name)::int as names from products",
    );
    expect(totals).toEqual({ products: DEMO_CATALOG.length, names: DEMO_CATALOG.length });
  });

  it("none fails on the way: each migrates or waits for the one that does", () => {
    for (const store of stores) {
      const errors = store
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{") && (JSON.parse(line) as { level: number }).level >= 50);
      expect(errors).toEqual([]);
    }
  });

  it("creates one admin account and one gate password, shown by one process only", async () => {
    const admins = await query(data, "select user_id from user_roles where role = 'admin'");
    expect(admins).toHaveLength(1);
    const passwords = await query(data, "select password_hash from admin_gate_password");
    expect(passwords).toHaveLength(1);
    const shown = stores.filter((store) => store.output().includes(GENERATED_GATE_PASSWORD));
    expect(shown).toHaveLength(1);
  });
});
