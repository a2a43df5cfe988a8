import { AxeBuilder } from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { signInContext, signUpCustomer } from "../support/accounts";
import { useBrowser } from "../support/browser";

const PAGES = [
  "/",
  "/catalog",
  "/catalog?q=produto-que-nao-existe",
  "/product/1",
  "/product/999999",
  "/cart",
  "/official-reseller",
  "/policies/returns",
  "/policies/privacy",
  "/policies/terms",
  "/auth",
  "/pagina-inexistente",
];

const ACCOUNT_PAGES = [
  "/account",
  "/account/profile",
  "/account/addresses",
  "/account/orders",
  "/account/favorites",
  "/account/settings",
];

describe("accessibility (axe)", () => {
  const browser = useBrowser();

  it.each(PAGES)("%s has no serious or critical violation", async (path) => {
    const { page } = browser;
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).analyze();
    const severe = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      );
    expect(severe).toEqual([]);
  });

  // Every account page loaded and scanned: longer than a test's usual 30 s on a busy machine.
  it("the account pages have no serious or critical violation", async () => {
    const { page, baseURL } = browser;
    await signInContext(page.context(), baseURL, await signUpCustomer(baseURL));
    for (const path of ACCOUNT_PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page }).analyze();
      const severe = results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => `${path} ${violation.id}`);
      expect(severe).toEqual([]);
    }
  }, 90_000);

  it("/cart with items has no serious or critical violation", async () => {
    const { page } = browser;
    await page.goto("/catalog");
    await page
      .getByRole("button", { name: /^Adicionar ao carrinho/ })
      .first()
      .click();
    await page.goto("/cart");
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).analyze();
    const severe = results.violations.filter((violation) =>
      ["serious", "critical"].includes(violation.impact ?? ""),
    );
    expect(severe.map((violation) => violation.id)).toEqual([]);
  });
});
