import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { panelOverHttp } from "../support/admin-over-http";
import { useBrowser } from "../support/browser";
import { demoProduct } from "../support/orders";
import { brl, textOf } from "../support/page-text";

// Issue 53, point 2: a code typed in the cart on a phone, with and without scripts: its discount
// as a line of the summary, or exactly why not.

const PHONE = { width: 390, height: 844 };
const PRODUCT = demoProduct("Mouse Gamer Quasar 26K DPI");
/** 10% of the mouse's price, rounded half up. */
const DISCOUNT_CENTS = Math.round(PRODUCT.priceCents / 10);

/** A new 10% coupon, made in the admin's panel; answers its code. */
async function newCoupon(baseURL: string): Promise<string> {
  const code = `CEL${randomUUID().slice(0, 6).toUpperCase()}`;
  const panel = await panelOverHttp(baseURL);
  const created = await panel.post(
    "/admin/coupons/new",
    new URLSearchParams({ code, kind: "percent", value: "10" }),
  );
  expect(created.status).toBe(302);
  return code;
}

/** The mouse in the cart, from its page, then the cart. */
async function cartWithTheMouse(page: Page) {
  await page.goto(`/product/${PRODUCT.id}`);
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).first().click();
  await page.goto("/cart");
  await page.getByRole("heading", { name: "Resumo do pedido" }).waitFor();
}

/** Types a code in 'Cupom de desconto' and applies it. */
async function applyCode(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Cupom de desconto" }).fill(code);
  await page.getByRole("button", { name: "Aplicar" }).click();
}

async function summaryOf(page: Page) {
  return textOf(page.getByRole("region", { name: "Resumo do pedido" }).locator("dl"));
}

/** The coupon's line of the summary. */
const couponLine = (code: string) => `Cupom ${code} −${brl(DISCOUNT_CENTS)}`;

describe("a coupon in the cart, with scripts", () => {
  const browser = useBrowser({ viewport: PHONE });

  it("says why an unknown code gives nothing, then shows a coupon typed in lower case as a line", async () => {
    const { page, baseURL } = browser;
    const code = await newCoupon(baseURL);
    await cartWithTheMouse(page);
    await applyCode(page, "NAOEXISTE1");
    await page.getByRole("alert").filter({ hasText: "Cupom inválido" }).waitFor();

    await applyCode(page, ` ${code.toLowerCase()} `);
    await page.getByText(`Cupom ${code} aplicado`).waitFor();
    expect(await summaryOf(page)).toContain(couponLine(code));
    expect(await summaryOf(page)).toContain(`Total ${brl(PRODUCT.priceCents - DISCOUNT_CENTS)}`);

    await page.getByRole("button", { name: `Remover cupom ${code}` }).click();
    await page.getByRole("textbox", { name: "Cupom de desconto" }).waitFor();
    expect(await summaryOf(page)).not.toContain(`Cupom ${code}`);
  });
});

describe("a coupon in the cart, before the scripts run", () => {
  const browser = useBrowser({ viewport: PHONE, javaScriptEnabled: false });

  it("applies a code by a plain form and shows its discount in the summary", async () => {
    const { page, baseURL } = browser;
    const code = await newCoupon(baseURL);
    await cartWithTheMouse(page);
    await applyCode(page, "NAOEXISTE2");
    await page.getByRole("alert").filter({ hasText: "Cupom inválido" }).waitFor();
    expect(await page.getByRole("textbox", { name: "Cupom de desconto" }).inputValue()).toBe("NAOEXISTE2");

    await applyCode(page, code.toLowerCase());
    await page.getByText(`Cupom ${code} aplicado`).waitFor();
    expect(await summaryOf(page)).toContain(couponLine(code));
    expect(await summaryOf(page)).toContain(`Total ${brl(PRODUCT.priceCents - DISCOUNT_CENTS)}`);
  });
});
