import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { signIn, signInContext, STORE_ADMIN } from "../support/accounts";
import { deleteProductOverHttp } from "../support/admin-over-http";
import { useBrowser } from "../support/browser";
import { brl, textOf, toast } from "../support/page-text";

const WAIT = { timeout: 10_000 };

describe("the admin product form with options", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  beforeEach(() => browser.page.setDefaultTimeout(WAIT.timeout));

  async function openPanel(): Promise<Page> {
    const { page, baseURL } = browser;
    await signInContext(page.context(), baseURL, await signIn(baseURL, STORE_ADMIN));
    await page.goto("/admin/products/new");
    const dialog = page.getByRole("dialog", { name: "Autenticação de Administrador" });
    await dialog.getByLabel("Senha").fill(STORE_ADMIN.gatePassword);
    await dialog.getByRole("button", { name: "Verificar" }).click();
    await dialog.waitFor({ state: "detached" });
    return page;
  }

  const cell = (page: Page, field: string, variant: string) =>
    page.getByLabel(`${field} de ${variant}`, { exact: true });

  it("creates a product in two colours and two sizes from the grid, and the storefront shows it", async () => {
    const page = await openPanel();
    const name = `Celular Grade ${Date.now()}`;
    let productId: string | undefined;
    try {
      await page.getByRole("heading", { name: "Novo produto" }).waitFor();
      await page.getByLabel("Nome", { exact: true }).fill(name);
      await page.getByLabel("Categoria").fill("Celulares");
      await page.getByLabel("Marca").fill("Marca Grade");
      await page.getByLabel("Opção 1: nome").fill("Cor");
      await page.getByLabel("Opção 1: valores separados por vírgula").fill("Preto, Branco");
      await page.getByLabel("Opção 2: nome").fill("Armazenamento");
      await page.getByLabel("Opção 2: valores separados por vírgula").fill("128 GB");
      await page.getByText("Variantes (2)").waitFor();
      await cell(page, "Preço", "Preto / 128 GB").fill("1.999,90");
      await cell(page, "Estoque", "Preto / 128 GB").fill("3");

      // A new value makes the grid again; what was typed in Preto / 128 GB stays.
      await page.getByLabel("Opção 2: valores separados por vírgula").fill("128 GB, 256 GB");
      await page.getByText("Variantes (4)").waitFor();
      expect(await cell(page, "Preço", "Preto / 128 GB").inputValue()).toBe("1.999,90");
      await cell(page, "Preço", "Preto / 256 GB").fill("2.499,90");
      await cell(page, 'Preço "de"', "Preto / 256 GB").fill("2.799,90");
      await cell(page, "Estoque", "Preto / 256 GB").fill("2");
      await cell(page, "Preço", "Branco / 128 GB").fill("1.999,90");
      await cell(page, "Estoque", "Branco / 128 GB").fill("0");
      // Branco / 256 GB stays empty: not sold.
      await page.getByLabel("Especificação 1: nome").fill("Tela");
      await page.getByLabel("Especificação 1: valor").fill('6,1" OLED');

      await page.getByRole("button", { name: "Criar produto" }).click();
      await toast(page, "Produto criado com sucesso!").waitFor();
      await expect.poll(() => new URL(page.url()).pathname, WAIT).toMatch(/^\/admin\/products\/\d+$/);
      productId = new URL(page.url()).pathname.split("/").pop();

      await page.getByText("Variantes (4)").waitFor();
      // The saved prices come back as they were typed, in reais with their thousands grouped.
      expect(await cell(page, "Preço", "Preto / 256 GB").inputValue()).toBe("2.499,90");
      expect(await cell(page, 'Preço "de"', "Preto / 256 GB").inputValue()).toBe("2.799,90");
      expect(await cell(page, "SKU", "Preto / 256 GB").inputValue()).toBe(`VTR-${productId}-PRETO-256-GB`);
      expect(await cell(page, "SKU", "Branco / 256 GB").inputValue()).toBe("");

      await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
      const row = page.getByRole("row", { name: new RegExp(name) });
      expect(await textOf(row)).toContain(`${brl(199_990)} – ${brl(249_990)}`);

      await page.goto(`/product/${productId}`);
      await page.getByRole("heading", { level: 1, name }).waitFor();
      expect(await textOf(page.locator("main"))).toContain(brl(199_990));
    } finally {
      if (productId) await deleteProductOverHttp(page, productId);
    }
  });

  it("shows the refusal of a 'de' price below the price at its row", async () => {
    const page = await openPanel();
    await page.getByLabel("Nome", { exact: true }).fill(`Recusado ${Date.now()}`);
    await page.getByLabel("Categoria").fill("Celulares");
    await page.getByLabel("Opção 1: nome").fill("Voltagem");
    await page.getByLabel("Opção 1: valores separados por vírgula").fill("110 V, 220 V");
    await cell(page, "Preço", "110 V").fill("300");
    await cell(page, 'Preço "de"', "110 V").fill("250");
    await page.getByRole("button", { name: "Criar produto" }).click();
    await page.getByText('Preço "de" deve ser maior que o preço').waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/products/new");
  });
});
