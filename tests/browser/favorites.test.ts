import { describe, expect, it } from "vitest";
import { DEMO_CATALOG } from "../../app/db/seed/demo-catalog";
import { signInContext, signUpCustomer } from "../support/accounts";
import { useBrowser } from "../support/browser";

const productId = DEMO_CATALOG.findIndex((product) => product.stock > 0) + 1;
const productName = DEMO_CATALOG[productId - 1]!.name;

describe("favourites", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("lets a customer favourite a product on its page and manage it from the account", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    await signInContext(page.context(), baseURL, customer);
    await page.goto(`/product/${productId}`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Adicionar aos favoritos" }).click();
    await expect.poll(() => page.getByText("Produto adicionado aos favoritos!").isVisible()).toBe(true);
    const heart = page.getByRole("button", { name: "Remover dos favoritos" });
    expect(await heart.getAttribute("aria-pressed")).toBe("true");
    await page.reload();
    expect(await page.getByRole("button", { name: "Remover dos favoritos" }).isVisible()).toBe(true);

    // A visitor's copy of the same page never carries anyone's favourite.
    const visitorHtml = await (await fetch(`${baseURL}/product/${productId}`)).text();
    expect(visitorHtml).toContain('aria-label="Adicionar aos favoritos"');
    expect(visitorHtml).not.toContain("Remover dos favoritos");

    await page.goto("/account/favorites");
    const card = page.getByRole("listitem").filter({ hasText: productName });
    expect(await card.isVisible()).toBe(true);
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
    await fetch(`${baseURL}/api/favorites`, {
      method: "POST",
      headers: { cookie: customer.cookies.map(({ name, value }) => `${name}=${value}`).join("; ") },
      body: new URLSearchParams({ productId: String(productId), intent: "add" }),
    });
    await page.goto("/account/favorites");
    await page.getByRole("link", { name: new RegExp(productName) }).click();
    await page.waitForURL(new RegExp(`/product/${productId}$`));
  });

  it("refuses a change from someone not signed in", async () => {
    const { baseURL } = browser;
    const response = await fetch(`${baseURL}/api/favorites`, {
      method: "POST",
      body: new URLSearchParams({ productId: String(productId), intent: "add" }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Usuário não autenticado" });
  });
});
