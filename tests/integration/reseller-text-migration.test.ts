import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storeSettings } from "../../app/db/schema.server";
import { readCatalogVersion } from "../../app/domain/catalog/catalog-version.server";
import { setUpTestStore } from "../support/test-context";

// Migration 0036 on a store that saved its home section before the reseller text could be left
// blank: the earlier default, which named 'Vitrine', becomes blank; an owner's own text stays.

const store = setUpTestStore();
const EARLIER_DEFAULT =
  "A Vitrine é revendedora oficial das marcas que vende: procedência garantida, nota fiscal e garantia em todos os pedidos.";

async function migrateWithHome(resellerText: string) {
  const db = store.database.db;
  const home = { heroTitle: "Loja do Zé", heroSubtitle: "Tudo", heroButton: "Ver", resellerText };
  await db.update(storeSettings).set({ sections: { home } });
  const before = await readCatalogVersion(db);
  await db.execute(
    sql.raw(
      await readFile(new URL("../../drizzle/0036_standard_reseller_text.sql", import.meta.url), "utf8"),
    ),
  );
  const [row] = await db.select({ sections: storeSettings.sections }).from(storeSettings);
  return {
    home: (row!.sections as { home: typeof home }).home,
    versionMoved: (await readCatalogVersion(db)) > before,
  };
}

describe("migration 0036", () => {
  it("blanks the earlier default text, keeping the rest of the home section", async () => {
    const { home, versionMoved } = await migrateWithHome(EARLIER_DEFAULT);
    expect(home).toEqual({
      heroTitle: "Loja do Zé",
      heroSubtitle: "Tudo",
      heroButton: "Ver",
      resellerText: null,
    });
    expect(versionMoved).toBe(true);
  });

  it("keeps an owner's own text, and leaves the catalogue's version where it was", async () => {
    const own = "A Loja do Zé revende as melhores marcas.";
    const { home, versionMoved } = await migrateWithHome(own);
    expect(home.resellerText).toBe(own);
    expect(versionMoved).toBe(false);
  });
});
