import { readdir } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../support/admin";
import { productForm, productPages, productRow } from "../support/admin-products";
import { createProduct } from "../support/factories";
import { setUpTestStore } from "../support/test-context";
import { startTrustedSite, type TrustedSite } from "../support/trusted-site";

// Issue 23: the product form's image URL is fetched by the store's server, which reaches what the
// admin cannot: its own loopback, the private network, the cloud's metadata service. Only public
// addresses are fetched now, checked where the socket connects, after every redirect too.

const store = setUpTestStore();
let pages: ReturnType<typeof productPages>;

const UNREACHABLE = "Não foi possível baixar a imagem dessa URL";

/** A service inside the store's network: it serves a real PNG to whoever reaches it. */
let internal: http.Server;
let internalPort: number;
/** Another site on the internet, played by a trusted loopback origin, with its redirects. */
let site: TrustedSite;

beforeAll(async () => {
  pages = productPages(store.context, await signedInAdmin(store.context));
  const picture = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  internal = http.createServer((_, response) => {
    response.writeHead(200, { "Content-Type": "image/png" }).end(picture);
  });
  // "::" takes IPv4 and IPv6 alike: 127.0.0.1, [::1], localhost, 0.0.0.0 and ::ffff:127.0.0.1.
  await new Promise<void>((resolve) => internal.listen(0, "::", resolve));
  internalPort = (internal.address() as AddressInfo).port;

  const redirects: Record<string, string> = {
    "/para-foto": "/foto.png",
    "/para-loopback": `http://127.0.0.1:${internalPort}/foto.png`,
    "/para-localhost": `http://localhost:${internalPort}/foto.png`,
    "/para-metadados": "http://169.254.169.254/latest/meta-data/",
    "/para-arquivo": "file:///etc/passwd",
    "/em-circulo": "/em-circulo",
  };
  site = await startTrustedSite((request, response) => {
    const location = redirects[request.url ?? ""];
    if (location) response.writeHead(302, { Location: location }).end();
    else if (request.url === "/foto.png")
      response.writeHead(200, { "Content-Type": "image/png" }).end(picture);
    else response.writeHead(404).end();
  });
});

afterAll(async () => {
  await Promise.all([site.stop(), new Promise((resolve) => internal.close(resolve))]);
});

/** The product images the store has kept, to show that a refusal kept none. */
async function storedImages(): Promise<string[]> {
  return readdir(path.join(store.context.env.DATA_DIR, "uploads/products")).catch(() => []);
}

/** What the admin might type, each made once the servers have their ports. */
const REFUSED: [string, () => string][] = [
  ["loopback", () => `http://127.0.0.1:${internalPort}/foto.png`],
  ["IPv6 loopback", () => `http://[::1]:${internalPort}/foto.png`],
  ["a name for loopback", () => `http://localhost:${internalPort}/foto.png`],
  ["loopback written as a number", () => `http://2130706433:${internalPort}/foto.png`],
  ["the unspecified address (this machine)", () => `http://0.0.0.0:${internalPort}/foto.png`],
  ["loopback mapped into IPv6", () => `http://[::ffff:127.0.0.1]:${internalPort}/foto.png`],
  ["the cloud's metadata service", () => "http://169.254.169.254/latest/meta-data/"],
  ["a private network (10/8)", () => "http://10.0.0.1/foto.png"],
  ["a private network (172.16/12)", () => "http://172.16.0.1/foto.png"],
  ["a private network (192.168/16)", () => "http://192.168.0.1/foto.png"],
  ["shared address space (100.64/10)", () => "http://100.64.0.1/foto.png"],
  ["an IPv6 unique local address", () => "http://[fd00::1]/foto.png"],
  ["a public site redirecting to loopback", () => `${site.url}/para-loopback`],
  ["a public site redirecting to a name for loopback", () => `${site.url}/para-localhost`],
  ["a public site redirecting to the metadata service", () => `${site.url}/para-metadados`],
  ["a public site redirecting to a file", () => `${site.url}/para-arquivo`],
  ["a public site redirecting in circles", () => `${site.url}/em-circulo`],
];

describe("an image URL on an address that is not public", () => {
  it("is fetched from a public site, through its redirect (the trusted origin stands for one)", async () => {
    const answer = await pages.create(productForm({ imageUrl: `${site.url}/para-foto` }));
    expect(answer).toMatchObject({ ok: true });
    const row = await productRow(store.context, (answer as { productId: number }).productId);
    expect(row!.image).toMatch(/^\/uploads\/products\/[\w-]+\.webp$/);
  });

  it.each(REFUSED)("refuses %s, creating nothing and keeping no file", async (_, url) => {
    const before = await storedImages();
    const name = `Interno ${Math.random()}`;
    const answer = await pages.create(productForm({ name, imageUrl: url() }));
    expect(answer).toEqual({ intent: "create", ok: false, errors: { image: UNREACHABLE } });
    expect((await pages.list(`?q=${encodeURIComponent(name)}`)).matching).toBe(0);
    expect(await storedImages()).toEqual(before);
  });

  it("leaves a product and its gallery as they were", async () => {
    const product = await createProduct(store.database.db);
    const unchanged = await productRow(store.context, product.id);
    const loopback = `http://127.0.0.1:${internalPort}/foto.png`;
    const edited = await pages.edit(
      product.id,
      productForm({ intent: "update", name: "Mudaria", imageUrl: `${site.url}/para-loopback` }),
    );
    expect(edited).toMatchObject({ ok: false, errors: { image: UNREACHABLE } });
    expect(await pages.edit(product.id, { intent: "gallery-add", imageUrl: loopback })).toEqual({
      intent: "gallery-add",
      ok: false,
      errors: { galleryImage: UNREACHABLE },
    });
    expect(await productRow(store.context, product.id)).toEqual(unchanged);
    expect((await pages.view(product.id)).product.gallery).toEqual([]);
  });
});
