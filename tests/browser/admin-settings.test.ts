import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signIn, signInContext, STORE_ADMIN } from "../support/accounts";
import { STORE_ADMIN_ENV } from "../support/admin-over-http";
import { useBrowser } from "../support/browser";
import { textOf, toast } from "../support/page-text";
import { startStoreServer, type StoreServer } from "../support/store-server";

const WAIT = { timeout: 10_000 };
const INSTAGRAM = "https://www.instagram.com/lojadaana";

// The store's name, colour and links show on every page: this file changes them on a store of its
// own, so the suite's other files, running beside it, keep the demo store's.
let store: StoreServer;
beforeAll(async () => {
  store = await startStoreServer({ SEED_DEMO: "false", ...STORE_ADMIN_ENV });
}, 180_000);
afterAll(() => store?.stop());

describe("Configurações da loja", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  beforeEach(() => browser.page.setDefaultTimeout(WAIT.timeout));

  async function openSettings(): Promise<Page> {
    const { page } = browser;
    await signInContext(page.context(), store.url, await signIn(store.url, STORE_ADMIN));
    await page.goto(`${store.url}/admin`);
    const gate = page.getByRole("dialog", { name: "Autenticação de Administrador" });
    await gate.getByLabel("Senha").fill(STORE_ADMIN.gatePassword);
    await gate.getByRole("button", { name: "Verificar" }).click();
    await gate.waitFor({ state: "detached" });
    const checklist = page.getByRole("region", { name: "Complete os dados da loja" });
    await checklist.getByRole("link", { name: "Abrir Configurações da loja" }).click();
    await page.getByRole("heading", { name: "Configurações da loja" }).waitFor();
    return page;
  }

  async function saveContacts(page: Page, instagram: string) {
    const contacts = page.getByRole("region", { name: "Contatos e links" });
    await contacts.getByLabel("Instagram").fill(instagram);
    await contacts.getByRole("button", { name: "Salvar contatos e links" }).click();
    await toast(page, "Contatos e links salvos!").waitFor();
  }

  it("changes the store's name and colour, shown in the top bar and footer; an Instagram link appears, and goes once cleared", async () => {
    const page = await openSettings();
    const identity = page.getByRole("region", { name: "Identidade" });
    const colour = identity.getByLabel("Cor principal");

    // A colour too light for the buttons' white text is refused at its field, in the browser.
    await colour.fill("#ffff00");
    await identity.getByRole("button", { name: "Salvar identidade" }).click();
    await identity
      .getByText("Cor muito clara: o texto branco dos botões fica ilegível (contraste mínimo 4,5:1)")
      .waitFor();
    expect(await colour.getAttribute("aria-invalid")).toBe("true");

    await identity.getByLabel("Nome da loja").fill("Loja da Ana");
    await colour.fill("#7a1f5c");
    await identity.getByRole("button", { name: "Salvar identidade" }).click();
    await toast(page, "Identidade da loja salva!").waitFor();
    await saveContacts(page, INSTAGRAM);

    await page.goto(`${store.url}/`);
    expect(await textOf(page.getByRole("banner"))).toContain("Loja da Ana");
    const footer = page.getByRole("contentinfo");
    expect(await textOf(footer)).toContain("Loja da Ana");
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue("--color-brand-600").trim(),
      ),
    ).toBe("#7a1f5c");
    const instagramLink = footer.locator(`a[href="${INSTAGRAM}"]`);
    expect(await instagramLink.count()).toBe(1);

    await page.goto(`${store.url}/admin/settings`);
    await saveContacts(page, "");
    await page.goto(`${store.url}/`);
    await footer.waitFor();
    expect(await instagramLink.count()).toBe(0);
    // Two saves of each kind and four pages: more than the suite's 30 s on a busy machine.
  }, 60_000);

  it("fits a 360 px phone, every section's fields in the page's width", async () => {
    const page = await openSettings();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole("region", { name: "Entrega" }).waitFor();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});
