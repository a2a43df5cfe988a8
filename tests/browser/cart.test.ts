import type { Locator, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { MAX_QUANTITY_PER_ITEM } from "../../app/domain/cart/cart-items";
import { DEMO_CATALOG } from "../../app/startup/seed/demo-catalog";
import { formatBRL } from "../../app/lib/money";
import { useBrowser, suiteStoreURL } from "../support/browser";
import { demoCartItem, storeCart, storedCart } from "../support/browser-cart";
import { brl, textOf, toast } from "../support/page-text";

/** Room for hydration and the cart page's request to the server, well within the test timeout. */
const WAIT_MS = 10_000;
const WAIT = { timeout: WAIT_MS };

/** Featured on the home page (the newest in stock of its category); two in stock. */
const PHONE = "Smartphone Zênite Pro Max 1 TB";
/** Featured on the home page; three in stock. */
const ROUTER = "Roteador Wi-Fi 7 Órbita BE5800 Tri-Band";
/** 300 in stock: only the per-item limit of 100 holds it back. */
const CABLE = "Cabo USB-C Lume 1 m 60 W";
const NOTEBOOK = "Notebook Lume 15 Ryzen 5 8 GB";

async function expectGone(locator: Locator) {
  await expect.poll(() => locator.count(), WAIT).toBe(0);
}

/** The add button on a product card: the card is found by the product's name as its heading. */
function addToCartButton(page: Page, name: string) {
  return page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) })
    .getByRole("button", { name: /^Adicionar/ });
}

function cartLine(page: Page, name: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });
}

function quantityOf(page: Page, name: string) {
  return page.getByRole("status", { name: `Quantidade de ${name}`, exact: true });
}

function summaryValue(page: Page, term: RegExp) {
  return page
    .getByRole("region", { name: "Resumo do pedido" })
    .locator("div")
    .filter({ has: page.getByRole("term").filter({ hasText: term }) })
    .getByRole("definition");
}

async function expectQuantity(page: Page, name: string, quantity: number) {
  await expect.poll(() => textOf(quantityOf(page, name)), WAIT).toBe(String(quantity));
}

async function expectTotals(page: Page, quantity: number, subtotalCents: number) {
  const items = quantity === 1 ? "1 item" : `${quantity} itens`;
  await expect
    .poll(() => textOf(page.getByRole("term").filter({ hasText: /^Subtotal/ })), WAIT)
    .toBe(`Subtotal (${items})`);
  await expect.poll(() => textOf(summaryValue(page, /^Subtotal/)), WAIT).toBe(brl(subtotalCents));
  await expect.poll(() => textOf(summaryValue(page, /^Frete$/)), WAIT).toBe("Grátis");
  await expect.poll(() => textOf(summaryValue(page, /^Total$/)), WAIT).toBe(brl(subtotalCents));
}

/** The top bar's cart link says the count to everyone, and the badge shows it (hidden at 0). */
async function expectBadge(page: Page, quantity: number) {
  const label = quantity === 1 ? "Carrinho, 1 item" : `Carrinho, ${quantity} itens`;
  await page.getByRole("link", { name: label, exact: true }).waitFor();
  if (quantity === 0) await expectGone(page.getByTestId("cart-badge"));
  else await expect.poll(() => textOf(page.getByTestId("cart-badge")), WAIT).toBe(String(quantity));
}

