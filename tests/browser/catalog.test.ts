import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_CATALOG } from "../../app/startup/seed/demo-catalog";
import { CATALOG_PAGE_SIZE } from "../../app/domain/catalog/search-products.server";
import { useBrowser } from "../support/browser";

/** The demo catalogue is what the suite's fresh store holds: expected counts come from it. */
function countWhere(predicate: (product: (typeof DEMO_CATALOG)[number]) => boolean) {
  return DEMO_CATALOG.filter(predicate).length;
}
const total = DEMO_CATALOG.length;
const normalize = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

describe("catalogue", () => {
  const browser = useBrowser();

  it("lists the whole catalogue, one page at a time, saying which products each page shows", async () => {
    const { page } = browser;
    await page.goto("/catalog");
    await expect
      .poll(() => page.getByText(`Exibindo 1–${CATALOG_PAGE_SIZE} de ${total} produtos`).isVisible())
      .toBe(true);
    const cards = page.getByRole("region", { name: "Produtos" }).getByRole("article");
    expect(await cards.count()).toBe(CATALOG_PAGE_SIZE);
    await page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Próxima" }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.getByText("Página 2 de").isVisible()).toBe(true);
    const last = Math.min(total, 2 * CATALOG_PAGE_SIZE);
    expect(
      await page.getByText(`Exibindo ${CATALOG_PAGE_SIZE + 1}–${last} de ${total} produtos`).isVisible(),
    ).toBe(true);
  });

  it("searches names case- and accent-insensitively", async () => {
    const { page } = browser;
    const term = "ZENITE";
    const expected = countWhere((product) => normalize(product.name).includes(normalize(term)));
    expect(expected).toBeGreaterThan(0);
    await page.goto("/catalog");
    await page.getByLabel("Buscar por nome").fill(term);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.waitForURL(/q=ZENITE/);
    await expect
      .poll(() => page.getByText(`Exibindo ${expected} de ${total} produtos`).isVisible())
      .toBe(true);
  });

  it("filters by price range and category, and the filtered list is a shareable link", async () => {
    const { page } = browser;
    const expected = countWhere(
      (product) =>
        product.category === "Áudio" && product.priceCents >= 20_000 && product.priceCents <= 100_000,
    );
    await page.goto("/catalog");
    await page.getByLabel("Preço mínimo (R$)").fill("200");
    await page.getByLabel("Preço máximo (R$)").fill("1.000,00");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.waitForURL(/max=/);
    await page.getByLabel("Categoria").selectOption("Áudio");
    await page.waitForURL(/category=%C3%81udio/);
    await expect
      .poll(() => page.getByText(`Exibindo ${expected} de ${total} produtos`).isVisible())
      .toBe(true);

    const shared = page.url();
    const other = await page.context().newPage();
    await other.goto(shared);
    await expect
      .poll(() => other.getByText(`Exibindo ${expected} de ${total} produtos`).isVisible())
      .toBe(true);
    expect(await other.getByLabel("Categoria").inputValue()).toBe("Áudio");
  });

  it("offers every category once, plus all", async () => {
    const { page } = browser;
    await page.goto("/catalog");
    const options = await page.getByLabel("Categoria").locator("option").allTextContents();
    const categories = [...new Set(DEMO_CATALOG.map((product) => product.category))];
    expect(options[0]).toBe("Todas as categorias");
    expect(options.slice(1).sort()).toEqual(categories.sort());
  });

  it("offers each brand with its number of products, and filters by one in the URL", async () => {
    const { page } = browser;
    const brands = [...new Set(DEMO_CATALOG.map((product) => product.brand))].sort();
    const quasar = countWhere((product) => product.brand === "Quasar");
    await page.goto("/catalog");
    const options = await page.getByLabel("Marca").locator("option").allTextContents();
    expect(options[0]).toBe("Todas as marcas");
    expect(
      options
        .slice(1)
        .map((option) => option.replace(/ \(\d+\)$/, ""))
        .sort(),
    ).toEqual(brands);
    expect(options).toContain(`Quasar (${quasar})`);
    await page.getByLabel("Marca").selectOption("Quasar");
    await page.waitForURL(/brand=Quasar/);
    await expect.poll(() => page.getByText(`Exibindo ${quasar} de ${total} produtos`).isVisible()).toBe(true);
  });

  it("shows the empty message when nothing matches", async () => {
    const { page } = browser;
    await page.goto("/catalog?q=produto-que-nao-existe");
    await expect
      .poll(() => page.getByText("Nenhum produto encontrado com os filtros selecionados").isVisible())
      .toBe(true);
    expect(await page.getByText(`Exibindo 0 de ${total} produtos`).isVisible()).toBe(true);
  });

  const firstPage = `Exibindo 1–${CATALOG_PAGE_SIZE} de ${total} produtos`;
  const lastPageStart = Math.floor((total - 1) / CATALOG_PAGE_SIZE) * CATALOG_PAGE_SIZE + 1;
  it.each([
    ["negative and non-numeric prices", "/catalog?min=-50&max=abc", firstPage],
    ["an empty minimum and maximum", "/catalog?min=&max=", firstPage],
    ["an unknown category", "/catalog?category=Inexistente", `Exibindo 0 de ${total} produtos`],
    ["a page past the end", "/catalog?page=9999", `Exibindo ${lastPageStart}–${total} de ${total} produtos`],
  ])("never breaks on %s", async (_case, url, shown) => {
    const { page } = browser;
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByText(shown).isVisible()).toBe(true);
  });

  it("says it is loading products while a new list is on its way", async () => {
    const { page } = browser;
    await page.goto("/catalog");
    await page.waitForLoadState("networkidle");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/catalog\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Categoria").selectOption("Notebooks");
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Carregando produtos..." }).isVisible())
      .toBe(true);
    release();
    await expect.poll(() => page.getByText("Carregando produtos...").count()).toBe(0);
  });
});

