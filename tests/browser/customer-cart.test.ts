import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseStoredCart } from "../../app/domain/cart/cart-items";
import { signInContext, signUpCustomer, type Customer } from "../support/accounts";
import { openAnotherClient, useBrowser } from "../support/browser";
import { demoProduct } from "../support/orders";
import { textOf, toast } from "../support/page-text";

// The signed-in customer's cart is kept on the server (DESIGN point 6): the same on every device.

const WAIT_MS = 10_000;
const WAIT = { timeout: WAIT_MS };
const CART_STORAGE_KEY = "vitrine:cart:v1";
/** 37 in stock, and no test buys it. */
const MOUSE = demoProduct("Mouse Gamer Quasar 26K DPI");
/** Two in stock, and no test buys it: a merge that asks for more is lowered. */
const PHONE = demoProduct("Smartphone Zênite Pro Max 1 TB");

describe("the cart follows the signed-in customer", () => {
  const browser = useBrowser();
  /** The customer's other device: a browser context of its own (own storage, own cookies). */
  let otherDevice: BrowserContext;
  beforeEach(async () => {
    browser.page.setDefaultTimeout(WAIT_MS);
    otherDevice = await openAnotherClient(browser.page, browser.baseURL);
  });
  afterEach(() => otherDevice.close());

  async function addFromProductPage(page: Page, product: { id: number }, toastText: string) {
    await page.goto(`/product/${product.id}`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await toast(page, toastText).waitFor();
  }

  async function signInOnAuthPage(page: Page, customer: Customer) {
    await page.goto("/auth?redirectTo=%2Fcart");
    await page.getByLabel("E-mail").fill(customer.email);
    await page.getByLabel("Senha", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${browser.baseURL}/cart`);
  }

  function quantityOf(page: Page, name: string) {
    return page.getByRole("status", { name: `Quantidade de ${name}`, exact: true });
  }

  async function expectQuantity(page: Page, name: string, quantity: number) {
    await expect.poll(() => textOf(quantityOf(page, name)), WAIT).toBe(String(quantity));
  }

  async function storedCart(page: Page) {
    return parseStoredCart(await page.evaluate((key) => window.localStorage.getItem(key), CART_STORAGE_KEY));
  }

  it("merges the visitor's cart at sign-in and shows the same cart on another device", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    const phone = await otherDevice.newPage();
    await signInContext(otherDevice, baseURL, customer);
    await addFromProductPage(phone, MOUSE, "Produto adicionado ao carrinho");

    // On this device the customer shops as a visitor first, then signs in.
    await addFromProductPage(page, MOUSE, "Produto adicionado ao carrinho");
    await addFromProductPage(page, MOUSE, "Quantidade atualizada no carrinho");
    await signInOnAuthPage(page, customer);
    await expectQuantity(page, MOUSE.name, 3);
    expect(await storedCart(page)).toEqual([]);

    // The other device sees the merged cart after a reload, and its change comes back here.
    await phone.goto("/cart");
    await expectQuantity(phone, MOUSE.name, 3);
    await phone.getByRole("button", { name: `Aumentar quantidade de ${MOUSE.name}` }).click();
    await toast(phone, "Quantidade atualizada no carrinho").waitFor();
    await expectQuantity(phone, MOUSE.name, 4);

    await page.reload();
    await expectQuantity(page, MOUSE.name, 4);

    // Back on a tab, without a reload: the cart is read again.
    await phone.getByRole("button", { name: `Diminuir quantidade de ${MOUSE.name}` }).click();
    await expectQuantity(phone, MOUSE.name, 3);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expectQuantity(page, MOUSE.name, 3);
  });

  it("keeps the cart on the server through sign-out and a cleared browser, and leaves the browser empty", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    await signInContext(page.context(), baseURL, customer);
    await addFromProductPage(page, MOUSE, "Produto adicionado ao carrinho");

    await page.goto("/account");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: /Menu da conta/ }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await page.waitForURL(/\/auth$/);
    await page.goto("/cart");
    await page.getByText("Seu carrinho está vazio").waitFor();
    expect(await storedCart(page)).toEqual([]);

    // A browser with nothing stored (another one, or this one cleared) gets the cart back at sign-in.
    const cleared = await otherDevice.newPage();
    await signInOnAuthPage(cleared, customer);
    await expectQuantity(cleared, MOUSE.name, 1);
  });

  it("shows the cart page from the cart its server read, asks for it nowhere else, and sends a change", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    await signInContext(page.context(), baseURL, customer);
    await addFromProductPage(page, MOUSE, "Produto adicionado ao carrinho");

    const readings: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET" && new URL(request.url()).pathname === "/api/cart")
        readings.push(request.url());
    });
    // The page as sent, before any script: the header already counts the customer's line.
    const sent = await (await page.request.get("/cart")).text();
    expect(sent).toContain('aria-label="Carrinho, 1 item"');

    await page.goto("/cart");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: `Aumentar quantidade de ${MOUSE.name}` }).click();
    await toast(page, "Quantidade atualizada no carrinho").waitFor();
    await expectQuantity(page, MOUSE.name, 2);
    expect(readings).toEqual([]);
    await page.reload();
    await expectQuantity(page, MOUSE.name, 2);
  });

  it("leaves the browser's cart alone on a signed-in page when it holds nothing to hand over", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    await signInContext(page.context(), baseURL, customer);
    // Every write to the browser's cart (its cookie or its stored products) is noted by the page.
    await page.addInitScript((storageKey) => {
      const writes: string[] = [];
      Object.assign(window, { cartWrites: writes });
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key === storageKey) writes.push(`storage ${value}`);
        return setItem.call(this, key, value);
      };
      const cookie = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")!;
      Object.defineProperty(document, "cookie", {
        get: () => cookie.get!.call(document),
        set: (value: string) => {
          if (value.startsWith("vitrine.cart=")) writes.push(`cookie ${value}`);
          cookie.set!.call(document, value);
        },
      });
    }, CART_STORAGE_KEY);

    await page.goto("/account");
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { cartWrites: string[] }).cartWrites)).toEqual([]);
  });

  it("keeps an add made before the customer's cart came from the server, and sends it after", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    await signInContext(page.context(), baseURL, customer);

    // The product page's reading of the cart is held back.
    let answerReading = () => {};
    const readingHeld = new Promise<void>((resolve) => (answerReading = resolve));
    await page.route("**/api/cart", async (route) => {
      if (route.request().method() === "GET") await readingHeld;
      await route.continue();
    });
    await page.goto(`/product/${MOUSE.id}`);
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();

    answerReading();
    await toast(page, "Produto adicionado ao carrinho").waitFor();
    await page.unroute("**/api/cart");
    await page.goto("/cart");
    await expectQuantity(page, MOUSE.name, 1);
  });

  it("lowers a merged quantity to the stock and says so", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    const phone = await otherDevice.newPage();
    await signInContext(otherDevice, baseURL, customer);
    await addFromProductPage(phone, PHONE, "Produto adicionado ao carrinho");

    await addFromProductPage(page, PHONE, "Produto adicionado ao carrinho");
    await addFromProductPage(page, PHONE, "Quantidade atualizada no carrinho");
    await signInOnAuthPage(page, customer);

    await toast(
      page,
      `A quantidade de "${PHONE.name}" foi ajustada para 2, o máximo disponível em estoque`,
    ).waitFor();
    await expectQuantity(page, PHONE.name, 2);
  });
});
