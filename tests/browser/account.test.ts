import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInContext, signUpCustomer, type Customer } from "../support/accounts";
import { useBrowser } from "../support/browser";
import { enrolmentCode, signInCode } from "../support/totp";

const fixtures = path.resolve(import.meta.dirname, "../fixtures");

/** The account area's notice while the e-mail is unconfirmed. */
const emailConfirmationNotice = (page: Page) =>
  page.locator("section", { has: page.getByRole("heading", { name: "Confirme seu e-mail" }) });

describe("account area", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  async function signedIn(): Promise<Customer> {
    const customer = await signUpCustomer(browser.baseURL);
    await signInContext(browser.page.context(), browser.baseURL, customer);
    return customer;
  }

  it("shows the sidebar in the spec's order, the greeting and the overview", async () => {
    const { page } = browser;
    const customer = await signedIn();
    await page.goto("/account");
    const sidebar = page.getByRole("navigation", { name: "Minha conta" });
    expect(await sidebar.getByRole("link").allTextContents()).toEqual([
      "Visão Geral",
      "Meu Perfil",
      "Endereços",
      "Meus Pedidos",
      "Rastrear Pedido",
      "Meus Favoritos",
      "Avaliações",
      "Configurações",
      "Início",
    ]);
    expect(await page.getByText(`Olá, ${customer.name}!`).isVisible()).toBe(true);
    expect(await page.getByText("Cliente", { exact: true }).isVisible()).toBe(true);
    const main = page.getByRole("main").last();
    expect(await main.getByText("R$\u00a00,00").isVisible()).toBe(true);
    const cpf = customer.cpf;
    expect(
      await main
        .getByText(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`)
        .isVisible(),
    ).toBe(true);
    expect(await main.getByText("(11) 98765-4321").isVisible()).toBe(true);
  });

  it("sends an unknown section back to the overview", async () => {
    const { page } = browser;
    await signedIn();
    await page.goto("/account/nao-existe");
    await page.waitForURL(/\/account$/);
  });

  it("jumps between sections from the mobile dropdown", async () => {
    const { page } = browser;
    await signedIn();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/account");
    expect(await page.getByText("Minha conta", { exact: true }).isVisible()).toBe(true);
    await page.getByLabel("Ir para a seção").selectOption("/account/reviews");
    await page.waitForURL(/\/account\/reviews$/);
    await expect.poll(() => page.getByText("Nenhum produto para avaliar no momento.").isVisible()).toBe(true);
  });

  it("edits the profile and keeps the CPF", async () => {
    const { page } = browser;
    const customer = await signedIn();
    await page.goto("/account/profile");
    await page.getByRole("button", { name: "Editar perfil" }).click();
    await page.getByRole("textbox", { name: "Nome" }).fill("Nome Alterado da Silva");
    await page.getByLabel("Telefone").fill("1133334444");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect.poll(() => page.getByText("Perfil atualizado com sucesso!").isVisible()).toBe(true);
    const details = page.getByRole("main").last();
    await expect
      .poll(() => details.getByText("Nome Alterado da Silva", { exact: true }).isVisible())
      .toBe(true);
    expect(await details.getByText("(11) 3333-4444").isVisible()).toBe(true);
    const cpf = customer.cpf;
    const maskedCpf = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    expect(await details.getByText(maskedCpf, { exact: true }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Editar perfil" }).click();
    expect(await page.getByRole("textbox", { name: "CPF" }).count()).toBe(0);
  });

  it("asks for the current password to change the e-mail", async () => {
    const { page } = browser;
    const customer = await signedIn();
    await page.goto("/account/profile");
    await page.getByRole("button", { name: "Editar perfil" }).click();
    expect(await page.getByLabel("Senha atual").count()).toBe(0);
    const newEmail = `novo-${customer.email}`;
    await page.getByLabel("E-mail").fill(newEmail);
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect
      .poll(() => page.getByText("Digite sua senha atual para alterar o e-mail").isVisible())
      .toBe(true);
    await page.getByLabel("Senha atual").fill("senha-errada");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect.poll(() => page.getByText("Senha incorreta").isVisible()).toBe(true);
    expect(await page.getByLabel("Senha atual").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Senha atual").fill(customer.password);
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect.poll(() => page.getByText("Perfil atualizado com sucesso!").isVisible()).toBe(true);
    expect(
      await page
        .getByText(
          `Enviamos um link de confirmação para ${newEmail}. O e-mail da conta muda quando você abrir o link.`,
        )
        .isVisible(),
    ).toBe(true);
    // Until the new address confirms, the account keeps the old one.
    const details = page.getByRole("main").last();
    await expect.poll(() => details.getByText(customer.email, { exact: true }).count()).toBeGreaterThan(0);
    expect(await details.getByText(newEmail, { exact: true }).count()).toBe(0);
  });

  it("asks to confirm the e-mail with 'Reenviar e-mail', and a bad link says so", async () => {
    const { page } = browser;
    const customer = await signedIn();
    await page.goto("/account/orders");
    const notice = emailConfirmationNotice(page);
    expect(
      await notice.getByText(`Enviamos um link de confirmação para ${customer.email}.`).isVisible(),
    ).toBe(true);
    await notice.getByRole("button", { name: "Reenviar e-mail" }).click();
    await expect
      .poll(() => notice.getByRole("status").textContent())
      .toBe(`Enviamos um novo link de confirmação para ${customer.email}.`);

    await page.goto("/auth/verify-email?token=link-alterado");
    expect(
      await page
        .getByRole("alert")
        .filter({
          hasText: "Este link de confirmação é inválido ou expirou. Peça um novo link em Minha Conta.",
        })
        .isVisible(),
    ).toBe(true);
    await page.getByRole("link", { name: "Ir para Minha Conta" }).click();
    await expect.poll(() => emailConfirmationNotice(page).isVisible()).toBe(true);
  });

  it("uploads an avatar, re-encoded and shown at once, and refuses a file that is not an image", async () => {
    const { page, baseURL } = browser;
    await signedIn();
    await page.goto("/account/profile");
    await page.locator('input[type="file"]').setInputFiles(path.join(fixtures, "not-an-image.png"));
    await expect.poll(() => page.getByText("Erro ao atualizar foto").isVisible()).toBe(true);

    await page.locator('input[type="file"]').setInputFiles(path.join(fixtures, "avatar.png"));
    await expect.poll(() => page.getByText("Foto atualizada com sucesso!").isVisible()).toBe(true);
    const avatar = page.locator('img[src*="/uploads/avatars/"]').first();
    await expect.poll(() => avatar.count()).toBeGreaterThan(0);
    const src = (await avatar.getAttribute("src"))!;
    expect(src).toMatch(/\/avatar\.webp\?v=\d+$/);
    const stored = await fetch(baseURL + src);
    expect(stored.headers.get("content-type")).toBe("image/webp");
  });

  it("enrols in two-factor, then asks for the code at sign-in, and turns it off with the password", async () => {
    const { page, baseURL } = browser;
    const customer = await signedIn();
    await page.goto("/account/settings");
    await page.getByLabel("Senha", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!;
    expect(await page.getByRole("img", { name: "QR code para o aplicativo autenticador" }).isVisible()).toBe(
      true,
    );
    expect(
      await page.getByRole("list", { name: "Códigos de recuperação" }).getByRole("listitem").count(),
    ).toBe(10);
    await page.getByLabel("Código do aplicativo").fill(enrolmentCode(secret));
    await page.getByRole("button", { name: "Confirmar e ativar" }).click();
    await expect.poll(() => page.getByText("Verificação em duas etapas ativada").isVisible()).toBe(true);

    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByLabel("E-mail").fill(customer.email);
    await page.getByLabel("Senha", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByLabel("Código de verificação").fill(signInCode(secret));
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.getByRole("dialog", { name: /^Bem-vindo de volta, / }).waitFor();

    await page.goto("/account/settings");
    await page.getByLabel("Senha", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Desativar verificação em duas etapas" }).click();
    await expect.poll(() => page.getByText("Verificação em duas etapas desativada").isVisible()).toBe(true);
    expect(baseURL).toBeTruthy();
  });

  it("downloads the customer's data and erases the account", async () => {
    const { page, baseURL } = browser;
    const customer = await signedIn();
    await page.goto("/account/settings");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Baixar meus dados" }).click();
    const file = await (await download).path();
    const exported = JSON.parse(await (await import("node:fs/promises")).readFile(file, "utf8"));
    expect(exported.conta.email).toBe(customer.email);
    expect(exported.perfil.cpf).toBe(customer.cpf);

    await page.getByRole("button", { name: "Excluir conta" }).click();
    const dialog = page.getByRole("dialog", { name: "Excluir conta" });
    await dialog.getByLabel("Senha").fill("senha-errada");
    await dialog.getByRole("button", { name: "Excluir definitivamente" }).click();
    await expect.poll(() => page.getByText("Senha incorreta").first().isVisible()).toBe(true);
    await dialog.getByLabel("Senha").fill(customer.password);
    await dialog.getByRole("button", { name: "Excluir definitivamente" }).click();
    await page.waitForURL(/\/auth\?motivo=/);
    await expect.poll(() => page.getByText("Sua conta foi excluída.").isVisible()).toBe(true);

    const signIn = await fetch(`${baseURL}/auth`, {
      method: "POST",
      headers: { "X-Forwarded-For": "203.0.113.250" },
      body: new URLSearchParams({ intent: "login", email: customer.email, password: customer.password }),
    });
    expect(
      signIn.headers
        .getSetCookie()
        .some((cookie) => cookie.includes("session_token=") && !cookie.includes("Max-Age=0")),
    ).toBe(false);
  });
});
