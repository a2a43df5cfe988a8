import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { signInContext, signUpCustomer } from "../support/accounts";
import {
  openPanelAsStoreAdmin,
  panelOverHttp,
  productForm,
  STORE_ADMIN_ENV,
} from "../support/admin-over-http";
import { useBrowser } from "../support/browser";
import { addAddressOverHttp } from "../support/orders";
import { brl, textOf, toast } from "../support/page-text";
import { createProductWithVariants } from "../support/factories";
import { createStoreData, startStoreServer, type StoreData, type StoreServer } from "../support/store-server";

// Issue 27, point 2: a phone sold in colours and storage sizes, on a store of its own whose
// database the test fills before starting it (the suite's store runs on the demo catalogue).
let data: StoreData;
let store: StoreServer;
let productId: number;
let productPath: string;
const variantIds = new Map<string, number>();

beforeAll(async () => {
  data = await createStoreData("migrated");
  const handle = await openDatabase(
    data.env.DATABASE_URL ? { url: data.env.DATABASE_URL } : { dataDir: data.dataDir },
  );
  const { product, variants } = await createProductWithVariants(handle.db, {
    name: "Smartphone Galáxia S",
    brand: "Galáxia",
    specs: [{ name: "Tela", value: '6,7" OLED' }],
    options: [
      { name: "Cor", values: ["Preto", "Azul"] },
      { name: "Armazenamento", values: ["128 GB", "256 GB"] },
    ],
    variants: [
      { values: ["Preto", "128 GB"], priceCents: 169_900, compareAtCents: 199_900, stock: 8 },
      { values: ["Preto", "256 GB"], priceCents: 199_900, stock: 0 },
      { values: ["Azul", "128 GB"], priceCents: 174_900, stock: 2 },
      { values: ["Azul", "256 GB"], priceCents: 209_900, stock: 5 },
    ],
  });
  await handle.close();
  productId = product.id;
  productPath = `/product/${product.id}`;
  for (const variant of variants) variantIds.set(variant.optionValues.join(" "), variant.variantId);
  store = await startStoreServer({ SEED_DEMO: "false", ...STORE_ADMIN_ENV }, data);
}, 180_000);
afterAll(async () => {
  await store?.stop();
  await data?.remove();
});

const option = (page: Page, name: string, value: string | RegExp) =>
  page.getByRole("radiogroup", { name }).getByRole("radio", { name: value });
const priceBlock = (page: Page) => textOf(page.getByRole("main").locator("p", { hasText: "R$" }));
/**
 * A variant's price as its page shows it, with the sandbox's cards: 12 instalments without interest,
 * the first taking the centavos left over.
 */
const priceShown = (cents: number) => {
  const each = Math.floor(cents / 12);
  const first = cents - 11 * each;
  const firstShown = first === each ? "" : ` (a primeira de ${brl(first)})`;
  return `${brl(cents)} em até 12x de ${brl(each)} sem juros${firstShown}`;
};
const variantParam = (page: Page) => new URL(page.url()).searchParams.get("variant");

/** The product's page, on its first variant in stock. */
async function openProduct(page: Page) {
  await page.goto(`${store.url}${productPath}`);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Smartphone Galáxia S");
  expect(await priceBlock(page)).toContain(`de ${brl(199_900)} por ${brl(169_900)} 15% OFF`);
  expect(await option(page, "Cor", "Preto").getAttribute("aria-checked")).toBe("true");
  expect(await page.getByText("Em estoque").isVisible()).toBe(true);
}

/** The choice of colour and size, the same with and without scripts. */
async function chooseColourAndSize(page: Page) {
  await option(page, "Cor", "Azul").click();
  await expect.poll(() => variantParam(page)).toBe(String(variantIds.get("Azul 128 GB")));
  await expect.poll(() => priceBlock(page)).toBe(priceShown(174_900));
  expect(await page.getByText("Últimas 2 unidades").isVisible()).toBe(true);
  expect(await option(page, "Cor", "Azul").getAttribute("aria-checked")).toBe("true");

  await option(page, "Armazenamento", "256 GB").click();
  await expect.poll(() => variantParam(page)).toBe(String(variantIds.get("Azul 256 GB")));
  await expect.poll(() => priceBlock(page)).toBe(priceShown(209_900));
  expect(await page.getByText("Em estoque").isVisible()).toBe(true);
  expect(await page.getByRole("button", { name: "Adicionar ao carrinho" }).isEnabled()).toBe(true);

  // Black is sold out in 256 GB but not in 128 GB: black is not marked, and choosing it moves
  // to the black that is in stock.
  const black = option(page, "Cor", /^Preto/);
  expect(await textOf(black)).toBe("Preto");
  await black.click();
  await expect.poll(() => variantParam(page)).toBe(String(variantIds.get("Preto 128 GB")));
  expect(await page.getByText("Em estoque").isVisible()).toBe(true);
}

