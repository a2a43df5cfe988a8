import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, navigationsWaitForScripts, randomClientIp, suiteStoreURL } from "../support/browser";
import { startOidcProvider, type OidcProviderFixture } from "../support/oidc-provider";
import { freePort, startStoreFrom, type StoreServer } from "../support/store-server";

const PROVIDER_NAME = "Conta Corporativa";

/**
 * A store of its own, configured with an OIDC provider that is not up yet when the store starts
 * (it must start anyway), then the provider (`oidc-provider` on loopback) and Chromium going
 * through both.
 */
describe("sign-in with an OpenID Connect provider, in the browser", () => {
  let store: StoreServer;
  let provider: OidcProviderFixture;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const [storePort, providerPort] = [await freePort(), await freePort()];
    const storeUrl = `http://127.0.0.1:${storePort}`;
    store = await startStoreFrom("migrated", {
      PORT: String(storePort),
      PUBLIC_URL: storeUrl,
      OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
      OIDC_CLIENT_ID: "vitrine-loja",
      OIDC_CLIENT_SECRET: "segredo-do-cliente-de-teste-0123456789",
      OIDC_NAME: PROVIDER_NAME,
      SEED_DEMO: "false",
    });
    provider = await startOidcProvider({
      port: providerPort,
      redirectUris: [`${storeUrl}/api/auth/callback/oidc`],
    });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await provider?.stop();
    await store?.stop();
  });

  async function newPage() {
    const context = await browser.newContext({
      baseURL: store.url,
      locale: "pt-BR",
      extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
    });
    navigationsWaitForScripts(context);
    page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(message.text());
    });
    return page;
  }

  /** 'Entrar com …' on the Login tab, which sends the browser to the provider's pages. */
  async function clickProviderButton(on: Page) {
    await on.goto("/auth");
    await on.getByRole("button", { name: `Entrar com ${PROVIDER_NAME}` }).click();
  }

  afterEach(async () => {
    await page?.context().close();
    expect(pageErrors.splice(0), "erros no console do navegador").toEqual([]);
  });

  it("started while the provider was down, and logged it", () => {
    expect(store.output()).toMatch(/Discovery fetch failed for \W{1,2}oidc/);
  });

  it("creates the account through the provider's pages and asks for the PF/PJ profile", async () => {
    const email = `paula-${randomUUID()}@example.com`;
    provider.signInAs({ sub: randomUUID(), email, email_verified: true, name: "Paula Provedora" });
    const page = await newPage();

    await clickProviderButton(page);

    await page.waitForURL(`${store.url}/account/profile`);
    await expect
      .poll(() => page.getByRole("heading", { name: "Complete seu perfil" }).isVisible())
      .toBe(true);
    // Signed in as the provider's account: its menu (opened once the page is hydrated and the
    // menu's code has come) shows the e-mail. A click made as an earlier one's menu opens lands
    // under the menu's layer, so it gives up at once and the next round looks again.
    const menu = page.getByRole("menu");
    await expect
      .poll(async () => {
        if ((await menu.count()) === 0)
          await page
            .getByRole("button", { name: "Menu da conta de Paula Provedora" })
            .click({ timeout: 1_000 })
            .catch(() => undefined);
        return menu.getByText(email).isVisible();
      })
      .toBe(true);
  });

  it("shows a message on the Login tab and signs nobody in when the e-mail is not verified", async () => {
    const email = `joana-${randomUUID()}@example.com`;
    provider.signInAs({ sub: randomUUID(), email, email_verified: true, name: "Joana" });
    const first = await newPage();
    await clickProviderButton(first);
    await first.waitForURL(`${store.url}/account/profile`);
    await first.context().close();

    // Another identity at the provider claims the same e-mail, unverified.
    provider.signInAs({ sub: randomUUID(), email, email_verified: false, name: "Outra Pessoa" });
    const page = await newPage();
    await clickProviderButton(page);

    await page.waitForURL(/\/auth\?erro=conta-existente/);
    const alert = page.getByRole("alert").filter({ hasText: "Já existe uma conta com este e-mail" });
    expect(await alert.textContent()).toBe(
      `Já existe uma conta com este e-mail. Entre com sua senha; para entrar com ${PROVIDER_NAME}, o e-mail precisa estar confirmado na conta e pelo provedor.`,
    );
    await page.goto("/account");
    await page.waitForURL(/\/auth\?redirectTo=%2Faccount$/);
  });

  it("shows no provider button on a store where none is configured", async () => {
    const response = await fetch(`${suiteStoreURL()}/auth`);
    const html = await response.text();
    expect(html).toContain("Acesse sua conta");
    expect(html).not.toContain("Entrar com Google");
    expect(html).not.toContain(`Entrar com ${PROVIDER_NAME}`);
    expect(html).not.toContain('action="/auth/provider/');
  });
});
