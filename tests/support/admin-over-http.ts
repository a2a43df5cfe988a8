import type { Page } from "playwright-core";
import { expect } from "vitest";
import { cookieHeader, signIn, signInContext, STORE_ADMIN } from "./accounts";
import { createdProductId } from "./admin-products";
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

/** The env of a started store whose first admin is `STORE_ADMIN` (for `panelOverHttp`). */
/** The page signed in as the store's first admin (env `STORE_ADMIN_ENV`), past the panel's gate. */
export async function openPanelAsStoreAdmin(page: Page, storeUrl: string): Promise<void> {
  await signInContext(page.context(), storeUrl, await signIn(storeUrl, STORE_ADMIN));
  await page.goto(`${storeUrl}/admin`);
  const gate = page.getByRole("dialog", { name: "Autenticação de Administrador" });
  await gate.getByLabel("Senha").fill(STORE_ADMIN.gatePassword);
  await gate.getByRole("button", { name: "Verificar" }).click();
  await gate.waitFor({ state: "detached" });
}

export const STORE_ADMIN_ENV = {
  ADMIN_EMAIL: STORE_ADMIN.email,
  ADMIN_PASSWORD: STORE_ADMIN.password,
  ADMIN_PANEL_PASSWORD: STORE_ADMIN.gatePassword,
};

export interface PanelOverHttp {
  cookie: string;
  /** A form posted as the panel's page does (`.data` paths answer the action's data). */
  post(path: string, body: FormData | URLSearchParams): Promise<Response>;
}

/** The panel of a started store (env `STORE_ADMIN_ENV`): its first admin signed in, past the gate. */
export async function panelOverHttp(storeUrl: string): Promise<PanelOverHttp> {
  const cookie = cookieHeader(await signIn(storeUrl, STORE_ADMIN));
  const post = (path: string, body: FormData | URLSearchParams) =>
    fetch(`${storeUrl}${path}`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { cookie, Origin: storeUrl, "X-Forwarded-For": randomClientIp() },
    });
  const gate = await post(
    "/api/admin/verify-password",
    new URLSearchParams({ password: STORE_ADMIN.gatePassword }),
  );
  expect(gate.status).toBe(200);
  return { cookie, post };
}

/** The product form's fields, with `image` as the uploaded photo (a PNG). */
export function productForm(fields: Record<string, string>, image?: Uint8Array): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image) form.append("imageFile", new File([new Uint8Array(image)], "foto.png", { type: "image/png" }));
  return form;
}

/** Creates a product with `photo` through the panel's form; answers its id. */
export async function createProductWithPhoto(panel: PanelOverHttp, name: string, photo: Uint8Array) {
  const created = await panel.post(
    "/admin/products/new",
    productForm({ intent: "create", name, price: "10,00", category: "Teste", stock: "1" }, photo),
  );
  const id = createdProductId(created);
  expect(id, await created.text()).toBeDefined();
  return id!;
}

/** The address of the photo the storefront's product page shows. */
export async function productPhotoOf(storeUrl: string, productId: number): Promise<string> {
  const page = await fetch(`${storeUrl}/product/${productId}`, {
    headers: { "X-Forwarded-For": randomClientIp() },
  });
  const photo = /\/uploads\/products\/[\w.-]+\.webp/.exec(await page.text())?.[0];
  expect(photo).toBeDefined();
  return photo!;
}

/**
 * The admin takes a paid order to the customer, as its page's forms post it: in preparation, a
 * Correios tracking code, shipped, delivered.
 */
export async function deliverOverHttp(storeUrl: string, orderId: string): Promise<void> {
  const panel = await panelOverHttp(storeUrl);
  const steps: Record<string, string>[] = [
    { intent: "status", status: "processing" },
    { intent: "tracking", carrier: "correios", trackingCode: "PL123456789BR" },
    { intent: "status", status: "shipped" },
    { intent: "status", status: "delivered" },
  ];
  for (const step of steps) {
    const answer = await panel.post(`/admin/orders/${orderId}.data`, new URLSearchParams(step));
    expect(answer.status, JSON.stringify(step)).toBe(200);
    expect(await answer.text(), JSON.stringify(step)).toContain('"ok",true');
  }
}
