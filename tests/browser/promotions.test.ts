import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { storeDayText } from "../../app/lib/dates";
import { openPanelAsStoreAdmin, panelOverHttp, productForm } from "../support/admin-over-http";
import { createdProductId } from "../support/admin-products";
import { useBrowser } from "../support/browser";
import { textOf } from "../support/page-text";

// Issue 53, point 5: the owner starts an automatic promotion from the admin's 'Promoções' tab on
// a phone, and the storefront shows it as 'de/por' at once. A category of its own, so the suite's
// store keeps the demo's prices for the other files.

const PHONE = { width: 390, height: 844 };

describe("an automatic promotion made in the admin", () => {
  const browser = useBrowser({ viewport: PHONE });

  it("is created from its form on a phone, and the product page and the catalogue's card show 'de/por'", async () => {
    const { page, baseURL } = browser;
    const category = `Promo ${randomUUID().slice(0, 8)}`;
    const panel = await panelOverHttp(baseURL);
    const productId = createdProductId(
      await panel.post(
        "/admin/products/new",
        productForm({ intent: "create", name: `Webcam ${category}`, price: "400,00", category, stock: "5" }),
      ),
    )!;

    await openPanelAsStoreAdmin(page, baseURL);
    await page.getByRole("link", { name: "Promoções", exact: true }).click();
    await page.getByRole("link", { name: "Nova promoção" }).click();
    await page.getByLabel("Nome").fill("Semana da webcam");
    await page.getByLabel("Desconto (%)").fill("20");
    await page.getByLabel("Categoria").selectOption(category);
    const today = storeDayText(new Date());
    await page.getByLabel("Primeiro dia").fill(today);
    await page.getByLabel("Último dia").fill(today);
    await page.getByRole("button", { name: "Criar promoção" }).click();
    await page.getByRole("heading", { name: "Semana da webcam" }).waitFor();

    await page.goto(`/product/${productId}`);
    await expect
      .poll(() =>
        textOf(
          page
            .getByRole("main")
            .getByText(/^de R\$/)
            .first(),
        ),
      )
      .toBe("de R$ 400,00");
    expect(await textOf(page.getByRole("main"))).toContain("por R$ 320,00 20% OFF");
    await page.goto(`/catalog?q=${encodeURIComponent(category)}`);
    expect(await textOf(page.getByRole("main"))).toContain("de R$ 400,00 por R$ 320,00 20% OFF");
  });
});
