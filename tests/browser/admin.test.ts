import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { signIn, signInContext, signUpCustomer, STORE_ADMIN } from "../support/accounts";
import { useBrowser } from "../support/browser";
import { textOf, toast } from "../support/page-text";

const WAIT = { timeout: 10_000 };

describe("the admin panel", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  beforeEach(() => browser.page.setDefaultTimeout(WAIT.timeout));

  async function openAsAdmin(): Promise<Page> {
    const { page, baseURL } = browser;
    // Until the gate is passed, the panel answers 403 (a wrong password too), which the browser
    // reports in its console.
    browser.expectedConsoleErrors.push(/status of 403/);
    await signInContext(page.context(), baseURL, await signIn(baseURL, STORE_ADMIN));
    await page.goto("/admin");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    return page;
  }

  async function passGate(page: Page) {
    const dialog = page.getByRole("dialog", { name: "Autenticação de Administrador" });
    await dialog.getByLabel("Senha").fill(STORE_ADMIN.gatePassword);
    await dialog.getByRole("button", { name: "Verificar" }).click();
    await toast(page, "Acesso autorizado!").waitFor();
    await dialog.waitFor({ state: "detached" });
  }

  it("asks for the panel's password in a dialog that cannot be dismissed", async () => {
    const page = await openAsAdmin();
    const dialog = page.getByRole("dialog", { name: "Autenticação de Administrador" });
    await dialog.waitFor();
    await expect.poll(() => page.getByText("Total de Pedidos").count()).toBe(0);

    await page.keyboard.press("Escape");
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole("button", { name: "Verificar" }).click();
    await dialog.getByText("Por favor, digite a senha.").waitFor();

    const password = dialog.getByLabel("Senha");
    await password.fill("senha-errada");
    await dialog.getByRole("button", { name: "Verificar" }).click();
    await toast(page, "Senha incorreta").waitFor();
    expect(await password.inputValue()).toBe("");
    expect(await page.evaluate(() => sessionStorage.getItem("admin_verified"))).toBeNull();

    await passGate(page);
    expect(await page.evaluate(() => sessionStorage.getItem("admin_verified"))).toBe("true");
    await page.getByRole("heading", { name: "Painel de Administração" }).waitFor();
    await page.getByText("Total de Pedidos").waitFor();
    // The revenue chart is drawn once the page is in the browser.
    await page.locator(".recharts-surface").first().waitFor();

    // The pass is the session's, kept by the server: a reload does not ask again.
    await page.reload();
    await page.getByText("Total de Pedidos").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("changes a customer's role from the users list", async () => {
    const customer = await signUpCustomer(browser.baseURL);
    const page = await openAsAdmin();
    await passGate(page);
    await page.getByRole("link", { name: "Usuários" }).click();
    await page.getByLabel("Buscar por nome ou e-mail").fill(customer.email);
    await page.getByRole("button", { name: "Buscar" }).click();
    const row = page.getByRole("row").filter({ hasText: customer.email });
    await expect.poll(() => textOf(row), WAIT).toContain("Pessoa Física");

    const role = row.getByLabel(`Permissão de ${customer.name}`);
    await role.selectOption("admin");
    await toast(page, "Permissão atualizada com sucesso!").waitFor();
    await page.getByRole("link", { name: "Auditoria" }).click();
    await page.getByText(`Permissão alterada · Usuário`).first().waitFor();

    await page.goBack();
    await expect.poll(() => row.getByLabel(`Permissão de ${customer.name}`).inputValue(), WAIT).toBe("admin");
    await row.getByLabel(`Permissão de ${customer.name}`).selectOption("user");
    await toast(page, "Permissão atualizada com sucesso!").waitFor();
  });

  it("sends a customer home and a visitor to sign in", async () => {
    const { page, baseURL } = browser;
    await page.goto("/admin");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/auth");

    await signInContext(page.context(), baseURL, await signUpCustomer(baseURL));
    await page.goto("/admin");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
  });
});
