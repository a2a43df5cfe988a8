import type { Locator, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { CartItem } from "../../app/domain/cart/cart-items";
import { DEMO_CATALOG } from "../../app/startup/seed/demo-catalog";
import { signIn, signInContext, signUpCustomer, STORE_ADMIN } from "../support/accounts";
import { useBrowser } from "../support/browser";
import { demoCartItem, storeCart } from "../support/browser-cart";
import { addAddressOverHttp, demoProduct, payOverHttp, placeOrderOverHttp } from "../support/orders";
import { brl, textOf, toast } from "../support/page-text";

/** Issue 24's walk of every screen: the details it found, at a phone's and a desktop's width. */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const WAIT = { timeout: 10_000 };

/** Bought by these tests and looked at by no other file. */
const POWER_BANK = demoProduct("Power Bank Nova 20.000 mAh 22,5 W");

/**
 * Ten demo products sold without options, with stock to spare, one of each in the cart: more
 * lines than a phone shows.
 */
const MANY_LINES: CartItem[] = DEMO_CATALOG.filter((product) => !product.variants && product.stock >= 20)
  .slice(0, 10)
  .map((product) => demoCartItem(product.name));

function cartLine(page: Page, item: CartItem): Locator {
  return page.getByRole("listitem").filter({ has: page.getByRole("link", { name: item.name, exact: true }) });
}

/** Whether the element is on screen where it is and not covered by anything else. */
function inViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth) {
      return false;
    }
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });
}

/** A badge (a span drawing an icon beside a word) that says exactly `word`. */
function badge(scope: Page | Locator, word: string): Locator {
  const words = scope.getByText(word, { exact: true });
  return words.filter({ has: words.page().locator("svg") });
}

/** The badge says its word in letters, its symbol an icon hidden from screen readers. */
async function expectWordAndIcon(locator: Locator, word: string) {
  await locator.waitFor();
  expect(await locator.count()).toBe(1);
  const text = await locator.evaluate((element) => element.textContent ?? "");
  expect(text).toBe(word);
  expect(text).toMatch(/^[\p{L} ]+$/u);
  expect(await locator.locator("svg").getAttribute("aria-hidden")).toBe("true");
}

