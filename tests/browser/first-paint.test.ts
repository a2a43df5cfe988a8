import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser";

// Decision 0011: the stylesheet comes inside the page; the browser fetches none before painting.

describe("the page's own stylesheet", () => {
  const browser = useBrowser();

  it("styles the first page without a stylesheet request, and the pages the browser moves to", async () => {
    const { page } = browser;
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    await page.goto("/");
    // `flex` on the body and `max-w-6xl` on the main content: styled, not the browser's defaults.
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe("flex");
    await page.waitForLoadState("networkidle");
    await page
      .getByRole("region", { name: "Produtos em destaque" })
      .getByRole("article")
      .first()
      .getByRole("link")
      .click();
    await page.waitForURL(/\/product\/\d+$/);
    await page.getByRole("button", { name: "Ampliar imagem" }).waitFor();
    const main = page.getByRole("main");
    expect(await main.evaluate((element) => getComputedStyle(element).maxWidth)).toBe("1152px");
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe("flex");
    expect(stylesheets).toEqual([]);
    // A violation of the Content-Security-Policy would be a console error, failing the test.
  });
});
