import { describe, expect, it } from "vitest";
import { useBrowser, suiteStoreURL } from "../support/browser";

describe("server-rendered pages", () => {
  const browser = useBrowser({ javaScriptEnabled: false });

  it("renders the home page on the server, in pt-BR, with at most six featured products", async () => {
    const { page } = browser;
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(await page.locator("html").getAttribute("lang")).toBe("pt-BR");
    await expect.poll(() => page.title()).toContain("Vitrine");
    const featured = page.getByRole("region", { name: "Produtos em destaque" }).getByRole("listitem");
    expect(await featured.count()).toBeGreaterThan(0);
    expect(await featured.count()).toBeLessThanOrEqual(6);
    await expect.poll(() => featured.first().textContent()).toMatch(/R\$\s?[\d.]+,\d{2}/);
  });

  it("answers an unknown path with the 404 page and status 404", async () => {
    const { page } = browser;
    const response = await page.goto("/pagina/que-nao-existe");
    expect(response?.status()).toBe(404);
    expect(await page.getByText("Oops! Page not found").isVisible()).toBe(true);
    expect(await page.getByText("Página não encontrada", { exact: false }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Ver o catálogo" }).getAttribute("href")).toBe("/catalog");
    await page.getByRole("link", { name: "Voltar para o início" }).click();
    await page.waitForURL(browser.baseURL + "/");
  });
});

describe("HTTP shell", () => {
  const baseURL = suiteStoreURL();

  it("reports the process up and the database ready", async () => {
    const health = await fetch(`${baseURL}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${baseURL}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok" });
  });

  it("sends security headers, a request id and compressed HTML", async () => {
    const response = await fetch(`${baseURL}/`, { headers: { "accept-encoding": "gzip" } });
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'self'");
    // A page shared by all visitors allows its inline scripts by hash; a personal page, by nonce.
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    const personal = await fetch(`${baseURL}/cart`);
    expect(personal.headers.get("content-security-policy")).toMatch(
      /script-src 'self' 'nonce-[A-Za-z0-9+/=]+';/,
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-powered-by")).toBeNull();
    expect(response.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("fetches the scripts after the first paint, and gives a shared page's scripts no empty nonce", async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    expect(html).not.toContain('rel="modulepreload"');
    const moduleScript = html.match(/<script type="module"[^>]*>([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(moduleScript).toMatch(/^await new Promise\(.*requestAnimationFrame/);
    expect(moduleScript).not.toMatch(/^import /m);
    expect(html).not.toMatch(/<script[^>]* nonce=""/);
    const personal = await (await fetch(`${baseURL}/cart`)).text();
    expect(personal).toMatch(/<script nonce="[A-Za-z0-9+/=]+"/);
  });

  it("opens each of a page's scripts with V8's hint to compile all of it while it streams in", async () => {
    const html = await (await fetch(`${baseURL}/catalog`)).text();
    // React Router's manifest is data, with no function to compile.
    const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g))].filter(
      (script) => !script.startsWith("/assets/manifest-"),
    );
    expect(scripts).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/framework-/)]));
    for (const script of scripts) {
      const code = await (await fetch(`${baseURL}${script}`)).text();
      // V8 reads the hint on a script's first line only.
      expect(code.split("\n", 1)[0], script).toBe("//# allFunctionsCalledOnLoad");
    }
  });

  it("serves hashed assets with immutable caching and only a subresource's security headers", async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const asset = html.match(/\/assets\/[\w.-]+-[\w-]{8}\.js/)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${baseURL}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    // What governs documents only stays off the 20-30 files each page fetches.
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("x-frame-options")).toBeNull();
  });

  it("serves the icon each page names, as a PNG", async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const icon = html.match(/<link rel="icon" href="([^"]+)" type="image\/png"\/>/)?.[1];
    expect(icon).toBe("/favicon.png");
    const response = await fetch(`${baseURL}${icon}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it("never shows a stack trace for a missing asset", async () => {
    const response = await fetch(`${baseURL}/assets/nao-existe-12345678.js`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toMatch(/at \w+ \(|node_modules/);
  });
});

describe("the store's pages with their scripts", () => {
  const browser = useBrowser();

  it.each(["/", "/catalog", "/product/1", "/cart", "/auth"])(
    "run %s's scripts within the Content Security Policy",
    async (path) => {
      const { page } = browser;
      // A violation a script catches (a library trying `new Function`) reaches no console: the
      // document's event still tells it.
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { cspViolations: seen });
        document.addEventListener("securitypolicyviolation", (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      await page.goto(path);
      expect(
        await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      ).toEqual([]);
    },
  );
});