describe("the walk's details", () => {
  const browser = useBrowser({ viewport: DESKTOP });
  beforeEach(() => browser.page.setDefaultTimeout(WAIT.timeout));

  async function signedInCustomer() {
    const customer = await signUpCustomer(browser.baseURL);
    await signInContext(browser.page.context(), browser.baseURL, customer);
    return customer;
  }

  it.each([PHONE, DESKTOP])("shows the whole UF in the address form at $width px", async (viewport) => {
    const { page } = browser;
    await page.setViewportSize(viewport);
    await signedInCustomer();
    await page.goto("/account/addresses");
    await page.getByRole("button", { name: "Novo endereço" }).click();
    const state = page.getByRole("dialog", { name: "Novo endereço" }).getByLabel("UF");
    await state.selectOption("SP");
    expect(await state.inputValue()).toBe("SP");

    // Left to size itself, a select is as wide as its widest option and its arrow: the field
    // must be at least that wide to show any UF whole.
    const { width, natural } = await state.evaluate((select: HTMLSelectElement) => {
      const probe = select.cloneNode(true) as HTMLSelectElement;
      probe.removeAttribute("id");
      probe.style.position = "absolute";
      probe.style.width = "auto";
      select.parentElement!.append(probe);
      const natural = probe.getBoundingClientRect().width;
      probe.remove();
      return { width: select.getBoundingClientRect().width, natural };
    });
    expect(natural).toBeGreaterThan(0);
    expect(width).toBeGreaterThanOrEqual(natural);
  });

  it("shows the customer's payment badges as a word beside an icon, no symbol character", async () => {
    const { page, baseURL } = browser;
    const customer = await signedInCustomer();
    const addressId = await addAddressOverHttp(baseURL, customer);
    const unpaid = await placeOrderOverHttp(baseURL, customer, addressId, POWER_BANK);
    const paid = await placeOrderOverHttp(baseURL, customer, addressId, POWER_BANK);
    await payOverHttp(baseURL, customer, paid.orderId);
    await page.goto("/account/orders");

    const card = (orderId: string) =>
      page.getByRole("listitem", { name: `Pedido #${orderId.slice(0, 8)}`, exact: true });
    await expectWordAndIcon(badge(card(unpaid.orderId), "Pendente"), "Pendente");
    await expectWordAndIcon(badge(card(paid.orderId), "Pago"), "Pago");
    const text = await page.locator("main").innerText();
    expect(text).not.toMatch(/[⏱✓]/u);
  });

  it("keeps the payment result's buttons full size and its product names whole on a phone", async () => {
    const { page, baseURL } = browser;
    await page.setViewportSize(PHONE);
    const customer = await signedInCustomer();
    const addressId = await addAddressOverHttp(baseURL, customer);
    const { orderId } = await placeOrderOverHttp(baseURL, customer, addressId, POWER_BANK);
    await payOverHttp(baseURL, customer, orderId);
    await page.goto(`/payment-success?orderId=${orderId}`);
    await page.getByRole("heading", { level: 1, name: "Pagamento Confirmado!" }).waitFor();

    for (const name of ["Baixar Comprovante de Pedido", "Ver Meus Pedidos", "Continuar Comprando"]) {
      const box = await page.getByRole("link", { name }).boundingBox();
      expect(box!.height, name).toBeGreaterThanOrEqual(40);
      expect(box!.width, name).toBeGreaterThan(PHONE.width / 2);
    }
    const shownWhole = (locator: Locator) =>
      locator.evaluate((element) => element.scrollWidth <= element.clientWidth);
    const productName = page.getByText(POWER_BANK.name, { exact: true });
    expect(await shownWhole(productName)).toBe(true);
    await page.goto("/account/orders");
    expect(await shownWhole(page.getByText(POWER_BANK.name, { exact: true }).first())).toBe(true);
  });

  it("shows every product card's whole name in the catalogue on a phone", async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    for (const listing of ["/catalog", "/catalog?page=2"]) {
      await page.goto(listing);
      const names = page.getByRole("region", { name: "Produtos" }).getByRole("article").getByRole("heading");
      await names.first().waitFor();
      const clipped = await names.evaluateAll((headings) =>
        headings
          .filter((heading) => heading.scrollHeight > heading.clientHeight)
          .map((heading) => heading.textContent),
      );
      expect(clipped, listing).toEqual([]);
    }
  });

  it("sends a customer whose session ended to sign in from 'Comprovante', never saving that page as the receipt", async () => {
    const { page, baseURL } = browser;
    const customer = await signedInCustomer();
    const addressId = await addAddressOverHttp(baseURL, customer);
    const { orderId } = await placeOrderOverHttp(baseURL, customer, addressId, POWER_BANK);
    await page.goto("/account/orders");
    const link = page.getByRole("link", { name: `Baixar comprovante do pedido #${orderId.slice(0, 8)}` });
    await link.waitFor();
    await page.waitForLoadState("networkidle");
    await page.context().clearCookies();
    let downloads = 0;
    page.on("download", () => (downloads += 1));
    await link.click();
    await page.waitForURL(/\/auth/);
    expect(downloads).toBe(0);
    expect(await page.getByText("Comprovante baixado com sucesso!").count()).toBe(0);
  });

  it("shows the admin's order status badge as a word beside an icon", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    const addressId = await addAddressOverHttp(baseURL, customer);
    const { orderId } = await placeOrderOverHttp(baseURL, customer, addressId, POWER_BANK);

    // Until the gate is passed, the panel answers 403, which the browser reports in its console.
    browser.expectedConsoleErrors.push(/status of 403/);
    await signInContext(page.context(), baseURL, await signIn(baseURL, STORE_ADMIN));
    await page.goto("/admin");
    const gate = page.getByRole("dialog", { name: "Autenticação de Administrador" });
    await gate.getByLabel("Senha").fill(STORE_ADMIN.gatePassword);
    await gate.getByRole("button", { name: "Verificar" }).click();
    await toast(page, "Acesso autorizado!").waitFor();

    await page.goto(`/admin/orders/${orderId}`);
    await expectWordAndIcon(badge(page, "pendente"), "pendente");
  });

  it("offers the account's settings without promising more 'em breve'", async () => {
    const { page } = browser;
    await signedInCustomer();
    await page.goto("/account/settings");

    await page.getByRole("heading", { level: 1, name: "Configurações" }).waitFor();
    for (const heading of ["Verificação em duas etapas", "Passkeys", "Alterar senha", "Excluir conta"]) {
      expect(await page.getByRole("heading", { level: 2, name: heading }).isVisible()).toBe(true);
    }
    expect(await page.getByRole("button", { name: "Sair da Conta" }).isVisible()).toBe(true);
    expect(await page.getByText(/disponíveis em breve/).count()).toBe(0);
  });

  it("asks before clearing the cart: 'Cancelar' keeps the lines, 'Limpar' empties it", async () => {
    const { page } = browser;
    const lines = MANY_LINES.slice(0, 2);
    await storeCart(page, lines);
    await page.goto("/cart");
    await cartLine(page, lines[0]!).waitFor();

    await page.getByRole("button", { name: "Limpar carrinho" }).click();
    const question = page.getByRole("dialog", { name: "Limpar carrinho?" });
    expect(await question.getByText("Todos os itens serão removidos do carrinho.").isVisible()).toBe(true);
    await question.getByRole("button", { name: "Cancelar" }).click();
    await question.waitFor({ state: "detached" });
    for (const line of lines) expect(await cartLine(page, line).isVisible()).toBe(true);
    expect(await page.getByText("Carrinho limpo").count()).toBe(0);

    await page.getByRole("button", { name: "Limpar carrinho" }).click();
    await question.getByRole("button", { name: "Limpar", exact: true }).click();
    await toast(page, "Carrinho limpo").waitFor();
    await page.getByRole("heading", { name: "Seu carrinho está vazio" }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem("vitrine:cart:v1"))).toBe("[]");
  });

  it("keeps 'Finalizar Compra' and the total on a phone's screen past many lines", async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    await storeCart(page, MANY_LINES);
    await page.goto("/cart");
    const lastLine = cartLine(page, MANY_LINES.at(-1)!);
    await lastLine.waitFor();
    expect(await inViewport(lastLine)).toBe(false);

    const checkout = page.getByRole("link", { name: "Finalizar Compra" });
    const onScreen: Locator[] = [];
    for (const link of await checkout.all()) if (await inViewport(link)) onScreen.push(link);
    expect(onScreen).toHaveLength(1);
    const total = MANY_LINES.reduce((sum, line) => sum + line.priceCents, 0);
    expect(await textOf(onScreen[0]!.locator(".."))).toBe(`Total ${brl(total)} Finalizar Compra`);
  });

  it("leaves the desktop cart as it was: one 'Finalizar Compra', in the summary beside the lines", async () => {
    const { page } = browser;
    await storeCart(page, MANY_LINES);
    await page.goto("/cart");
    await cartLine(page, MANY_LINES[0]!).waitFor();

    const checkout = page.getByRole("link", { name: "Finalizar Compra" });
    expect(await checkout.count()).toBe(1);
    const summary = page.getByRole("region", { name: "Resumo do pedido" });
    expect(await summary.getByRole("link", { name: "Finalizar Compra" }).isVisible()).toBe(true);
    const lines = await page.getByRole("region", { name: "Itens do carrinho" }).boundingBox();
    const beside = await summary.boundingBox();
    expect(beside!.x).toBeGreaterThan(lines!.x + lines!.width - 1);
    expect(await inViewport(summary.getByRole("link", { name: "Finalizar Compra" }))).toBe(true);
  });
});
