import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, signIn } from "../support/accounts";
import { productForm } from "../support/admin-over-http";
import { randomClientIp } from "../support/browser";
import { rawRequest } from "../support/http";
import { setUpStartedStore } from "../support/started-store";

// The product pages of the panel against the started store: the upload limit of their paths,
// and the visitors' cached product page following an edit at once.

const ADMIN = { email: "admin@vitrine.local", password: "senha-do-admin-1" };
const GATE_PASSWORD = "portao-do-painel-1";
const MB = 1024 * 1024;

const started = setUpStartedStore({
  SEED_DEMO: "false",
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_PANEL_PASSWORD: GATE_PASSWORD,
});

let cookie: string;
beforeAll(async () => {
  cookie = cookieHeader(await signIn(started.store.url, ADMIN));
  const gate = await post("/api/admin/verify-password", new URLSearchParams({ password: GATE_PASSWORD }));
  expect(gate.status).toBe(200);
});

function post(path: string, body: FormData | URLSearchParams) {
  return fetch(`${started.store.url}${path}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { cookie, Origin: started.store.url, "X-Forwarded-For": randomClientIp() },
  });
}

const page = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(started.store.url, path, { headers: { "X-Forwarded-For": randomClientIp(), ...headers } });

/** A photo-like PNG (noise does not compress) of about 1 MB: far over a plain form's 64 KB. */
async function noisyPng(): Promise<Buffer> {
  const side = 600;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

async function createdProductId(name: string): Promise<number> {
  const list = await page(`/admin/products?q=${encodeURIComponent(name)}`, { cookie });
  const id = /href="\/admin\/products\/(\d+)"/.exec(list.body)?.[1];
  expect(id, list.body.slice(0, 300)).toBeDefined();
  return Number(id);
}

describe("the admin product forms over HTTP", () => {
  it("take a photo of several MB on their own paths, and refuse a body over the limit", async () => {
    const photo = await noisyPng();
    expect(photo.length).toBeGreaterThan(MB / 2);
    const created = await post(
      "/admin/products/new",
      productForm({ intent: "create", name: "Foto Grande", price: "10,00", category: "Teste" }, photo),
    );
    // Created: the form (with or without scripts) goes on to the new product's page.
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toMatch(/^\/admin\/products\/\d+\?criado=1$/);

    const declaring = (path: string, bytes: number) =>
      rawRequest(started.store.url, path, {
        method: "POST",
        headers: {
          cookie,
          Origin: started.store.url,
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": String(bytes),
        },
        body: "--x--",
      });
    for (const path of ["/admin/products/new", "/admin/products/1.data"]) {
      expect((await declaring(path, 6 * MB)).status, path).toBe(413);
    }
    // The product list takes a CSV file of up to 20 MB; elsewhere in the panel a plain form's limit holds.
    expect((await declaring("/admin/products.data", 21 * MB)).status).toBe(413);
    expect((await declaring("/admin/users.data", photo.length)).status).toBe(413);
  });

  it("show an edit on the visitors' product page at once, even when that page was cached", async () => {
    const name = `Produto Cacheado ${Date.now()}`;
    const created = await post(
      "/admin/products/new",
      productForm({ intent: "create", name, price: "50,00", category: "Teste", stock: "3" }),
    );
    expect(created.status).toBeLessThan(400);
    const id = await createdProductId(name);

    await page(`/product/${id}`);
    const cached = await page(`/product/${id}`);
    expect(cached.headers["x-cache"]).toBe("HIT");
    expect(cached.body).toContain(name);

    const edited = await post(
      `/admin/products/${id}`,
      productForm({
        intent: "update",
        name: `${name} Editado`,
        price: "77,70",
        category: "Teste",
        stock: "3",
        imageUrl: "/placeholder.svg",
      }),
    );
    expect(edited.status).toBeLessThan(400);

    const after = await page(`/product/${id}`);
    expect(after.headers["x-cache"]).not.toBe("HIT");
    expect(after.body).toContain(`${name} Editado`);
    expect(after.body).toContain("77,70");
    expect(after.body).not.toContain("50,00");
  });

  it("show markup typed into every field as text, on the storefront and in the panel", async () => {
    const marker = Date.now();
    const script = `<script>alert("x")</script>`;
    const fields = {
      name: `Teclado ${script} ${marker}`,
      description: `Descrição ${script} <img src=x onerror=alert(1)>`,
      category: `Categoria ${script}`,
    };
    const created = await post(
      "/admin/products/new",
      productForm({ intent: "create", ...fields, price: "10,00", stock: "1" }),
    );
    expect(created.status).toBeLessThan(400);
    const id = await createdProductId(`Teclado ${script} ${marker}`);

    for (const path of [`/product/${id}`, `/admin/products/${id}`, `/catalog?q=${marker}`]) {
      const { body } = await page(path, path.startsWith("/admin") ? { cookie } : {});
      expect(body, path).toContain(`Teclado &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; ${marker}`);
      expect(body, path).not.toContain(script);
      expect(body, path).not.toContain("<img src=x");
    }
  });

  it("refuse a 10,000-character name with the field's message, creating nothing", async () => {
    const name = "n".repeat(10_000);
    const refused = await post(
      "/admin/products/new.data",
      productForm({ intent: "create", name, price: "10,00", category: "Teste" }),
    );
    expect(await refused.text()).toContain("Nome deve ter no máximo 200 caracteres");
    const list = await page(`/admin/products?q=${"n".repeat(150)}`, { cookie });
    expect(list.body).toContain("Nenhum produto encontrado");
  });
});
