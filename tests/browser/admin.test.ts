import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import {
  randomAlphanumericCnpj,
  signIn,
  signInContext,
  signUpCompany,
  signUpCustomer,
  STORE_ADMIN,
} from "../support/accounts";
import { deleteProductOverHttp } from "../support/admin-over-http";
import { useBrowser } from "../support/browser";
import { addAddressOverHttp, demoProduct, payOverHttp, placeOrderOverHttp } from "../support/orders";
import { brl, textOf, toast } from "../support/page-text";

/** Bought by these tests and looked at by no other file. */
const HEADPHONES = demoProduct("Fone TWS Nova Buds 2");

const WAIT = { timeout: 10_000 };

describe("the admin panel", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  beforeEach(() => browser.page.setDefaultTimeout(WAIT.timeout));

  async function openAsAdmin(): Promise<Page> {
    const { page, baseURL } = browser;
    await signInContext(page.context(), baseURL, await signIn(baseURL, STORE_ADMIN));
    await page.goto("/admin");
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
    // The gate answers a wrong password with 403, which the browser reports in its console.
    browser.expectedConsoleErrors.push(/status of 403/);
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
    await page.getByLabel("Buscar por nome, e-mail, CPF ou CNPJ").fill(customer.email);
    await page.getByRole("button", { name: "Buscar" }).click();
    const row = page.getByRole("row").filter({ hasText: customer.email });
    await expect.poll(() => textOf(row), WAIT).toContain("Pessoa Física");

    const role = row.getByLabel(`Permissão de ${customer.name}`);
    await role.selectOption("admin");
    await toast(page, "Permissão atualizada com sucesso!").waitFor();
    await page.getByRole("link", { name: "Auditoria" }).click();
    await page.getByText(`Permissão alterada · Usuário`).first().waitFor();
    // In the owner's words, not the recorded ones ('role: "user" → "admin"').
    await page.getByText("Permissão: cliente → administrador").first().waitFor();

    await page.goBack();
    await expect.poll(() => row.getByLabel(`Permissão de ${customer.name}`).inputValue(), WAIT).toBe("admin");
    await row.getByLabel(`Permissão de ${customer.name}`).selectOption("user");
    await toast(page, "Permissão atualizada com sucesso!").waitFor();
  });

  it("finds a company by its alphanumeric CNPJ typed in lower case, and shows it masked", async () => {
    const company = await signUpCompany(browser.baseURL, { cnpj: randomAlphanumericCnpj() });
    const masked = `${company.cnpj.slice(0, 2)}.${company.cnpj.slice(2, 5)}.${company.cnpj.slice(5, 8)}/${company.cnpj.slice(8, 12)}-${company.cnpj.slice(12)}`;
    const page = await openAsAdmin();
    await passGate(page);
    await page.getByRole("link", { name: "Usuários" }).click();
    await page.getByLabel("Buscar por nome, e-mail, CPF ou CNPJ").fill(masked.toLowerCase());
    await page.getByRole("button", { name: "Buscar" }).click();
    const row = page.getByRole("row").filter({ hasText: company.email });
    await expect.poll(() => textOf(row), WAIT).toContain(`Pessoa Jurídica ${masked}`);
    // The heading row and the company's: the search matched no one else.
    await expect.poll(() => page.getByRole("row").count(), WAIT).toBe(2);
  });

  it("sends a customer home and a visitor to sign in", async () => {
    const { page, baseURL } = browser;
    await page.goto("/admin");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/auth");

    await signInContext(page.context(), baseURL, await signUpCustomer(baseURL));
    await page.goto("/admin");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
  });

  it("creates a product with an uploaded photo, reprices it and deletes it, the storefront following", async () => {
    const page = await openAsAdmin();
    await passGate(page);
    // Markup typed by an admin is text: a script in the name must never run.
    page.on("dialog", (dialog) => {
      throw new Error(`Um diálogo abriu na página: ${dialog.message()}`);
    });
    const name = `Teclado <script>alert(1)</script> Teste ${Date.now()}`;
    let productId: string | undefined;
    try {
      await page.getByRole("link", { name: "Produtos" }).click();
      await page.getByRole("link", { name: "Novo produto" }).click();
      await page.getByRole("heading", { name: "Novo produto" }).waitFor();
      await page.getByLabel("Nome", { exact: true }).fill(name);
      await page.getByLabel("Preço (R$)").fill("123,45");
      await page.getByLabel("Estoque").fill("5");
      await page.getByLabel("Categoria").fill("Acessórios");
      await page.getByLabel("Descrição").fill("Um teclado de teste.");
      await page.getByLabel(/Ou envie um arquivo/).setInputFiles({
        name: "teclado.png",
        mimeType: "image/png",
        buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3366cc" } })
          .png()
          .toBuffer(),
      });
      await page.getByRole("button", { name: "Criar produto" }).click();
      await toast(page, "Produto criado com sucesso!").waitFor();
      await expect.poll(() => new URL(page.url()).pathname, WAIT).toMatch(/^\/admin\/products\/\d+$/);
      productId = new URL(page.url()).pathname.split("/").pop();

      await page.goto(`/catalog?q=${encodeURIComponent(name)}`);
      await page.getByRole("link", { name }).first().waitFor();
      await page.goto(`/product/${productId}`);
      await page.getByRole("heading", { level: 1, name }).waitFor();
      expect(await textOf(page.locator("main"))).toContain(brl(12_345));
      const photo = page.getByRole("img", { name }).first();
      expect(await photo.getAttribute("src")).toMatch(/^\/uploads\/products\/.+\.webp$/);

      await page.goto(`/admin/products/${productId}`);
      await page.getByLabel("Preço (R$)").fill("99,90");
      await page.getByRole("button", { name: "Salvar alterações" }).click();
      await toast(page, "Produto atualizado com sucesso!").waitFor();
      await page.goto(`/product/${productId}`);
      expect(await textOf(page.locator("main"))).toContain(brl(9_990));

      await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
      await page.getByRole("button", { name: `Excluir ${name}` }).click();
      await page
        .getByRole("dialog", { name: "Excluir produto" })
        .getByRole("button", { name: "Excluir" })
        .click();
      await toast(page, "Produto deletado com sucesso!").waitFor();
      const deleted = productId;
      productId = undefined;
      await page.goto(`/product/${deleted}`);
      await page.getByText("Produto não encontrado").first().waitFor();
    } finally {
      // A product left behind would change what the other files see in the catalogue.
      if (productId) await deleteProductOverHttp(page, productId);
    }
  });

  it("promotes a customer, who then finds Admin in the account menu", async () => {
    const customer = await signUpCustomer(browser.baseURL);
    const page = await openAsAdmin();
    await passGate(page);
    await page.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
    await page.getByLabel(`Permissão de ${customer.name}`).selectOption("admin");
    await toast(page, "Permissão atualizada com sucesso!").waitFor();

    await page.context().clearCookies();
    await signInContext(page.context(), browser.baseURL, customer);
    await page.goto("/account");
    await page
      .getByRole("navigation", { name: "Minha conta" })
      .getByRole("link", { name: "Admin" })
      .waitFor();
    expect(await textOf(page.getByRole("complementary"))).toContain("Administrador");
  });

  it("moves a paid order to 'em processamento' with a tracking code the customer then sees", async () => {
    const { baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    const addressId = await addAddressOverHttp(baseURL, customer);
    const { orderId } = await placeOrderOverHttp(baseURL, customer, addressId, HEADPHONES);
    await payOverHttp(baseURL, customer, orderId);

    const page = await openAsAdmin();
    await passGate(page);
    await page.goto(`/admin/orders/${orderId}`);
    await page.getByLabel("Novo status").selectOption({ label: "em processamento" });
    await page.getByRole("button", { name: "Atualizar status" }).click();
    await toast(page, "Status do pedido atualizado!").waitFor();
    // The page has loaded the order again once its history shows the change: only then is the
    // tracking form the one that stays.
    await page.getByRole("listitem").filter({ hasText: "em processamento" }).first().waitFor();
    await page.getByLabel("Código dos Correios").fill("ab123456789br");
    await page.getByRole("button", { name: "Salvar código" }).click();
    await toast(page, "Código de rastreio salvo!").waitFor();

    await page.context().clearCookies();
    await signInContext(page.context(), baseURL, customer);
    await page.goto(`/account/track?order=${orderId}`);
    const timeline = await textOf(page.locator("main"));
    expect(timeline).toContain("Pagamento confirmado");
    expect(timeline).toContain("Status: em processamento");
    expect(timeline).toContain("AB123456789BR");
    const correios = page.getByRole("link", { name: "Rastrear nos Correios" });
    expect(await correios.getAttribute("href")).toBe(
      "https://rastreamento.correios.com.br/app/index.php?objetos=AB123456789BR",
    );
  });
});
