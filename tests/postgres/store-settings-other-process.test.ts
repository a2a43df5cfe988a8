import { expect, it } from "vitest";
import { panelOverHttp, STORE_ADMIN_ENV } from "../support/admin-over-http";
import { randomClientIp } from "../support/browser";
import { waitUntil } from "../support/eventually";
import { setUpTwoInstances } from "../support/started-store";
import type { StoreServer } from "../support/store-server";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts): two store processes on one PostgreSQL
// database, as several instances behind a balancer.

const instances = setUpTwoInstances(() => ({ SEED_DEMO: "false", ...STORE_ADMIN_ENV }));

async function homePage(server: StoreServer) {
  const response = await fetch(`${server.url}/`, { headers: { "X-Forwarded-For": randomClientIp() } });
  return { cache: response.headers.get("x-cache"), html: await response.text() };
}

it("shows the store's new name on the other process's pages, its cached home page included, without a restart", async () => {
  const { first, second } = instances;
  await homePage(second);
  const cached = await homePage(second);
  expect(cached.cache).toBe("HIT");
  expect(cached.html).not.toContain("Loja das Duas Instâncias");

  const panel = await panelOverHttp(first.url);
  const saved = await panel.post(
    "/admin/settings",
    new URLSearchParams({
      intent: "identity",
      name: "Loja das Duas Instâncias",
      description: "Uma loja servida por dois processos.",
      primaryColor: "#1d4ed8",
    }),
  );
  expect(saved.status).toBe(200);

  // The other process learns of the save from the database's notification, a moment after the commit.
  await waitUntil(async () => (await homePage(second)).html.includes("Loja das Duas Instâncias"), 5_000);
  const fresh = await homePage(second);
  expect(fresh.html).toContain("Loja das Duas Instâncias");
  expect(fresh.cache).toBe("HIT");
  const catalog = await fetch(`${second.url}/catalog`, { headers: { "X-Forwarded-For": randomClientIp() } });
  expect(await catalog.text()).toContain("Loja das Duas Instâncias");
});