describe("cart", () => {
  const browser = useBrowser();
  beforeEach(() => browser.page.setDefaultTimeout(WAIT_MS));

  it("adds products from the home page cards, with the spec's toasts, the badge and the totals", async () => {
    const { page } = browser;
    const phone = demoCartItem(PHONE);
    const router = demoCartItem(ROUTER);
    await page.goto("/");
    await expectBadge(page, 0);

    await addToCartButton(page, PHONE).click();
    await toast(page, "Produto adicionado ao carrinho").waitFor();
    await expectBadge(page, 1);

    await addToCartButton(page, PHONE).click();
    await toast(page, "Quantidade atualizada no carrinho").waitFor();
    await expectBadge(page, 2);

    await addToCartButton(page, ROUTER).click();
    await expectBadge(page, 3);

    await page.getByRole("link", { name: "Carrinho, 3 itens" }).click();
    await page.waitForURL(`${browser.baseURL}/cart`);
    await page.getByRole("heading", { level: 1, name: "Carrinho de Compras" }).waitFor();
    await expectQuantity(page, PHONE, 2);
    await expectQuantity(page, ROUTER, 1);
    const phoneLine = await textOf(cartLine(page, PHONE));
    expect(phoneLine).toContain(phone.category);
    expect(phoneLine).toContain(`${brl(phone.priceCents)} cada`);
    expect(phoneLine).toContain(`Total do item: ${brl(phone.priceCents * 2)}`);
    expect(await page.getByRole("link", { name: PHONE, exact: true }).getAttribute("href")).toBe(
      `/product/${phone.id}`,
    );
    await expectTotals(page, 3, phone.priceCents * 2 + router.priceCents);
    expect(await textOf(summaryValue(page, /^Total$/))).toBe("R$ 21.399,70");
    expect(await page.getByRole("link", { name: "Finalizar Compra" }).getAttribute("href")).toBe("/checkout");
  });

  it("stops adding from a card at the stock", async () => {
    const { page } = browser;
    await page.goto("/");
    const addPhone = addToCartButton(page, PHONE);

    await addPhone.click();
    await expectBadge(page, 1);
    await addPhone.click();
    await expectBadge(page, 2);
    await addPhone.click();

    await toast(page, "Quantidade máxima disponível: 2").waitFor();
    await expectBadge(page, 2);
  });

  it("changes quantities with plus and minus, never past the stock", async () => {
    const { page } = browser;
    const phone = demoCartItem(PHONE);
    const notebook = demoCartItem(NOTEBOOK);
    await storeCart(page, [phone, notebook]);
    await page.goto("/cart");
    const plus = page.getByRole("button", { name: `Aumentar quantidade de ${PHONE}` });
    const minus = page.getByRole("button", { name: `Diminuir quantidade de ${PHONE}` });
    const limitHint = page.getByText("Máximo disponível: 2");
    await expectQuantity(page, PHONE, 1);
    expect(await limitHint.count()).toBe(0);

    await plus.click();
    await expectQuantity(page, PHONE, 2);
    await toast(page, "Quantidade atualizada no carrinho").waitFor();
    await expect.poll(() => plus.isDisabled(), WAIT).toBe(true);
    await cartLine(page, PHONE).getByText("Máximo disponível: 2").waitFor();
    expect(await plus.getAttribute("aria-describedby")).toBe(await limitHint.getAttribute("id"));
    expect(await textOf(cartLine(page, PHONE))).toContain(`Total do item: ${brl(phone.priceCents * 2)}`);
    await expectTotals(page, 3, phone.priceCents * 2 + notebook.priceCents);
    await expectBadge(page, 3);

    await minus.click();
    await expectQuantity(page, PHONE, 1);
    await expect.poll(() => plus.isEnabled(), WAIT).toBe(true);
    await expectGone(limitHint);
    await expectTotals(page, 2, phone.priceCents + notebook.priceCents);

    await minus.click();
    await toast(page, "Produto removido do carrinho").waitFor();
    await expectGone(cartLine(page, PHONE));
    await expectTotals(page, 1, notebook.priceCents);
    await expectBadge(page, 1);
  });

  it("holds at most 100 of a product, whatever the stock", async () => {
    const { page } = browser;
    const cable = demoCartItem(CABLE, { quantity: 99 });
    expect(cable.stock).toBeGreaterThan(100);
    await storeCart(page, [cable]);
    await page.goto("/cart");
    const plus = page.getByRole("button", { name: `Aumentar quantidade de ${CABLE}` });

    await plus.click();

    await expectQuantity(page, CABLE, 100);
    await expect.poll(() => plus.isDisabled(), WAIT).toBe(true);
    await page.getByText("Máximo disponível: 100").waitFor();
    await expectTotals(page, 100, cable.priceCents * 100);
  });

  it("removes a line, clears the cart and then shows the empty cart", async () => {
    const { page } = browser;
    const notebook = demoCartItem(NOTEBOOK, { quantity: 2 });
    const cable = demoCartItem(CABLE);
    await storeCart(page, [demoCartItem(ROUTER), notebook, cable]);
    await page.goto("/cart");
    await expectBadge(page, 4);

    await page.getByRole("button", { name: `Remover ${ROUTER}` }).click();
    await toast(page, "Produto removido do carrinho").waitFor();
    await expectGone(cartLine(page, ROUTER));
    await expectTotals(page, 3, notebook.priceCents * 2 + cable.priceCents);
    await expectBadge(page, 3);

    await page.getByRole("button", { name: "Limpar carrinho" }).click();
    await page
      .getByRole("dialog", { name: "Limpar carrinho?" })
      .getByRole("button", { name: "Limpar", exact: true })
      .click();
    await toast(page, "Carrinho limpo").waitFor();
    await page.getByRole("heading", { name: "Seu carrinho está vazio" }).waitFor();
    expect(await page.getByRole("link", { name: "Explorar Produtos" }).getAttribute("href")).toBe("/catalog");
    expect(await page.getByRole("region", { name: "Resumo do pedido" }).count()).toBe(0);
    await expectBadge(page, 0);
    expect(await storedCart(page)).toEqual([]);
  });

  it("shows the empty cart to a first-time visitor", async () => {
    const { page } = browser;
    await page.goto("/cart");

    await page.getByRole("heading", { name: "Seu carrinho está vazio" }).waitFor();
    expect(await page.getByText("Carregando carrinho...").count()).toBe(0);
    await expectBadge(page, 0);
  });

  it("keeps the cart across a reload and shares it with another tab", async () => {
    const { page } = browser;
    await page.goto("/");
    await addToCartButton(page, ROUTER).click();
    await addToCartButton(page, ROUTER).click();
    await expectBadge(page, 2);

    await page.reload();
    await expectBadge(page, 2);

    const otherTab = await page.context().newPage();
    otherTab.setDefaultTimeout(WAIT_MS);
    await otherTab.goto("/cart");
    await expectBadge(otherTab, 2);
    await expectQuantity(otherTab, ROUTER, 2);

    await addToCartButton(page, PHONE).click();
    await expectBadge(otherTab, 3);
    await expectQuantity(otherTab, PHONE, 1);

    await otherTab.getByRole("button", { name: `Remover ${ROUTER}` }).click();
    await expectBadge(page, 1);
  });

  it("brings a stored cart up to date with the store and says what changed", async () => {
    const { page } = browser;
    const cable = demoCartItem(CABLE);
    const phone = demoCartItem(PHONE);
    await storeCart(page, [
      demoCartItem(CABLE, { id: 999_999, variantId: 999_999, name: "Produto que saiu de linha" }),
      demoCartItem(CABLE, { priceCents: 1_990, quantity: 3 }),
      demoCartItem(PHONE, { stock: 10, quantity: 5 }),
    ]);

    await page.goto("/cart");

    await toast(
      page,
      '"Produto que saiu de linha" não está mais disponível e foi removido do carrinho',
    ).waitFor();
    await toast(
      page,
      `O preço de "${CABLE}" mudou de ${formatBRL(1_990)} para ${formatBRL(cable.priceCents)}`,
    ).waitFor();
    await toast(page, `A quantidade de "${PHONE}" foi ajustada para 2`).waitFor();
    await expectGone(page.getByRole("link", { name: "Produto que saiu de linha" }));
    const cableLine = await textOf(cartLine(page, CABLE));
    expect(cableLine).toContain(`${brl(cable.priceCents)} cada`);
    expect(cableLine).toContain(`Preço atualizado (antes ${brl(1_990)})`);
    await expectQuantity(page, PHONE, 2);
    await expectTotals(page, 5, cable.priceCents * 3 + phone.priceCents * 2);
    await expectBadge(page, 5);

    const stored = await storedCart(page);
    expect(stored.map((item) => [item.id, item.priceCents, item.quantity])).toEqual([
      [cable.id, cable.priceCents, 3],
      [phone.id, phone.priceCents, 2],
    ]);
    expect(stored[0]?.image).toMatch(/^\/uploads\//);

    await page.reload();
    await expectQuantity(page, CABLE, 3);
    expect(await page.getByText(/^Preço atualizado/).count()).toBe(0);
  });
});

describe("cart page before the browser reads the cart", () => {
  const browser = useBrowser({ javaScriptEnabled: false });

  it("renders the cart as the server reads it, never kept by a cache, and stays out of search results", async () => {
    const { page } = browser;
    const response = await page.goto("/cart");

    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.getByRole("heading", { name: "Seu carrinho está vazio" }).isVisible()).toBe(true);
    expect(await page.getByText("Carregando carrinho...").count()).toBe(0);
    expect(await page.title()).toBe("Carrinho | Vitrine");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  });

  it("describes a cart with items like any page: only its owner ever reads it, never a crawler", async () => {
    const { page } = browser;
    await page.goto(`/catalog?q=${encodeURIComponent(CABLE)}`);
    await addToCartButton(page, CABLE).click();
    await page.waitForURL(/\/cart$/);

    expect(await page.getByText(CABLE, { exact: true }).first().isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
  });
});

describe("GET /api/cart-products", () => {
  const baseURL = suiteStoreURL();
  const cartProducts = (query: string) => fetch(`${baseURL}/api/cart-products${query}`);

  it("answers the current products, once each, skipping ids that match none", async () => {
    const phone = demoCartItem(PHONE);
    const cable = demoCartItem(CABLE);

    const response = await cartProducts(`?ids=${cable.id},999999,${phone.id},${cable.id}`);

    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const { quantity: _quantity, image: _image, ...phoneFields } = phone;
    expect(await response.json()).toEqual([
      { ...phoneFields, image: expect.stringMatching(/^\/uploads\//) },
      expect.objectContaining({
        id: cable.id,
        name: CABLE,
        priceCents: cable.priceCents,
        // Stock is shown up to what one cart may hold; the demo cable has more.
        stock: Math.min(cable.stock, MAX_QUANTITY_PER_ITEM),
      }),
    ]);
  });

  it("answers a line's own variant, and none named under another product's id", async () => {
    const phone = demoCartItem(PHONE);
    const cable = demoCartItem(CABLE);

    const response = await cartProducts(`?ids=${cable.id}:${cable.variantId},${phone.id}:${cable.variantId}`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      expect.objectContaining({ id: cable.id, variantId: cable.variantId, variantLabel: "" }),
    ]);
  });

  it("answers 50 ids", async () => {
    // Products sold without options: an id alone names their one variant.
    const ids = DEMO_CATALOG.flatMap((product, index) => (product.variants ? [] : [index + 1]))
      .slice(0, 50)
      .join(",");

    const response = await cartProducts(`?ids=${ids}`);

    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(50);
  });

  it.each([
    ["no ids", ""],
    ["empty ids", "?ids="],
    ["text", "?ids=abc"],
    ["zero", "?ids=0"],
    ["a negative id", "?ids=-1"],
    ["a fraction", "?ids=1.5"],
    ["spaces", "?ids=1,%202"],
    ["an empty item", "?ids=1,,2"],
    ["51 ids", `?ids=${Array.from({ length: 51 }, (_, index) => index + 1).join(",")}`],
  ])("rejects %s with 400", async (_label, query) => {
    const response = await cartProducts(query);

    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "Parâmetro ids inválido" });
  });
});