describe("catalogue without JavaScript", () => {
  const browser = useBrowser({ javaScriptEnabled: false });

  it("filters through the plain form", async () => {
    const { page } = browser;
    const expected = countWhere((product) => product.category === "Monitores");
    await page.goto("/catalog");
    await page.getByLabel("Categoria").selectOption("Monitores");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.waitForURL(/category=Monitores/);
    expect(await page.getByText(`Exibindo ${expected} de ${total} produtos`).isVisible()).toBe(true);
  });

  it("filters by brand through the plain form", async () => {
    const { page } = browser;
    const expected = countWhere((product) => product.brand === "Lume" && product.category === "Notebooks");
    await page.goto("/catalog?category=Notebooks");
    await page.getByLabel("Marca").selectOption("Lume");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.waitForURL(/category=Notebooks&brand=Lume/);
    expect(await page.getByText(`Exibindo ${expected} de ${total} produtos`).isVisible()).toBe(true);
  });
});

/** The demo catalogue's cheapest and dearest products, as the listing sorts by price. */
const byPrice = [...DEMO_CATALOG].sort((a, b) => a.priceCents - b.priceCents);
const CHEAPEST = byPrice[0]!.name;
const DEAREST = byPrice.at(-1)!.name;

function firstCardName(page: Page) {
  return page
    .getByRole("region", { name: "Produtos" })
    .getByRole("article")
    .first()
    .getByRole("heading")
    .textContent();
}

