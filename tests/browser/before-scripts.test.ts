import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { randomCnpj, signUpCustomer } from "../support/accounts";
import { openAnotherClient, useBrowser } from "../support/browser";
import { demoProduct } from "../support/orders";
import { brl, textOf } from "../support/page-text";

// A phone on slow data: the person taps before the scripts arrive (decision 0011). Links and
// forms must work without them; here they never arrive.

const WAIT = { timeout: 10_000 };
/** 300 in stock: the cart's + stays enabled. */
const CABLE = demoProduct("Cabo USB-C Lume 1 m 60 W");
/** 37 in stock. */
const MOUSE = demoProduct("Mouse Gamer Quasar 26K DPI");

function quantityOf(page: Page, name: string) {
  return page.getByRole("status", { name: `Quantidade de ${name}`, exact: true });
}

function summaryTotal(page: Page) {
  return page
    .getByRole("region", { name: "Resumo do pedido" })
    .locator("div")
    .filter({ has: page.getByRole("term").filter({ hasText: /^Total$/ }) })
    .getByRole("definition");
}

async function addFromProductPage(page: Page, product: { id: number }) {
  await page.goto(`/product/${product.id}`);
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
  await page.waitForURL(/\/cart$/);
}

describe("the buying path without scripts", () => {
  const browser = useBrowser({ javaScriptEnabled: false });
  beforeEach(() => browser.page.setDefaultTimeout(10_000));

  it("adds a product from its page and from a catalogue card, shows the cart with its total, changes and removes lines", async () => {
    const { page } = browser;
    await addFromProductPage(page, CABLE);
    expect(await textOf(quantityOf(page, CABLE.name))).toBe("1");
    expect(await textOf(summaryTotal(page))).toBe(brl(CABLE.priceCents));

    await page.getByRole("button", { name: `Aumentar quantidade de ${CABLE.name}` }).click();
    await expect.poll(() => textOf(quantityOf(page, CABLE.name)), WAIT).toBe("2");
    expect(await textOf(summaryTotal(page))).toBe(brl(CABLE.priceCents * 2));
    expect(await page.getByText("2 itens", { exact: true }).isVisible()).toBe(true);

    await page.goto(`/catalog?q=${encodeURIComponent(MOUSE.name)}`);
    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: MOUSE.name, exact: true }) })
      .getByRole("button", { name: /^Adicionar ao carrinho/ })
      .click();
    await page.waitForURL(/\/cart$/);
    expect(await textOf(quantityOf(page, MOUSE.name))).toBe("1");
    expect(await textOf(summaryTotal(page))).toBe(brl(CABLE.priceCents * 2 + MOUSE.priceCents));

    await page.getByRole("button", { name: `Diminuir quantidade de ${CABLE.name}` }).click();
    await expect.poll(() => textOf(quantityOf(page, CABLE.name)), WAIT).toBe("1");
    await page.getByRole("button", { name: `Remover ${MOUSE.name}` }).click();
    await expect.poll(() => quantityOf(page, MOUSE.name).count(), WAIT).toBe(0);
    expect(await textOf(summaryTotal(page))).toBe(brl(CABLE.priceCents));
    expect(await page.getByRole("link", { name: /Finalizar Compra/ }).getAttribute("href")).toBe("/checkout");

    await page.getByRole("button", { name: "Limpar carrinho" }).click();
    await page.getByRole("heading", { name: "Seu carrinho está vazio" }).waitFor();
  });

  it("answers the cart page and the cart's posts for this visitor alone", async () => {
    const { page } = browser;
    await page.goto(`/product/${CABLE.id}`);
    const [post] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Adicionar ao carrinho" }).click(),
    ]);
    expect(post.headers()["cache-control"]).toBe("private, no-store");
    const cart = await page.goto("/cart");
    expect(cart?.headers()["cache-control"]).toBe("private, no-store");
    expect(cart?.headers()["x-cache"]).toBeUndefined();
  });

  it("opens the Cadastro tab by its link", async () => {
    const { page } = browser;
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Cadastro" }).click();
    await page.waitForURL(/\/auth\?tab=cadastro$/);
    expect(await page.getByRole("button", { name: "Cadastrar" }).isVisible()).toBe(true);
    expect(await page.getByRole("tab", { name: "Cadastro" }).getAttribute("aria-selected")).toBe("true");
  });

  it("signs up a company chosen by its link, with its CNPJ and website", async () => {
    const { page } = browser;
    await page.goto("/auth?tab=cadastro");
    await page.getByRole("link", { name: "Pessoa Jurídica" }).click();
    await page.waitForURL(/\/auth\?tab=cadastro&tipo=pj$/);
    expect(await page.getByRole("link", { name: "Pessoa Jurídica" }).getAttribute("aria-current")).toBe(
      "true",
    );
    await page.getByLabel("Razão social").fill("Loja Sem Scripts Ltda");
    await page.getByLabel("CNPJ").fill(randomCnpj());
    await page.getByLabel("Site da empresa").fill("lojasemscripts.com.br");
    await page.getByLabel("Telefone").fill("1133334444");
    await page.getByLabel("E-mail").fill(`pj-sem-scripts-${Date.now()}@example.com`);
    await page.getByLabel("Senha", { exact: true }).fill("segredo1");
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await page.getByRole("heading", { name: "Bem-vindo!" }).waitFor();

    await page.getByRole("link", { name: "Ir para sua conta" }).click();
    await page.waitForURL(/\/account$/);
    await page.getByRole("main").getByText("Loja Sem Scripts Ltda", { exact: true }).waitFor();
    await page.getByRole("main").getByText("CNPJ", { exact: true }).waitFor();
  });

  it("signs in, greets the customer back, leaves 'Entrar' and keeps the visitor's cart", async () => {
    const { page } = browser;
    const customer = await signUpCustomer(browser.baseURL, { name: "Joana Prado" });
    await addFromProductPage(page, MOUSE);

    await page.goto("/auth");
    await page.getByLabel("E-mail").fill(customer.email);
    await page.getByLabel("Senha", { exact: true }).fill("senha-errada");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByText("E-mail ou senha incorretos").waitFor();

    await page.getByLabel("E-mail").fill(customer.email);
    await page.getByLabel("Senha", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByRole("heading", { name: "Bem-vindo de volta, Joana!" }).waitFor();
    expect(await page.getByRole("link", { name: "Entrar", exact: true }).count()).toBe(0);

    await page.getByRole("link", { name: "Ir para sua conta" }).click();
    await page.waitForURL(/\/account$/);
    await page.goto("/cart");
    expect(await textOf(quantityOf(page, MOUSE.name))).toBe("1");
  });

  it("checks out on a phone: signs in from the checkout, adds the delivery address there, confirms and reaches the PIX payment", async () => {
    const { page, baseURL } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    const customer = await signUpCustomer(baseURL, { name: "Joana Prado" });
    await addFromProductPage(page, MOUSE);

    await page.goto("/checkout");
    const main = page.getByRole("main");
    await main.getByText("Você precisa estar logado para finalizar a compra", { exact: true }).waitFor();
    await main.getByRole("link", { name: "Entrar", exact: true }).click();
    await page.getByLabel("E-mail").fill(customer.email);
    await page.getByLabel("Senha", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${baseURL}/checkout`);
    const summary = page.getByRole("region", { name: "Resumo do Pedido" });
    expect(await textOf(summary.getByRole("listitem"))).toBe(`${MOUSE.name} x 1 ${brl(MOUSE.priceCents)}`);

    await page.getByRole("button", { name: "Continuar para pagamento" }).click();
    await page.getByRole("alert").getByText("Cadastre um endereço antes de finalizar a compra").waitFor();
    const delivery = page.getByRole("region", { name: "Endereço de entrega" });
    await delivery.getByLabel("CEP").fill("01310-100");
    await delivery.getByLabel("Rua").fill("Avenida Paulista");
    await delivery.getByLabel("Número").fill("1000");
    await delivery.getByLabel("Bairro").fill("Bela Vista");
    await delivery.getByLabel("Cidade").fill("São Paulo");
    await delivery.getByLabel("UF").selectOption("SP");
    await delivery.getByRole("button", { name: "Salvar endereço" }).click();
    await page.waitForURL(`${baseURL}/checkout`);
    expect(await page.getByRole("region", { name: "Endereço de entrega" }).count()).toBe(0);

    await page.getByRole("button", { name: "Continuar para pagamento" }).click();
    const confirmation = page.getByRole("region", { name: "Confirmar Dados do Pedido" });
    expect(await confirmation.getByLabel("Nome completo").inputValue()).toBe("Joana Prado");
    expect(await confirmation.getByLabel("Endereço de entrega").locator("option:checked").textContent()).toBe(
      "Avenida Paulista, 1000 (padrão)",
    );
    // The server checks what no script could: a wrong CPF is refused with the spec's message.
    await confirmation.getByLabel("CPF").fill("111.111.111-11");
    await confirmation.getByRole("button", { name: "Confirmar e Pagar" }).click();
    await page
      .getByRole("region", { name: "Confirmar Dados do Pedido" })
      .getByRole("alert")
      .getByText("Dados inválidos: CPF inválido", { exact: true })
      .waitFor();

    await page
      .getByRole("region", { name: "Confirmar Dados do Pedido" })
      .getByLabel("CPF")
      .fill(customer.cpf);
    await page.getByRole("button", { name: "Confirmar e Pagar" }).click();
    await page.waitForURL(/\/payment\?data=.+&orderId=.+$/);
    expect(await page.getByLabel("Código PIX copia e cola").inputValue()).toMatch(/^000201/);
    await page.goto("/cart");
    await page.getByRole("heading", { name: "Seu carrinho está vazio" }).waitFor();
  });
});

describe("lines added before the scripts, once they run", () => {
  const browser = useBrowser({ javaScriptEnabled: false });

  it("are in the browser's cart with the badge", async () => {
    const { page } = browser;
    await addFromProductPage(page, CABLE);
    const scripted = await openAnotherClient(page, browser.baseURL);
    try {
      await scripted.addCookies(await page.context().cookies());
      const withScripts = await scripted.newPage();
      await withScripts.goto("/");
      await withScripts.getByRole("link", { name: "Carrinho, 1 item", exact: true }).waitFor(WAIT);
      await withScripts.goto("/cart");
      await expect.poll(() => textOf(quantityOf(withScripts, CABLE.name)), WAIT).toBe("1");
      await withScripts.getByRole("button", { name: `Aumentar quantidade de ${CABLE.name}` }).click();
      await expect.poll(() => textOf(quantityOf(withScripts, CABLE.name)), WAIT).toBe("2");
      // The server reads the same cart the page shows.
      await withScripts.reload();
      await expect.poll(() => textOf(quantityOf(withScripts, CABLE.name)), WAIT).toBe("2");
    } finally {
      await scripted.close();
    }
  });
});