describe("a product sold in variants", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("follows the chosen colour and size without reloading the page", async () => {
    const { page } = browser;
    await openProduct(page);
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    await chooseColourAndSize(page);
    expect(await page.evaluate(() => "notReloaded" in window)).toBe(true);
  });

  it("moves the choice with the arrow keys, a group being one tab stop", async () => {
    const { page } = browser;
    await openProduct(page);
    // Once the scripts run (the page is usable before), the group is one tab stop.
    await expect.poll(() => option(page, "Cor", "Azul").getAttribute("tabindex")).toBe("-1");
    await option(page, "Cor", "Preto").focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => variantParam(page)).toBe(String(variantIds.get("Azul 128 GB")));
    // The address changes as the navigation ends; the page shows the new choice in its next render.
    await expect.poll(() => option(page, "Cor", "Azul").getAttribute("aria-checked")).toBe("true");
    expect(await option(page, "Cor", "Azul").evaluate((link) => link === document.activeElement)).toBe(true);
  });

  it("adds two variants of the product to the cart as two lines with their labels", async () => {
    const { page } = browser;
    await openProduct(page);
    await option(page, "Cor", "Azul").click();
    // The button adds the variant the page shows: once the page shows the new choice.
    await expect.poll(() => option(page, "Cor", "Azul").getAttribute("aria-checked")).toBe("true");
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await option(page, "Armazenamento", "256 GB").click();
    await expect.poll(() => priceBlock(page)).toBe(priceShown(209_900));
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await page.goto(`${store.url}/cart`);
    const main = page.getByRole("main");
    await main.getByText("Cor: Azul · Armazenamento: 256 GB").waitFor();
    expect(await main.getByText("Cor: Azul · Armazenamento: 128 GB").isVisible()).toBe(true);
    expect(await textOf(main)).toContain(brl(174_900 + 209_900));
  });

  it("buys two variants of the product and shows both with their labels after payment, in the receipt and the orders", async () => {
    const { page } = browser;
    page.setDefaultTimeout(15_000);
    const customer = await signUpCustomer(store.url, { name: "Paula Variações" });
    await signInContext(page.context(), store.url, customer);
    await addAddressOverHttp(store.url, customer);
    // Black 128 GB (8 in stock) and blue 256 GB (5): both still 'Em estoque' after the sale, as
    // the other tests of this file expect.
    await openProduct(page);
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await toast(page, "Produto adicionado ao carrinho").waitFor();
    await option(page, "Cor", "Azul").click();
    await expect.poll(() => priceBlock(page)).toBe(priceShown(174_900));
    await option(page, "Armazenamento", "256 GB").click();
    await expect.poll(() => priceBlock(page)).toBe(priceShown(209_900));
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await page.getByRole("link", { name: "Carrinho, 2 itens", exact: true }).waitFor();

    await page.goto(`${store.url}/checkout`);
    await page.getByRole("button", { name: "Continuar para pagamento" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmar Dados do Pedido" });
    await dialog.getByRole("button", { name: "Confirmar e Pagar" }).click();
    await page.waitForURL(/\/payment\?data=.+&orderId=.+$/);
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    await page.getByRole("button", { name: "Simular pagamento (sandbox)" }).click();
    await page.getByRole("heading", { level: 1, name: "Pagamento Confirmado!" }).waitFor();
    const labels = ["Cor: Preto · Armazenamento: 128 GB", "Cor: Azul · Armazenamento: 256 GB"];
    for (const label of labels) expect(await textOf(page.getByRole("main"))).toContain(label);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Baixar Comprovante de Pedido" }).click(),
    ]);
    const receipt = await readFile((await download.path())!, "utf8");
    for (const label of labels) expect(receipt).toContain(label);

    await page.goto(`${store.url}/account/orders`);
    const order = page.getByRole("listitem", { name: `Pedido #${orderId.slice(0, 8)}`, exact: true });
    await order.waitFor();
    for (const label of labels) expect(await textOf(order)).toContain(label);
    expect(await textOf(order)).toContain(`Total: ${brl(169_900 + 209_900)}`);
  }, 60_000);

  it("has no serious or critical accessibility violation on a variant's page", async () => {
    const { page } = browser;
    await openProduct(page);
    const results = await new AxeBuilder({ page }).analyze();
    const severe = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      );
    expect(severe).toEqual([]);
  });

  it("opens a shared variant's address on that variant, with its brand and 'Ficha técnica'", async () => {
    const { page } = browser;
    await page.goto(`${store.url}${productPath}?variant=${variantIds.get("Azul 128 GB")}`);
    expect(await option(page, "Cor", "Azul").getAttribute("aria-checked")).toBe("true");
    expect(await option(page, "Armazenamento", "128 GB").getAttribute("aria-checked")).toBe("true");
    expect(await priceBlock(page)).toBe(priceShown(174_900));
    expect(await page.getByText("Galáxia", { exact: true }).isVisible()).toBe(true);
    const specs = page.getByRole("region", { name: "Ficha técnica" });
    expect(await specs.getByRole("rowheader", { name: "Tela" }).isVisible()).toBe(true);
    expect(await specs.getByRole("cell", { name: '6,7" OLED' }).isVisible()).toBe(true);
  });
});

