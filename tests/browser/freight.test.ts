import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { endOfWorkingDaysAfter, formatDate } from "../../app/lib/dates";
import { DEFAULT_FREIGHT, freightSchema, parseTable } from "../../app/domain/shipping/freight-settings";
import { signInContext, signUpCustomer } from "../support/accounts";
import { STORE_ADMIN_ENV } from "../support/admin-over-http";
import { launchChromium, navigationsWaitForScripts, randomClientIp } from "../support/browser";
import { createProduct } from "../support/factories";
import { addAddressOverHttp } from "../support/orders";
import { brl, textOf, toast } from "../support/page-text";
import { setUpStartedStore } from "../support/started-store";
import { changeStoppedStore, saveStoreSettings } from "../support/store-settings";

// Issue 52: a store that charges freight by its own table. On a phone, with and without scripts:
// 'Calcular frete' on the product page, the services at checkout, and the order's total with the
// freight chosen. A store of its own: the suite's store ships free.

const STORE_ENV = { SEED_DEMO: "false", ...STORE_ADMIN_ENV };
const started = setUpStartedStore(STORE_ENV);
const PHONE = { width: 390, height: 844 };
const PRICE_CENTS = 25_990;
const table = parseTable("Econômico; SP, MG; 0-5000; 18,00; 3-5\nExpresso; SP, MG; 0-5000; 38,00; 1-2");
/** A service as the calculator lists it: its days, the day it arrives by if paid today, its price. */
const listed = (name: string, days: string, daysMax: number, cents: number) =>
  `${name} Tabela da loja · ${days} dias úteis · chega até ${formatDate(endOfWorkingDaysAfter(new Date(), daysMax))} ${brl(cents)}`;
const BOTH_SERVICES = `${listed("Econômico", "3 a 5", 5, 1_800)} ${listed("Expresso", "1 a 2", 2, 3_800)}`;
let productId = 0;
let browser: Browser;

beforeAll(async () => {
  if (!table.ok) throw new Error(table.message);
  await changeStoppedStore(started, STORE_ENV, async (db) => {
    await saveStoreSettings(db, started.data.dataDir, {
      freight: freightSchema.parse({ ...DEFAULT_FREIGHT, mode: "table", table: table.value }),
    });
    productId = (await createProduct(db, { name: "Fone Aurora", priceCents: PRICE_CENTS, stock: 5 })).id;
  });
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A phone's page on the store; its console errors fail the test that opened it. */
async function phonePage(options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: started.store.url,
    locale: "pt-BR",
    viewport: PHONE,
    extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
    ...options,
  });
  if (options.javaScriptEnabled !== false) navigationsWaitForScripts(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors };
}

/** At checkout the cheapest service comes chosen; the shopper picks 'Expresso' instead. */
async function chooseExpresso(confirmation: Locator) {
  const freight = confirmation.getByRole("group", { name: "Frete" });
  expect(await freight.getByRole("radio", { name: /Econômico/ }).isChecked()).toBe(true);
  await freight.getByRole("radio", { name: /Expresso/ }).check();
}

/** Sign-up, address, product page, cart and checkout: more than one page's 30 s. */
const WHOLE_PURCHASE_MS = 60_000;

