import { describe, expect, it } from "vitest";
import { DEMO_CATALOG } from "../../app/startup/seed/demo-catalog";
import { cookieHeader, type Customer, signInContext, signUpCustomer } from "../support/accounts";
import { useBrowser } from "../support/browser";

const productId = DEMO_CATALOG.findIndex((product) => product.stock > 0) + 1;
const productName = DEMO_CATALOG[productId - 1]!.name;

const HEART_BUTTON = /<button[^>]*aria-label="(?:Adicionar aos|Remover dos) favoritos"[^>]*>/g;

/** The heart as a visitor (no cookie) gets it: the page every visitor shares. */
async function visitorHeart(baseURL: string): Promise<string[]> {
  const html = await (await fetch(`${baseURL}/product/${productId}`)).text();
  return html.match(HEART_BUTTON) ?? [];
}

function favoritesRequest(baseURL: string, customer: Customer | null) {
  return fetch(`${baseURL}/api/favorites`, {
    method: "POST",
    headers: customer ? { cookie: cookieHeader(customer) } : {},
    body: new URLSearchParams({ productId: String(productId), intent: "add" }),
  });
}

describe("favourites", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("lets a customer favourite a product on its page and manage it from the account", async () => {
    const { page, baseURL } = browser;
    const visitorBefore = await visitorHeart(baseURL);
    const customer = await signUpCustomer(baseURL);
    await signInContext(page.context(), baseURL, customer);
    await page.goto(`/product/${productId}`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Adicionar aos favoritos" }).click();
    await expect.poll(() => page.getByText("Produto adicionado aos favoritos!").isVisible()).toBe(true);
    const heart = page.getByRole("button", { name: "Remover dos favoritos" });
    expect(await heart.getAttribute("aria-pressed")).toBe("true");
    expect(await heart.locator("svg").getAttribute("class")).toContain("fill-current");
    await page.reload();
    expect(
      await page.getByRole("button", { name: "Remover dos favoritos" }).getAttribute("aria-pressed"),
    ).toBe("true");

    // A visitor's copy of the same page never carries anyone's favourite.
    const visitorAfter = await visitorHeart(baseURL);
    expect(visitorBefore).toHaveLength(1);
    expect(visitorBefore[0]).toContain('aria-pressed="false"');
    expect(visitorAfter).toEqual(visitorBefore);

    await page.goto("/account/favorites");
    expect(await page.getByRole("heading", { name: "Meus Favoritos" }).isVisible()).toBe(true);
    const card = page.getByRole("listitem").filter({ hasText: productName });
    expect(await card.getByText("R$", { exact: false }).first().isVisible()).toBe(true);
    await card.getByRole("button", { name: "Remover dos favoritos" }).click();
    await expect.poll(() => page.getByText("Produto removido dos favoritos").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Nenhum produto favoritado").isVisible()).toBe(true);
    expect(await page.getByText("Adicione produtos aos favoritos para vê-los aqui").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Explorar Produtos" }).click();
    await page.waitForURL(baseURL + "/");
  });

  it("opens a favourite's product page from the account", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    await signInContext(page.context(), baseURL, customer);
    const response = await favoritesRequest(baseURL, customer);
    expect(await response.json()).toEqual({ favorited: true });
    await page.goto("/account/favorites");
    await page.getByRole("listitem").filter({ hasText: productName }).getByRole("link").click();
    await page.waitForURL(`${baseURL}/product/${productId}`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: productName }).isVisible())
      .toBe(true);
  });

  it("asks a visitor to sign in before favouriting", async () => {
    const { page } = browser;
    await page.goto(`/product/${productId}`);
    await page.waitForLoadState("networkidle");
    const heart = page.getByRole("button", { name: "Adicionar aos favoritos" });
    await heart.click();
    await expect.poll(() => page.getByText("Faça login para adicionar favoritos").isVisible()).toBe(true);
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
  });

  it("refuses a change from someone not signed in", async () => {
    const response = await favoritesRequest(browser.baseURL, null);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Usuário não autenticado" });
  });
});
