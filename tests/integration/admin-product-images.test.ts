import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallProductImageUrl } from "../../app/lib/product-images";
import { signedInAdmin } from "../support/admin";
import { productForm, productPages, productRow } from "../support/admin-products";
import { createProduct } from "../support/factories";
import { setUpTestStore } from "../support/test-context";
import { startTrustedSite, type TrustedSite } from "../support/trusted-site";

const store = setUpTestStore();
let pages: ReturnType<typeof productPages>;

const REFUSED_FILE = "Envie uma imagem JPEG, PNG, WebP ou GIF de até 5 MB";
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`;

/** A real picture: 1200×900 pixels of PNG. */
const png = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

const file = (bytes: Buffer | string, name: string, type: string) =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

/** Another site, serving a PNG, a page that calls itself a PNG, and an SVG with a script. */
let site: TrustedSite;
beforeAll(async () => {
  pages = productPages(store.context, await signedInAdmin(store.context));
  const picture = await png();
  site = await startTrustedSite((request, response) => {
    if (request.url === "/foto.png") response.writeHead(200, { "Content-Type": "image/png" }).end(picture);
    else if (request.url === "/falsa.png")
      response.writeHead(200, { "Content-Type": "image/png" }).end("<html>oi</html>");
    else if (request.url === "/desenho.svg")
      response.writeHead(200, { "Content-Type": "image/svg+xml" }).end(SVG);
    else response.writeHead(404).end();
  });
});
afterAll(() => site.stop());

async function expectStoredWebp(url: string) {
  expect(url).toMatch(/^\/uploads\/products\/[\w-]+\.webp$/);
  for (const [stored, width] of [
    [url, 800],
    [smallProductImageUrl(url), 400],
  ] as const) {
    const bytes = await readFile(path.join(store.context.env.DATA_DIR, stored.replace(/^\//, "")));
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.width).toBe(width);
  }
}

describe("a product image by upload", () => {
  it("takes a real PNG and keeps it as WebP in the catalogue's two widths", async () => {
    const answer = await pages.create(productForm({ imageFile: file(await png(), "foto.png", "image/png") }));
    expect(answer).toMatchObject({ ok: true });
    const row = await productRow(store.context, (answer as { productId: number }).productId);
    await expectStoredWebp(row!.image);
  });

  it.each([
    ["a text file named .png", file("não sou uma imagem", "foto.png", "image/png")],
    ["an SVG", file(SVG, "desenho.svg", "image/svg+xml")],
    ["an SVG named .png", file(SVG, "desenho.png", "image/png")],
    ["an empty-looking GIF header", file("GIF89a<script>alert(1)</script>", "x.gif", "image/gif")],
  ])("refuses %s by its content, creating nothing", async (_, upload) => {
    const name = `Recusado ${Math.random()}`;
    const answer = await pages.create(productForm({ name, imageFile: upload }));
    expect(answer).toEqual({ intent: "create", ok: false, errors: { image: REFUSED_FILE } });
    expect((await pages.list(`?q=${encodeURIComponent(name)}`)).matching).toBe(0);
  });

  it("leaves the product as it was when the new image is refused", async () => {
    const product = await createProduct(store.database.db);
    const unchanged = await productRow(store.context, product.id);
    const answer = await pages.edit(
      product.id,
      productForm({ intent: "update", name: "Mudaria", imageFile: file(SVG, "x.svg", "image/svg+xml") }),
    );
    expect(answer).toMatchObject({ ok: false, errors: { image: REFUSED_FILE } });
    expect(await productRow(store.context, product.id)).toEqual(unchanged);
  });

  it("adds an uploaded picture to the gallery, and refuses a text file", async () => {
    const product = await createProduct(store.database.db);
    expect(
      await pages.edit(product.id, {
        intent: "gallery-add",
        imageFile: file(await png(), "a.png", "image/png"),
      }),
    ).toEqual({ intent: "gallery-add", ok: true });
    expect(
      await pages.edit(product.id, { intent: "gallery-add", imageFile: file("texto", "b.png", "image/png") }),
    ).toEqual({ intent: "gallery-add", ok: false, errors: { galleryImage: REFUSED_FILE } });
    const { gallery } = (await pages.view(product.id)).product;
    expect(gallery).toHaveLength(1);
    await expectStoredWebp(gallery[0]!.imageUrl);
  });
});

describe("a product image by URL", () => {
  it("fetches the picture and keeps a copy of its own, never the other site's address", async () => {
    const answer = await pages.create(productForm({ imageUrl: `${site.url}/foto.png` }));
    expect(answer).toMatchObject({ ok: true });
    const row = await productRow(store.context, (answer as { productId: number }).productId);
    await expectStoredWebp(row!.image);
  });

  it.each([
    ["a page served as image/png", "/falsa.png", "A URL não aponta para uma imagem JPEG, PNG, WebP ou GIF"],
    ["an SVG", "/desenho.svg", "A URL não aponta para uma imagem JPEG, PNG, WebP ou GIF"],
    ["a missing file", "/nada.png", "Não foi possível baixar a imagem dessa URL"],
  ])("refuses %s, creating nothing", async (_, file, message) => {
    const name = `Por URL ${Math.random()}`;
    const answer = await pages.create(productForm({ name, imageUrl: `${site.url}${file}` }));
    expect(answer).toEqual({ intent: "create", ok: false, errors: { image: message } });
    expect((await pages.list(`?q=${encodeURIComponent(name)}`)).matching).toBe(0);
  });

  it("keeps a path of the store's own as it is", async () => {
    const answer = await pages.create(productForm({ imageUrl: "/uploads/products/existente-1a2b.webp" }));
    const row = await productRow(store.context, (answer as { productId: number }).productId);
    expect(row!.image).toBe("/uploads/products/existente-1a2b.webp");
  });

  it("adds a fetched picture to the gallery", async () => {
    const product = await createProduct(store.database.db);
    expect(await pages.edit(product.id, { intent: "gallery-add", imageUrl: `${site.url}/foto.png` })).toEqual(
      {
        intent: "gallery-add",
        ok: true,
      },
    );
    await expectStoredWebp((await pages.view(product.id)).product.gallery[0]!.imageUrl);
  });
});
