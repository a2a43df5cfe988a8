import { describe, expect, it } from "vitest";
import { DEMO_CATALOG } from "../../app/startup/seed/demo-catalog";
import { useBrowser, suiteStoreURL } from "../support/browser";

describe("home", () => {
  const browser = useBrowser();

  it("scrolls to the products from the hero and shows at most six featured products", async () => {
    const { page } = browser;
    await page.goto("/");
    await page.getByRole("link", { name: "Explorar Produtos" }).click();
    await expect
      .poll(() => page.evaluate(() => document.getElementById("produtos")!.getBoundingClientRect().top))
      .toBeLessThan(200);
    const featured = page.getByRole("region", { name: "Produtos em destaque" }).getByRole("article");
    expect(await featured.count()).toBe(6);
  });

  it("has a footer with the contact e-mail, WhatsApp, a social link and the reseller page", async () => {
    const { page } = browser;
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("link", { name: "contato@vitrine.local" }).getAttribute("href")).toBe(
      "mailto:contato@vitrine.local",
    );
    expect(await footer.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toBe(
      "https://wa.me/5511999999999",
    );
    expect(await footer.getByRole("link", { name: "Instagram" }).getAttribute("href")).toMatch(/^https:\/\//);
    await footer.getByRole("link", { name: "Revendedor Oficial" }).click();
    await page.waitForURL(/\/official-reseller$/);
  });

  it("scrolls back to the top on a route change", async () => {
    const { page } = browser;
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.getByRole("contentinfo").getByRole("link", { name: "Catálogo completo" }).click();
    await page.waitForURL(/\/catalog$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

describe("top bar", () => {
  const browser = useBrowser();

  it("links to the home and the catalogue, and offers sign-in", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/official-reseller");
    const nav = page.getByRole("navigation", { name: "Principal" });
    await nav.getByRole("link", { name: "Catálogo" }).click();
    await page.waitForURL(/\/catalog$/);
    await nav.getByRole("link", { name: "Início" }).click();
    await page.waitForURL(browser.baseURL + "/");
    expect(await page.getByRole("banner").getByRole("link", { name: "Entrar" }).getAttribute("href")).toBe(
      "/auth",
    );
  });

  it("opens and closes the mobile menu", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    expect(await page.getByRole("navigation", { name: "Principal" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Abrir menu" }).click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    expect(await menu.isVisible()).toBe(true);
    await page.getByRole("button", { name: "Fechar menu" }).click();
    expect(await menu.count()).toBe(0);

    await page.getByRole("button", { name: "Abrir menu" }).click();
    await menu.getByRole("link", { name: "Catálogo" }).click();
    await page.waitForURL(/\/catalog$/);
    await expect.poll(() => menu.count()).toBe(0);
  });
});

describe("official reseller page", () => {
  const browser = useBrowser();

  it("shows four benefit cards and four marketplace logos", async () => {
    const { page } = browser;
    await page.goto("/official-reseller");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Revendedor Oficial Certificado",
    );
    expect(await page.getByRole("main").getByRole("heading", { level: 2 }).count()).toBe(5);
    const logos = page
      .getByRole("region", { name: "Também estamos nos principais marketplaces" })
      .getByRole("img");
    expect(
      await logos.evaluateAll((images) => images.map((image) => image.getAttribute("aria-label"))),
    ).toEqual(["Mercado Livre", "Amazon", "Shopee", "Magalu"]);
  });
});

describe("search engines and sharing", () => {
  const baseURL = suiteStoreURL();
  const browser = useBrowser({ javaScriptEnabled: false });

  it.each([
    ["/", "Vitrine | Loja de tecnologia com entrega para todo o Brasil"],
    ["/catalog", "Catálogo | Vitrine"],
    ["/official-reseller", "Revendedor Oficial | Vitrine"],
  ])("gives %s a pt-BR title, a description and a canonical URL", async (path, title) => {
    const { page } = browser;
    await page.goto(path);
    expect(await page.title()).toBe(title);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/^.{40,}$/);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(baseURL + path);
  });

  it("lists the home, the catalogue and every product in the sitemap, a product with options by its variants", async () => {
    const response = await fetch(`${baseURL}/sitemap.xml`);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locations).toContain(`${baseURL}/`);
    expect(locations).toContain(`${baseURL}/catalog`);
    const productPages = locations.flatMap((location) => {
      const page = /\/product\/(\d+)(\?variant=\d+)?$/.exec(location);
      return page ? [{ productId: page[1], variant: page[2] !== undefined }] : [];
    });
    expect(new Set(productPages.map((page) => page.productId)).size).toBe(DEMO_CATALOG.length);
    const productsWithOptions = DEMO_CATALOG.filter((product) => (product.options ?? []).length > 0).length;
    expect(new Set(productPages.filter((page) => page.variant).map((page) => page.productId)).size).toBe(
      productsWithOptions,
    );
  });

  it("points robots at the sitemap and away from private pages", async () => {
    const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots).toContain("Disallow: /checkout");
    expect(robots).toContain("Disallow: /admin");
    // Read by crawlers, which are sent to sign in (the account) or told noindex (the empty cart).
    expect(robots).not.toContain("Disallow: /account");
    expect(robots).not.toContain("Disallow: /cart");
  });
});
