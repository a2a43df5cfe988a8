import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { products } from "../../app/db/schema.server";
import { createProduct } from "../support/factories";

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
    await second.close();
    expect(reloaded).toMatchObject({ name: "Monitor Persistente 27", stock: 7 });
  });
});