it(
  "quotes the product by CEP, offers the services at checkout and charges the one chosen",
  async () => {
    const { page, errors } = await phonePage();
    const customer = await signUpCustomer(started.store.url, { name: "Maria Compradora" });
    await addAddressOverHttp(started.store.url, customer);
    await signInContext(page.context(), started.store.url, customer);

    await page.goto(`/product/${productId}`);
    const calculator = page.getByRole("region", { name: "Calcular frete" });
    await calculator.getByRole("textbox", { name: "Calcular frete" }).fill("01310100");
    expect(await calculator.getByRole("textbox", { name: "Calcular frete" }).inputValue()).toBe("01310-100");
    await calculator.getByRole("button", { name: "Calcular" }).click();
    await calculator.getByText("Econômico", { exact: true }).waitFor();
    expect(await textOf(calculator.getByRole("listitem"))).toBe(BOTH_SERVICES);
    expect(await page.getByText("Frete grátis", { exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).first().click();
    await toast(page, "Produto adicionado ao carrinho").waitFor();

    await page.goto("/checkout");
    await page.getByRole("button", { name: "Continuar para pagamento" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmar Dados do Pedido" });
    await chooseExpresso(dialog);
    const conditions = dialog.getByRole("region", { name: "Condições da oferta" });
    await expect
      .poll(() => textOf(conditions.getByRole("listitem")))
      .toContain(`Frete (Expresso): ${brl(3_800)} Total: ${brl(PRICE_CENTS + 3_800)}`);
    expect(await textOf(conditions.getByRole("listitem"))).toContain("Prazo de entrega: 1 a 2 dias úteis");
    await dialog.getByRole("button", { name: "Confirmar e Pagar" }).click();
    await page.waitForURL(/\/payment\?/);
    await page
      .getByText(brl(PRICE_CENTS + 3_800))
      .first()
      .waitFor();
    expect(errors, "erros no console do navegador").toEqual([]);
    await page.context().close();
  },
  WHOLE_PURCHASE_MS,
);

it("quotes by CEP before the scripts run, as a page of its own", async () => {
  const { page } = await phonePage({ javaScriptEnabled: false });
  await page.goto(`/product/${productId}`);
  const calculator = page.getByRole("region", { name: "Calcular frete" });
  await calculator.getByRole("textbox", { name: "Calcular frete" }).fill("30130-010");
  await calculator.getByRole("button", { name: "Calcular" }).click();
  await page.waitForURL(/\/freight\?/);
  await page.getByRole("heading", { name: "Calcular frete" }).waitFor();
  expect(await textOf(page.getByRole("main").getByRole("listitem"))).toBe(BOTH_SERVICES);
  await page.getByRole("textbox", { name: "Calcular frete" }).fill("69900-000");
  await page.getByRole("button", { name: "Calcular" }).click();
  await page.getByText("Não entregamos neste CEP. Confira o CEP ou fale com a loja.").waitFor();
  await page.getByRole("link", { name: "Voltar ao produto" }).click();
  await page.waitForURL(new RegExp(`/product/${productId}`));
  await page.context().close();
});

it("quotes the cart by the CEP remembered from the product page and adds the cheapest to its total", async () => {
  const { page, errors } = await phonePage();
  await page.goto(`/product/${productId}`);
  const productCalculator = page.getByRole("region", { name: "Calcular frete" });
  await productCalculator.getByRole("textbox", { name: "Calcular frete" }).fill("30130010");
  await productCalculator.getByRole("button", { name: "Calcular" }).click();
  await productCalculator.getByText("Econômico", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).first().click();
  await toast(page, "Produto adicionado ao carrinho").waitFor();

  await page.goto("/cart");
  const summary = page.getByRole("region", { name: "Resumo do pedido" });
  const calculator = summary.getByRole("region", { name: "Calcular frete" });
  expect(await textOf(summary.locator("dl"))).toContain("Frete Calcule pelo CEP");
  expect(await calculator.getByRole("textbox", { name: "Calcular frete" }).inputValue()).toBe("30130-010");
  await calculator.getByRole("button", { name: "Calcular" }).click();
  await calculator.getByText("Expresso", { exact: true }).waitFor();
  expect(await textOf(calculator.getByRole("listitem"))).toBe(BOTH_SERVICES);
  await expect
    .poll(() => textOf(summary.locator("dl")))
    .toContain(`Frete ${brl(1_800)} Total ${brl(PRICE_CENTS + 1_800)}`);
  expect(errors, "erros no console do navegador").toEqual([]);
  await page.context().close();
});

it(
  "quotes the cart and takes the freight chosen at checkout before the scripts run",
  async () => {
    const { page } = await phonePage({ javaScriptEnabled: false });
    const customer = await signUpCustomer(started.store.url, { name: "Joana Sem Scripts" });
    await addAddressOverHttp(started.store.url, customer);
    await signInContext(page.context(), started.store.url, customer);
    await page.goto(`/product/${productId}`);
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await page.waitForURL(/\/cart$/);

    const calculator = page.getByRole("region", { name: "Calcular frete" });
    await calculator.getByRole("textbox", { name: "Calcular frete" }).fill("01310-100");
    await calculator.getByRole("button", { name: "Calcular" }).click();
    await page.waitForURL(/\/freight\?/);
    expect(await textOf(page.getByRole("main").getByRole("listitem"))).toBe(BOTH_SERVICES);
    await page.getByRole("link", { name: "Voltar ao carrinho" }).click();
    await page.waitForURL(/\/cart$/);

    await page.goto("/checkout");
    await page.getByRole("button", { name: "Continuar para pagamento" }).click();
    const confirmation = page.getByRole("region", { name: "Confirmar Dados do Pedido" });
    await chooseExpresso(confirmation);
    await confirmation.getByLabel("CPF").fill(customer.cpf);
    await confirmation.getByRole("button", { name: "Confirmar e Pagar" }).click();
    await page.waitForURL(/\/payment\?/);
    await page
      .getByText(brl(PRICE_CENTS + 3_800))
      .first()
      .waitFor();
    await page.context().close();
  },
  WHOLE_PURCHASE_MS,
);
