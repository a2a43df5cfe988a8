import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rawRequest } from "../tests/support/http";
import { routeTableOfConfig } from "../tests/support/route-table";
import { createPageCache } from "./page-cache";
import { createRequestOrigin } from "./request-origin";
import { createVisitorPages } from "./visitor-pages";

let version: number | null = 1;
/** The stock announcements the server heard: a mark, and each product's last announcement. */
let stockMark = 0;
const stockChanges = new Map<number, number>();
let renders: string[] = [];
let nextResponse: () => Response;
let server: http.Server;
let baseUrl: string;

const page = (script: string) =>
  new Response(
    `<!doctype html><html><body><script>${script}</script><script src="/assets/a.js"></script></body></html>`,
    {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    },
  );

beforeAll(async () => {
  const visitorPages = createVisitorPages({
    cache: createPageCache(1024 * 1024),
    catalog: () =>
      version === null
        ? null
        : {
            current: () => version,
            stockMark: () => stockMark,
            stockChangedSince: (ids, mark) => ids.some((id) => (stockChanges.get(id) ?? 0) > mark),
          },
    origin: createRequestOrigin({ publicUrl: undefined, trustProxy: "loopback" }),
    routes: routeTableOfConfig(),
    securityHeaders: [["X-Frame-Options", "DENY"]],
    https: false,
  });
  const app = express();
  app.use(
    visitorPages.renderAndStore(async (request, _req, shownProducts) => {
      const { pathname, search } = new URL(request.url);
      renders.push(pathname + search);
      const productId = /^\/product\/(\d+)$/.exec(pathname)?.[1];
      if (productId) shownProducts.add(Number(productId));
      return nextResponse();
    }),
  );
  app.use((_req, res) => {
    renders.push("not shared");
    res.send("rendered for this user");
  });
  server = http.createServer((req, res) => {
    if (!visitorPages.serveFromCache(req, res, "pedido-de-teste")) app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  version = 1;
  renders = [];
  nextResponse = () => page("window.a = 1");
});

describe("visitors' page cache", () => {
  it("renders a public page once and serves it from the cache until the catalogue changes", async () => {
    const first = await fetch(`${baseUrl}/product/7`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const second = await fetch(`${baseUrl}/product/7`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(renders).toEqual(["/product/7"]);

    version = 2;
    expect((await fetch(`${baseUrl}/product/7`)).headers.get("x-cache")).toBe("MISS");
    expect(renders).toEqual(["/product/7", "/product/7"]);
  });

  it("shares one copy of a page that reads no query string", async () => {
    await fetch(`${baseUrl}/product/11?utm_source=newsletter`);
    expect((await fetch(`${baseUrl}/product/11?x=${Math.random()}`)).headers.get("x-cache")).toBe("HIT");
    expect(renders).toEqual(["/product/11"]);
  });

  it("drops only the pages showing a product whose stock changed", async () => {
    await fetch(`${baseUrl}/product/21`);
    await fetch(`${baseUrl}/product/22`);
    stockMark += 1;
    stockChanges.set(21, stockMark);
    expect((await fetch(`${baseUrl}/product/21`)).headers.get("x-cache")).toBe("MISS");
    expect((await fetch(`${baseUrl}/product/22`)).headers.get("x-cache")).toBe("HIT");
    expect((await fetch(`${baseUrl}/product/21`)).headers.get("x-cache")).toBe("HIT");
    expect(renders).toEqual(["/product/21", "/product/22", "/product/21"]);
  });

  it("keeps one catalogue page per query string", async () => {
    await fetch(`${baseUrl}/catalog?q=fone`);
    await fetch(`${baseUrl}/catalog?q=mouse`);
    expect((await fetch(`${baseUrl}/catalog?q=fone`)).headers.get("x-cache")).toBe("HIT");
    expect(renders).toEqual(["/catalog?q=fone", "/catalog?q=mouse"]);
  });

  it("allows the page's inline scripts by hash, not by a nonce", async () => {
    const response = await fetch(`${baseUrl}/`);
    const policy = response.headers.get("content-security-policy") ?? "";
    const hash = createHash("sha256").update("window.a = 1").digest("base64");
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).not.toContain("nonce-");
  });

  it("compresses a cached page once per encoding the browser accepts", async () => {
    await fetch(`${baseUrl}/official-reseller`);
    const brotli = await fetch(`${baseUrl}/official-reseller`, { headers: { "accept-encoding": "br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(await brotli.text()).toContain("window.a = 1");
  });

  it("sends a browser the page in brotli, though it names gzip first", async () => {
    const answer = await rawRequest(baseUrl, "/official-reseller", {
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.bytes).toString()).toContain("window.a = 1");
  });

  it("sends an uncached public page with the policy of its own scripts and its cookies", async () => {
    nextResponse = () =>
      new Response("<html><script>window.b = 2</script></html>", {
        status: 404,
        headers: [
          ["Content-Type", "text/html"],
          ["Set-Cookie", "a=1"],
          ["Set-Cookie", "b=2"],
        ],
      });
    const response = await fetch(`${baseUrl}/product/404`);
    expect(response.status).toBe(404);
    expect(response.headers.get("x-cache")).toBe("BYPASS");
    const hash = createHash("sha256").update("window.b = 2").digest("base64");
    expect(response.headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  });

  it("never shares a page with a signed-in customer", async () => {
    const cookie = "vitrine.session_token=abc";
    await fetch(`${baseUrl}/product/8`, { headers: { cookie } });
    await fetch(`${baseUrl}/product/8`, { headers: { cookie } });
    expect(renders).toEqual(["not shared", "not shared"]);
  });

  it("does not keep errors, responses that set cookies, or non-public paths", async () => {
    nextResponse = () => new Response("não encontrado", { status: 404 });
    await fetch(`${baseUrl}/product/9`);
    await fetch(`${baseUrl}/product/9`);
    nextResponse = () => new Response("ok", { headers: { "Set-Cookie": "a=1" } });
    await fetch(`${baseUrl}/catalog?x=1`);
    await fetch(`${baseUrl}/catalog?x=1`);
    await fetch(`${baseUrl}/cart`);
    expect(renders).toEqual(["/product/9", "/product/9", "/catalog", "/catalog", "not shared"]);
  });

  it("gives a Host it cannot build a URL from, or an absolute-form target, no shared copy", async () => {
    for (const host of ["loja:99999", "evil.example/<x>"]) {
      const response = await rawRequest(baseUrl, "/product/12", { headers: { Host: host } });
      expect(response.body).toBe("rendered for this user");
    }
    const absolute = await rawRequest(baseUrl, "http://evil.example/product/12");
    expect(absolute.body).toBe("rendered for this user");
    expect(renders).toEqual(["not shared", "not shared", "not shared"]);
  });

  it("renders without caching while the catalogue version is unknown", async () => {
    version = null;
    await fetch(`${baseUrl}/product/10`);
    await fetch(`${baseUrl}/product/10`);
    expect(renders).toEqual(["not shared", "not shared"]);
  });
});
