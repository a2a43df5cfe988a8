import { describe, expect, it } from "vitest";
import { withScriptsAfterFirstPaint } from "./scripts-after-first-paint";

// The shape React Router 7's <Scripts> renders: preloads in the head, an inline module script.
const page = [
  '<html><head><link rel="modulepreload" href="/assets/entry.client-a.js"/>',
  '<link rel="modulepreload" href="/assets/root-b.js" nonce="n0"/>',
  '<link nonce="" rel="stylesheet" href="/assets/root-c.css"/></head><body><main>Loja</main>',
  "<script>window.__reactRouterContext = {};</script>",
  '<script nonce="n0" type="module" async="">import "/assets/manifest-e.js";',
  'import * as route0 from "/assets/root-b.js";',
  'import * as route1 from "/assets/home-d.js";',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  "",
  'import("/assets/entry.client-a.js");</script></body></html>',
].join("\n");

describe("withScriptsAfterFirstPaint", () => {
  const html = withScriptsAfterFirstPaint(page);
  const script = html.match(/<script nonce="n0" type="module" async="">([\s\S]*?)<\/script>/)?.[1] ?? "";

  it("takes the module preloads out of the head, leaving the stylesheet", () => {
    expect(html).not.toContain('modulepreload" href');
    expect(html).toContain('<link nonce="" rel="stylesheet" href="/assets/root-c.css"/></head>');
  });

  it("waits for the first frame, then preloads the same modules at low priority", () => {
    expect(script.startsWith("await new Promise(")).toBe(true);
    expect(script).toContain('["/assets/entry.client-a.js","/assets/root-b.js"]');
    expect(script).toContain('fetchPriority: "low"');
  });

  it("lets the browser take a turn after each preload, so none makes a long task", () => {
    expect(script).toMatch(
      /for \(const href of \[.*?\]\) \{ document\.head\.append\(.*?\); await \(globalThis\.scheduler\?\.yield\?\.\(\) \?\? new Promise\(\(resolve\) => setTimeout\(resolve\)\)\); \}/,
    );
  });

  it("imports the route modules and the manifest dynamically, then starts the client as before", () => {
    expect(script).not.toMatch(/^import /m);
    expect(script).toContain(
      'const [route0, route1] = await Promise.all(["/assets/root-b.js","/assets/home-d.js","/assets/manifest-e.js"].map((url) => import(url)));',
    );
    const order = ["Promise.all", "__reactRouterRouteModules", 'import("/assets/entry'];
    const positions = order.map((text) => script.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("leaves the other scripts and a page without a module script as they are", () => {
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
    const plain = '<html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>';
    expect(withScriptsAfterFirstPaint(plain)).toBe(plain);
  });
});