describe("finding a product on a phone", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });
  beforeEach(() => browser.page.setDefaultTimeout(10_000));

  it("searches from the header, suggesting products as the shopper types, and lists the rest in the catalogue", async () => {
    const { page, baseURL } = browser;
    const term = "monitor";
    const matching = DEMO_CATALOG.filter((product) => normalize(product.name).includes(term));
    expect(matching.length).toBeGreaterThan(1);
    await page.goto("/");
    const search = page.getByRole("banner").getByRole("searchbox", { name: "Buscar produtos" });
    await search.pressSequentially(term);

    const suggestions = page.getByRole("list", { name: "Sugestões" }).getByRole("link");
    await expect.poll(() => suggestions.count()).toBe(Math.min(matching.length, 5));
    for (const text of await suggestions.allTextContents()) expect(normalize(text)).toContain(term);
    await search.press("Enter");
    await page.waitForURL(`${baseURL}/catalog?q=${term}`);
    await expect
      .poll(() => page.getByText(`Exibindo ${matching.length} de ${total} produtos`).isVisible())
      .toBe(true);
    expect(await search.inputValue()).toBe(term);

    await search.fill("");
    await search.pressSequentially("cabo");
    await suggestions.first().click();
    await page.waitForURL(/\/product\/\d+$/);
    // The address changes before the product's page replaces the catalogue's heading.
    await expect
      .poll(async () => normalize((await page.getByRole("heading", { level: 1 }).textContent()) ?? ""))
      .toContain("cabo");
  });

  it("opens a category from the menu", async () => {
    const { page, baseURL } = browser;
    const expected = DEMO_CATALOG.filter((product) => product.category === "Monitores").length;
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await page
      .getByRole("navigation", { name: "Menu" })
      .getByRole("list", { name: "Categorias" })
      .getByRole("link", { name: "Monitores" })
      .click();

    await page.waitForURL(`${baseURL}/catalog?category=Monitores`);
    await expect
      .poll(() => page.getByText(`Exibindo ${expected} de ${total} produtos`).isVisible())
      .toBe(true);
  });

  it("filters and sorts in a drawer that leaves the products on the first screen", async () => {
    const { page } = browser;
    await page.goto("/catalog");
    const filters = page.getByRole("search", { name: "Filtrar produtos" });
    expect(await filters.isVisible()).toBe(false);
    const firstCard = page.getByRole("region", { name: "Produtos" }).getByRole("article").first();
    expect((await firstCard.boundingBox())!.y).toBeLessThan(844);

    await page.getByRole("link", { name: "Filtrar e ordenar" }).click();
    expect(await filters.isVisible()).toBe(true);
    await filters.getByLabel("Ordenar por").selectOption({ label: "Menor preço" });
    await page.waitForURL(/\/catalog\?.*sort=menor-preco/);
    await expect.poll(() => firstCardName(page)).toBe(CHEAPEST);
    expect(await filters.isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: "Filtrar e ordenar (1)" }).isVisible()).toBe(true);
  });
});

describe("the category menu on a larger screen", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 800 } });

  it("lists the categories and opens one", async () => {
    const { page, baseURL } = browser;
    const expected = DEMO_CATALOG.filter((product) => product.category === "Áudio").length;
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Principal" });
    await nav.getByText("Categorias", { exact: true }).click();
    await nav.getByRole("link", { name: "Áudio", exact: true }).click();

    await page.waitForURL(`${baseURL}/catalog?category=%C3%81udio`);
    await expect
      .poll(() => page.getByText(`Exibindo ${expected} de ${total} produtos`).isVisible())
      .toBe(true);
    expect(await nav.getByRole("link", { name: "Áudio", exact: true }).isVisible()).toBe(false);
  });
});

describe("finding a product without JavaScript", () => {
  const browser = useBrowser({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  beforeEach(() => browser.page.setDefaultTimeout(10_000));

  it("searches from the header and sorts in the drawer through the plain forms", async () => {
    const { page, baseURL } = browser;
    await page.goto("/");
    const search = page.getByRole("banner").getByRole("searchbox", { name: "Buscar produtos" });
    await search.fill("zênite");
    await search.press("Enter");
    await page.waitForURL(`${baseURL}/catalog?q=z%C3%AAnite`);

    await page.goto("/catalog");
    await page.getByRole("link", { name: "Filtrar e ordenar" }).click();
    const filters = page.getByRole("search", { name: "Filtrar produtos" });
    await filters.getByLabel("Ordenar por").selectOption({ label: "Maior preço" });
    await filters.getByRole("button", { name: "Filtrar" }).click();
    await page.waitForURL(/\/catalog\?.*sort=maior-preco/);
    expect(await firstCardName(page)).toBe(DEAREST);
  });
});