describe("a product sold in variants, before the scripts run", () => {
  const browser = useBrowser({ javaScriptEnabled: false });

  it("follows the chosen colour and size by navigation", async () => {
    await openProduct(browser.page);
    await chooseColourAndSize(browser.page);
  });

  it("adds the chosen variant to the cart with the plain form", async () => {
    const { page } = browser;
    await page.goto(`${store.url}${productPath}?variant=${variantIds.get("Azul 256 GB")}`);
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await page.waitForURL(/\/cart$/);
    expect(await page.getByRole("main").getByText("Cor: Azul · Armazenamento: 256 GB").isVisible()).toBe(
      true,
    );
  });
});

describe("a colour's own photo, on a phone", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it("is given by the admin to the colour, and leads the gallery once that colour is chosen", async () => {
    const { page } = browser;
    const bluePhone = await sharp({
      create: { width: 900, height: 900, channels: 3, background: { r: 30, g: 80, b: 200 } },
    })
      .png()
      .toBuffer();
    const panel = await panelOverHttp(store.url);
    const added = await panel.post(
      `/admin/products/${productId}`,
      productForm({ intent: "gallery-add" }, new Uint8Array(bluePhone)),
    );
    expect(added.status).toBe(200);

    await openPanelAsStoreAdmin(page, store.url);
    await page.goto(`${store.url}/admin/products/${productId}`);
    const shownWith = page.getByLabel("Mostrar imagem 1 com");
    expect(await shownWith.locator("option").allTextContents()).toEqual([
      "Todas as variantes",
      "Cor: Preto",
      "Cor: Azul",
      "Armazenamento: 128 GB",
      "Armazenamento: 256 GB",
      "Só Cor: Preto · Armazenamento: 128 GB",
      "Só Cor: Preto · Armazenamento: 256 GB",
      "Só Cor: Azul · Armazenamento: 128 GB",
      "Só Cor: Azul · Armazenamento: 256 GB",
    ]);
    await shownWith.selectOption({ label: "Cor: Azul" });
    await toast(page, "Imagem atualizada!").waitFor();

    await page.goto(`${store.url}${productPath}?variant=${variantIds.get("Preto 128 GB")}`);
    const mainPhoto = page.getByTestId("zoomable-image");
    expect(await mainPhoto.getAttribute("src")).toBe("/placeholder.svg");
    await option(page, "Cor", "Azul").click();
    await expect.poll(() => mainPhoto.getAttribute("src")).toMatch(/^\/uploads\/products\/[\w-]+\.webp$/);
    expect(
      await mainPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    ).toBe(true);
    await option(page, "Cor", "Preto").click();
    await expect.poll(() => mainPhoto.getAttribute("src")).toBe("/placeholder.svg");
  });
});
