import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { signInContext, signUpCustomer } from "../support/accounts";
import { STORE_ADMIN_ENV } from "../support/admin-over-http";
import { launchChromium, navigationsWaitForScripts, randomClientIp } from "../support/browser";
import { createProduct } from "../support/factories";
import { addAddressOverHttp } from "../support/orders";
import { brl, textOf, toast } from "../support/page-text";
import { setUpStartedStore } from "../support/started-store";
import { changeStoppedStore, OWNER_SETTINGS, saveStoreSettings } from "../support/store-settings";

// Issue 26 (Decreto 7.962/2013, art. 4º): before 'Confirmar e Pagar', the customer reads the offer's
// conditions as the owner set them. A store of its own: the suite's store keeps the demo's settings.

const STORE_ENV = { SEED_DEMO: "false", ...STORE_ADMIN_ENV };
const started = setUpStartedStore(STORE_ENV);
const PRICE_CENTS = 45_990;
let productId = 0;
let browser: Browser;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  await changeStoppedStore(started, STORE_ENV, async (db) => {
    await saveStoreSettings(db, started.data.dataDir, OWNER_SETTINGS);
    productId = (await createProduct(db, { name: "Caixa de Som Aurora", priceCents: PRICE_CENTS, stock: 5 }))
      .id;
  });
  browser = await launchChromium();
});
afterAll(() => browser?.close());

beforeEach(async () => {
  const context = await browser.newContext({
    baseURL: started.store.url,
    locale: "pt-BR",
    extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
  });
  navigationsWaitForScripts(context);
  page = await context.newPage();
  pageErrors = [];
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
});
afterEach(async () => {
  await page.context().close();
  expect(pageErrors, "erros no console do navegador").toEqual([]);
});

/** Sign-up, address, product page, cart, checkout and a second tab: more than one page's 30 s. */
const WHOLE_PURCHASE_MS = 60_000;

it(
  "shows the total, free shipping, the owner's delivery estimate, the returns policy and who sells",
  async () => {
    const customer = await signUpCustomer(started.store.url, { name: "Maria Compradora" });
    await addAddressOverHttp(started.store.url, customer);
    await signInContext(page.context(), started.store.url, customer);

    await page.goto(`/product/${productId}`);
    await page.getByText("Prazo de entrega: até 12 dias úteis", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await toast(page, "Produto adicionado ao carrinho").waitFor();

    await page.goto("/checkout");
    await page.getByRole("button", { name: "Continuar para pagamento" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmar Dados do Pedido" });
    const conditions = dialog.getByRole("region", { name: "Condições da oferta" });
    await conditions.waitFor();
    expect(await textOf(conditions.getByRole("listitem"))).toBe(
      `Total: ${brl(PRICE_CENTS)} Frete grátis Prazo de entrega: até 12 dias úteis ` +
        "Arrependimento em até 7 dias do recebimento: Trocas e devoluções",
    );
    expect(await textOf(conditions.getByRole("paragraph"))).toBe(
      "Vendido por Casa do Som Comércio de Áudio Ltda. · CNPJ 11.444.777/0001-61 · " +
        "Avenida Afonso Pena, 1500 - Loja 3 - Centro, Belo Horizonte/MG, CEP 30130-010",
    );
    const policy = conditions.getByRole("link", { name: "Trocas e devoluções" });
    expect(await policy.getAttribute("href")).toBe("/policies/returns");
    expect(await policy.getAttribute("target")).toBe("_blank");

    // The conditions come before the button that places the order, and the button is within reach.
    const confirm = dialog.getByRole("button", { name: "Confirmar e Pagar" });
    const [conditionsBox, confirmBox] = [await conditions.boundingBox(), await confirm.boundingBox()];
    expect(conditionsBox!.y).toBeLessThan(confirmBox!.y);
    await confirm.scrollIntoViewIfNeeded();
    expect(await confirm.isVisible()).toBe(true);

    const [policyPage] = await Promise.all([page.context().waitForEvent("page"), policy.click()]);
    await policyPage.getByRole("heading", { level: 1, name: "Trocas e devoluções" }).waitFor();
    // The dialog stays open behind the policy's tab.
    expect(await dialog.isVisible()).toBe(true);
  },
  WHOLE_PURCHASE_MS,
);
