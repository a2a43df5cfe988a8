import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BLING_RETURN_PATH } from "../../app/domain/fiscal/bling/bling-settings";
import { openPanelAsStoreAdmin, STORE_ADMIN_ENV } from "../support/admin-over-http";
import { launchChromium, navigationsWaitForScripts, randomClientIp } from "../support/browser";
import { startFakeBling, type FakeBling } from "../support/fake-bling-server";
import { textOf, toast } from "../support/page-text";
import { setUpStartedStore } from "../support/started-store";

// Issue 54, point 1: the owner connects the store to Bling from 'Configurações da loja', through
// Bling's authorisation page (a fake on loopback) and back. A store of its own: its BLING_API_URL
// is the fake's.

const CLIENT_ID = "a1b2c3d4e5f6a7b8c9d0";
const CLIENT_SECRET = "segredo-do-aplicativo-bling-123";
const STORE_ENV: NodeJS.ProcessEnv = { SEED_DEMO: "false", ...STORE_ADMIN_ENV };

let fake: FakeBling;
beforeAll(async () => {
  fake = await startFakeBling({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  STORE_ENV.BLING_API_URL = fake.apiUrl;
});
afterAll(() => fake?.stop());
const started = setUpStartedStore(STORE_ENV);
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

it("saves the Bling application, connects through Bling's authorisation and back, and disconnects", async () => {
  // The store's public address (the one it shows): the admin opens the panel there.
  const baseURL = `http://localhost:${new URL(started.store.url).port}`;
  const returnLink = `${baseURL}${BLING_RETURN_PATH}`;
  // The owner registered the link the page shows in the Bling application.
  fake.setRedirectUri(returnLink);
  const context = await browser.newContext({
    baseURL,
    locale: "pt-BR",
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
  });
  navigationsWaitForScripts(context);
  const page = await context.newPage();
  await openPanelAsStoreAdmin(page, baseURL);
  await page.goto("/admin/settings");
  const bling = page.getByRole("region", { name: "Nota fiscal (Bling)" });
  expect(await textOf(bling)).toContain(`link de redirecionamento ${returnLink} e cole`);

  await bling.getByLabel("Client ID").fill(CLIENT_ID);
  await bling.getByLabel("Client Secret").fill(CLIENT_SECRET);
  await bling.getByRole("button", { name: "Salvar aplicativo" }).click();
  await toast(page, "Aplicativo do Bling salvo: conecte a loja a ele.");
  await bling.getByRole("button", { name: "Conectar ao Bling" }).click();

  await page.getByRole("heading", { name: "Autorizar aplicativo" }).waitFor();
  expect(new URL(page.url()).origin).toBe(new URL(fake.apiUrl).origin);
  await page.getByRole("button", { name: "Autorizar" }).click();

  await page.waitForURL(/\/admin\/settings\?bling=conectado/);
  await expect.poll(() => textOf(bling)).toContain("Loja conectada ao Bling.");
  expect(await textOf(bling)).toMatch(/Conectado ao Bling desde \d{2}\/\d{2}\/\d{4}/);
  // Neither the secret nor a token ever reaches the page.
  const html = await page.content();
  expect(html).not.toContain(CLIENT_SECRET);
  expect(html).not.toContain(fake.issuedTokens[0]!.accessToken);

  await bling.getByRole("button", { name: "Desconectar" }).click();
  await toast(page, "Loja desconectada do Bling.");
  await expect
    .poll(() => textOf(bling))
    .toContain("Aplicativo salvo; a loja ainda não está conectada ao Bling.");
  await context.close();
});
