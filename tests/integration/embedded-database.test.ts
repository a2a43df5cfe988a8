import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { products } from "../../app/db/schema.server";
import { createProduct, stockOf } from "../support/factories";

const directories: string[] = [];
afterAll(() => Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true }))));

describe("embedded database under DATA_DIR", () => {
  it("keeps what was saved across a restart", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-pglite-"));
    directories.push(dataDir);

    const first = await openDatabase({ dataDir });
    await first.migrate();
    const saved = await createProduct(first.db, { name: "Monitor Persistente 27", stock: 7 });
    await first.close();

    const second = await openDatabase({ dataDir });
    await second.migrate();
    const [reloaded] = await second.db.select().from(products).where(eq(products.id, saved.id));
    const stock = await stockOf(second.db, saved.id);
    await second.close();
    expect(reloaded).toMatchObject({ name: "Monitor Persistente 27" });
    expect(stock).toBe(7);
  });

  it("lets other work run between queries, so a visitor is not held behind queued orders", async () => {
    const database = await openDatabase({ memory: true });
    // 20 requests of three queries each, as buyers' orders queue up on the one thread.
    let requestsDone = 0;
    const requests = Array.from({ length: 20 }, async () => {
      for (let query = 0; query < 3; query++) await database.db.execute(sql`select 1`);
      requestsDone += 1;
    });
    // Another request arriving meanwhile (as a socket read would) gets its turn before they all end.
    const doneWhenOtherWorkRan = await new Promise((resolve) => setImmediate(() => resolve(requestsDone)));
    await Promise.all(requests);
    await database.close();
    expect(doneWhenOtherWorkRan).toBeLessThan(20);
  });
});
