import { describe, expect, it } from "vitest";
import { DEMO_CATALOG } from "../../app/startup/seed/demo-catalog";
import { formatBRL } from "../../app/lib/money";
import { useBrowser, suiteStoreURL } from "../support/browser";

/** On the suite's fresh store, product ids follow the demo catalogue's order. */
const demoProducts = DEMO_CATALOG.map((product, index) => ({ ...product, id: index + 1 }));
const withGallery = demoProducts.find((product) => product.galleryViews === 4 && product.stock > 3)!;
const soldOut = demoProducts.find((product) => product.stock === 0)!;
const lastUnits = demoProducts.find((product) => product.stock === 2)!;
const baseURL = suiteStoreURL();

describe("product page without JavaScript", () => {
  const browser = useBrowser({ javaScriptEnabled: false });

  it("renders the product on the server", async () => {
    const { page } = browser;
    const response = await page.goto(`/product/${withGallery.id}`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(withGallery.name);
    const main = page.getByRole("main");
    expect(await main.getByText(formatBRL(withGallery.priceCents), { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText(withGallery.category, { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText(withGallery.description).isVisible()).toBe(true);
    for (const benefit of [
      "Entrega para todo o Brasil",
      "Garantia de 12 meses",
      "Devolução grátis em até 30 dias",
      "Suporte especializado",
    ]) {
      expect(await main.getByText(benefit).isVisible()).toBe(true);
    }
    expect(await page.title()).toBe(`${withGallery.name} | Vitrine`);
  });

  it("describes the product for search engines and sharing", async () => {
    const { page } = browser;
    await page.goto(`/product/${withGallery.id}`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({
      "@type": "Product",
      name: withGallery.name,
      offers: {
        priceCurrency: "BRL",
        price: (withGallery.priceCents / 100).toFixed(2),
        availability: "https://schema.org/InStock",
      },
    });
    expect(jsonLd.image).toHaveLength(withGallery.galleryViews);
    expect(jsonLd.image[0]).toMatch(new RegExp(`^${baseURL}/uploads/products/`));
    const og = (property: string) => page.locator(`meta[property="og:${property}"]`).getAttribute("content");
    expect(await og("type")).toBe("product");
    expect(await og("title")).toBe(withGallery.name);
    expect(await og("image")).toMatch(/^http:\/\/.+\.webp$/);
    expect(await og("url")).toBe(`${baseURL}/product/${withGallery.id}`);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      `${baseURL}/product/${withGallery.id}`,
    );
  });

  it("marks a sold-out product as out of stock", async () => {
    const { page } = browser;
    await page.goto(`/product/${soldOut.id}`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(await page.getByRole("button", { name: "Esgotado" }).isDisabled()).toBe(true);
  });

  it("says when only a few units are left", async () => {
    const { page } = browser;
    await page.goto(`/product/${lastUnits.id}`);
    expect(await page.getByText("Últimas 2 unidades").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Adicionar ao carrinho" }).isEnabled()).toBe(true);
  });

  it("loads the main image first and the thumbnails lazily, at known sizes", async () => {
    const { page } = browser;
    await page.goto(`/product/${withGallery.id}`);
    const main = page.getByRole("img", {
      name: `${withGallery.name}, imagem 1 de ${withGallery.galleryViews}`,
    });
    expect(await main.getAttribute("fetchpriority")).toBe("high");
    expect([await main.getAttribute("width"), await main.getAttribute("height")]).toEqual(["800", "800"]);
    const thumbnails = page.getByRole("list", { name: "Imagens do produto" }).locator("img");
    expect(await thumbnails.count()).toBe(withGallery.galleryViews);
    for (const thumbnail of await thumbnails.all()) {
      expect(await thumbnail.getAttribute("loading")).toBe("lazy");
      expect(await thumbnail.getAttribute("width")).not.toBeNull();
    }
  });

  it.each(["999999", "abc", "0", "-1", "1abc", "99999999999"])("answers /product/%s with 404", async (id) => {
    const { page } = browser;
    const response = await page.goto(`/product/${id}`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Produto não encontrado" }).isVisible()).toBe(true);
    expect(await page.title()).toBe("Produto não encontrado | Vitrine");
    await page.getByRole("main").getByRole("link", { name: "Voltar ao catálogo" }).click();
    await page.waitForURL(/\/catalog$/);
  });
});

describe("product page", () => {
  const browser = useBrowser();

  it("shows the gallery as thumbnails in four columns that pick the main image", async () => {
    const { page } = browser;
    await page.goto(`/product/${withGallery.id}`);
    const thumbnails = page.getByRole("list", { name: "Imagens do produto" });
    const columns = await thumbnails.evaluate(
      (list) => getComputedStyle(list).gridTemplateColumns.split(" ").length,
    );
    expect(columns).toBe(4);
    const main = page.getByTestId("zoomable-image");
    const first = await main.getAttribute("src");
    await page.getByRole("button", { name: `Ver imagem 3 de ${withGallery.galleryViews}` }).click();
    await expect.poll(() => main.getAttribute("src")).not.toBe(first);
    expect(
      await page
        .getByRole("button", { name: `Ver imagem 3 de ${withGallery.galleryViews}` })
        .getAttribute("aria-pressed"),
    ).toBe("true");
  });

  it("zooms 2x on click, follows the pointer, and zooms out on a second click", async () => {
    const { page } = browser;
    await page.goto(`/product/${withGallery.id}`);
    const button = page.getByRole("button", { name: "Ampliar imagem" });
    const image = page.getByTestId("zoomable-image");
    const box = (await button.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await expect
      .poll(() => image.evaluate((element) => getComputedStyle(element).transform))
      .toMatch(/^matrix\(2, 0, 0, 2/);
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.1);
    await expect.poll(() => image.evaluate((element) => element.style.transformOrigin)).toBe("80% 10%");
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.6);
    await expect.poll(() => image.evaluate((element) => element.style.transformOrigin)).toBe("30% 60%");
    await page.getByRole("button", { name: "Reduzir imagem" }).click();
    await expect.poll(() => image.evaluate((element) => getComputedStyle(element).transform)).toBe("none");
  });

  it("zooms from the keyboard on the middle of the image", async () => {
    const { page } = browser;
    await page.goto(`/product/${withGallery.id}`);
    const image = page.getByTestId("zoomable-image");
    await page.getByRole("button", { name: "Ampliar imagem" }).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => image.evaluate((element) => getComputedStyle(element).transform))
      .toMatch(/^matrix\(2, 0, 0, 2/);
    expect(await image.evaluate((element) => element.style.transformOrigin)).toBe("50% 50%");
    expect(await page.getByRole("button", { name: "Reduzir imagem" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await page.keyboard.press("Space");
    await expect.poll(() => image.evaluate((element) => getComputedStyle(element).transform)).toBe("none");
  });

  it("adds to the cart from the product page", async () => {
    const { page } = browser;
    await page.goto(`/product/${withGallery.id}`);
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await expect.poll(() => page.getByText("Produto adicionado ao carrinho").isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe("1");
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await expect.poll(() => page.getByText("Quantidade atualizada no carrinho").isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe("2");
  });

  it("asks a visitor to sign in before favouriting", async () => {
    const { page } = browser;
    await page.goto(`/product/${withGallery.id}`);
    await page.getByRole("button", { name: "Adicionar aos favoritos" }).click();
    await expect.poll(() => page.getByText("Faça login para adicionar favoritos").isVisible()).toBe(true);
  });
});

describe("product page on a touch screen", () => {
  const browser = useBrowser({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  it("zooms on a tap and pans with the finger", async () => {
    const { page } = browser;
    await page.goto(`/product/${withGallery.id}`);
    await page.waitForLoadState("networkidle");
    const image = page.getByTestId("zoomable-image");
    // The button's name changes with the zoom: hold on to it through its image.
    const button = image.locator("xpath=..");
    const box = (await button.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect
      .poll(() => image.evaluate((element) => getComputedStyle(element).transform))
      .toMatch(/^matrix\(2, 0, 0, 2/);
    await button.dispatchEvent("pointermove", {
      pointerType: "touch",
      clientX: box.x + box.width * 0.9,
      clientY: box.y + box.height * 0.2,
    });
    await expect.poll(() => image.evaluate((element) => element.style.transformOrigin)).toBe("90% 20%");
    expect(await button.evaluate((element) => getComputedStyle(element).touchAction)).toBe("none");
  });
});

describe("product page on a phone", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it("keeps the price and 'Adicionar ao carrinho' at the bottom of the screen once the button is scrolled past", async () => {
    const { page } = browser;
    const product = demoProducts.find(
      (candidate) => candidate.stock > 3 && !candidate.variants && (candidate.specs?.length ?? 0) > 0,
    )!;
    await page.goto(`/product/${product.id}`);
    await page.waitForLoadState("networkidle");
    const buttons = page.getByRole("button", { name: "Adicionar ao carrinho" });
    expect(await buttons.count()).toBe(1);

    await page.getByRole("heading", { name: "Ficha técnica" }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2_000);
    await expect.poll(() => buttons.count()).toBe(2);
    const bar = buttons.last();
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(844 - 80);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await page.getByText(formatBRL(product.priceCents), { exact: true }).last().isVisible()).toBe(
      true,
    );
    await bar.click();
    await page.getByText("Produto adicionado ao carrinho").waitFor();
    expect(await page.getByRole("link", { name: "Carrinho, 1 item", exact: true }).isVisible()).toBe(true);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => buttons.count()).toBe(1);
  });
});
