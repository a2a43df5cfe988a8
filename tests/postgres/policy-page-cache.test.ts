import { expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { DEFAULT_POLICIES } from "../../app/domain/store-settings/default-policies";
import { STORE_ADMIN_ENV } from "../support/admin-over-http";
import { setUpStartedStore } from "../support/started-store";
import { saveStoreSettings } from "../support/store-settings";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts): the owner saves through another store
// process on the same PostgreSQL database while this one keeps the page for its visitors.
const started = setUpStartedStore({ SEED_DEMO: "false", ...STORE_ADMIN_ENV });

async function returnsPage() {
  const response = await fetch(`${started.store.url}/policies/returns`);
  return { cache: response.headers.get("x-cache"), body: await response.text() };
}

it("shows a saved policy at once, though visitors had the page cached", async () => {
  await returnsPage();
  const cached = await returnsPage();
  expect(cached.cache).toBe("HIT");
  expect(cached.body).toContain("Direito de arrependimento (7 dias)");

  const otherProcess = await openDatabase({ url: started.data.env.DATABASE_URL! });
  try {
    await saveStoreSettings(otherProcess.db, started.data.dataDir, {
      policies: { ...DEFAULT_POLICIES, returns: "Trocas pelo **SAC** em até 30 dias." },
    });
  } finally {
    await otherProcess.close();
  }

  // The save raises the catalogue's version, which this process hears of through PostgreSQL.
  await expect
    .poll(async () => (await returnsPage()).body)
    .toContain("<p>Trocas pelo <strong>SAC</strong> em até 30 dias.</p>");
  expect((await returnsPage()).body).not.toContain("Direito de arrependimento (7 dias)");
});
