import type { Locator, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { productThumbnailUrl } from "../../app/lib/product-images";
import { DEMO_CATALOG } from "../../app/startup/seed/demo-catalog";
import { signIn, signInContext, STORE_ADMIN } from "../support/accounts";
import { deleteProductOverHttp } from "../support/admin-over-http";
import { useBrowser } from "../support/browser";
import { STORE_LINKS } from "../support/store-links";
import { toast } from "../support/page-text";

const MARKETPLACE_NAMES = ["Mercado Livre", "Amazon", "Shopee", "Magalu"];

/** How far a wordmark's text reaches past its card (0 when it fits), and whether its box scrolls. */
function overflowOf(logo: Locator) {
  return logo.evaluate((element) => {
    const card = element.closest("li")!.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    return {
      scrolls: element.scrollWidth > element.clientWidth,
      outside: Math.max(
        0,
        card.left - text.left,
        text.right - card.right,
        card.top - text.top,
        text.bottom - card.bottom,
      ),
    };
  });
}

describe.each([360, 390, 1280])("the official reseller page at %i px", (width) => {
  const browser = useBrowser({ viewport: { width, height: 800 } });

  it("draws each marketplace's wordmark whole inside its card, named for screen readers", async () => {
    const { page } = browser;
    await page.goto("/official-reseller");
    const marketplaces = page.getByRole("region", { name: "Também estamos nos principais marketplaces" });
    const cards = marketplaces.getByRole("listitem");
    expect(await cards.count()).toBe(4);
    for (const [index, name] of MARKETPLACE_NAMES.entries()) {
      const logo = cards.nth(index).getByRole("img", { name, exact: true });
      expect(await logo.isVisible(), name).toBe(true);
      expect(await overflowOf(logo), name).toEqual({ scrolls: false, outside: 0 });
    }
  });
});

describe("the official reseller page's links", () => {
  const browser = useBrowser({ javaScriptEnabled: false });

  it("links the card of a marketplace where the store has a page, in a new tab, and no other", async () => {
    const { page } = browser;
    await page.goto("/official-reseller");
    const marketplaces = page.getByRole("region", { name: "Também estamos nos principais marketplaces" });
    const mercadoLivre = marketplaces.getByRole("link", { name: /^Mercado Livre/ });
    expect(await mercadoLivre.getAttribute("href")).toBe(STORE_LINKS.mercadoLivre);
    expect(await mercadoLivre.getAttribute("target")).toBe("_blank");
    expect((await mercadoLivre.getAttribute("rel"))?.split(" ")).toContain("noopener");
    expect(await marketplaces.getByRole("link").count()).toBe(1);
    for (const name of ["Amazon", "Shopee", "Magalu"]) {
      expect(await marketplaces.getByRole("img", { name, exact: true }).isVisible(), name).toBe(true);
    }
  });
});

describe("the footer", () => {
  const browser = useBrowser({ javaScriptEnabled: false });

  it("links the store's own Instagram profile", async () => {
    const { page } = browser;
    await page.goto("/");
    const instagram = page.getByRole("contentinfo").getByRole("link", { name: "Instagram" });
    expect(await instagram.getAttribute("href")).toBe(STORE_LINKS.instagram);
  });
});

describe("the product zoom", () => {
  const browser = useBrowser();

  it("leaves the zoom on Escape", async () => {
    const { page } = browser;
    const withGallery = DEMO_CATALOG.findIndex((product) => product.galleryViews > 1) + 1;
    await page.goto(`/product/${withGallery}`);
    const image = page.getByTestId("zoomable-image");
    const transform = () => image.evaluate((element) => getComputedStyle(element).transform);
    await page.getByRole("button", { name: "Ampliar imagem" }).click();
    await expect.poll(transform).toMatch(/^matrix\(2, 0, 0, 2/);
    await page.keyboard.press("Escape");
    await expect.poll(transform).toBe("none");
    expect(await page.getByRole("button", { name: "Ampliar imagem" }).getAttribute("aria-pressed")).toBe(
      "false",
    );
  });
});

describe("a product's cover and its gallery", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  beforeEach(() => browser.page.setDefaultTimeout(10_000));

  /** Three pictures the store already keeps: the covers of three demo products. */
  async function storedPictures(page: Page): Promise<string[]> {
    const pictures = [];
    for (const id of [1, 2, 3]) {
      await page.goto(`/product/${id}`);
      pictures.push((await page.getByTestId("zoomable-image").getAttribute("src"))!);
    }
    return pictures;
  }

  async function openPanel(page: Page) {
    await signInContext(page.context(), browser.baseURL, await signIn(browser.baseURL, STORE_ADMIN));
    await page.goto("/admin");
    const dialog = page.getByRole("dialog", { name: "Autenticação de Administrador" });
    await dialog.getByLabel("Senha").fill(STORE_ADMIN.gatePassword);
    await dialog.getByRole("button", { name: "Verificar" }).click();
    // The gate's page opens the panel itself once passed: the test goes on from there.
    await page.waitForURL(/\/admin$/);
  }

  async function createProduct(page: Page, name: string, cover: string): Promise<string> {
    await page.goto("/admin/products/new");
    await page.getByLabel("Nome", { exact: true }).fill(name);
    await page.getByLabel("Preço (R$)").fill("50,00");
    await page.getByLabel("Estoque").fill("3");
    await page.getByLabel("Categoria").fill("Acessórios");
    await page.getByLabel("Descrição").fill("Um produto com capa e galeria.");
    await page.getByLabel("URL da imagem").fill(cover);
    await page.getByRole("button", { name: "Criar produto" }).click();
    await page.getByRole("heading", { name: "Editar produto" }).waitFor();
    return new URL(page.url()).pathname.split("/").pop()!;
  }

  async function addToGallery(page: Page, picture: string, position: number) {
    await page.getByRole("group", { name: "Adicionar imagem" }).getByLabel("URL da imagem").fill(picture);
    await page.getByRole("button", { name: "Adicionar à galeria" }).click();
    await page.getByRole("img", { name: `Imagem ${position}`, exact: true }).waitFor();
  }

  /** The product page's pictures as a shopper sees them: the large one and the thumbnails' order. */
  async function picturesShown(page: Page, productId: string) {
    await page.goto(`/product/${productId}`);
    const thumbnails = page.getByRole("list", { name: "Imagens do produto" }).locator("img");
    return {
      main: await page.getByTestId("zoomable-image").getAttribute("src"),
      thumbnails: await thumbnails.evaluateAll((images) => images.map((image) => image.getAttribute("src"))),
    };
  }

  it("shows the cover first, then the gallery in the order the admin gives it, the cover too once in it", async () => {
    const { page } = browser;
    const [cover, first, second] = await storedPictures(page);
    await openPanel(page);
    const productId = await createProduct(page, `Capa e galeria ${Date.now()}`, cover!);
    try {
      await addToGallery(page, first!, 1);
      await addToGallery(page, second!, 2);

      expect(await picturesShown(page, productId)).toEqual({
        main: cover,
        thumbnails: [cover, first, second].map((picture) => productThumbnailUrl(picture!)),
      });

      await page.goto(`/admin/products/${productId}`);
      await page.getByRole("button", { name: "Mover imagem 2 para cima" }).click();
      await toast(page, "Ordem das imagens atualizada!").waitFor();
      expect(await picturesShown(page, productId)).toEqual({
        main: cover,
        thumbnails: [cover, second, first].map((picture) => productThumbnailUrl(picture!)),
      });

      // The cover placed in the gallery goes where the admin puts it: here, last.
      await page.goto(`/admin/products/${productId}`);
      await addToGallery(page, cover!, 3);
      expect(await picturesShown(page, productId)).toEqual({
        main: second,
        thumbnails: [second, first, cover].map((picture) => productThumbnailUrl(picture!)),
      });
    } finally {
      // A product left behind would change what the other files see in the catalogue.
      await deleteProductOverHttp(page, productId);
    }
  });
});
