import type { Page } from "playwright-core";
import { expect } from "vitest";
import { cookieHeader } from "./accounts";
import { randomClientIp } from "./browser";

/**
 * Deletes a product as the panel's list does, with the admin session of the page's context: a
 * product a test leaves behind would change what the other files see in the catalogue.
 */
export async function deleteProductOverHttp(page: Page, productId: string): Promise<void> {
  const cookies = await page.context().cookies();
  const response = await fetch(new URL("/admin/products", page.url()), {
    method: "POST",
    headers: {
      cookie: cookieHeader({ cookies }),
      origin: new URL(page.url()).origin,
      "X-Forwarded-For": randomClientIp(),
    },
    body: new URLSearchParams({ intent: "delete", productId }),
  });
  expect(response.ok).toBe(true);
}
