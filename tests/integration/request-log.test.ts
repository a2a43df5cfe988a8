import { describe, expect, it } from "vitest";
import { demoProduct } from "../support/orders";
import { setUpStartedStore } from "../support/started-store";

// Issue 25, point 8: one short line per request, whatever answered it; no headers, no query string.

const started = setUpStartedStore();

interface RequestLine {
  level: number;
  msg: string;
  reqId: string;
  method: string;
  route: string;
  path: string;
  status: number;
  responseTime: number;
  cache?: string;
  req?: unknown;
  res?: unknown;
}

/** The store's line about the request answered with `response`, once written. */
async function lineOf(response: Response): Promise<{ line: RequestLine; text: string }> {
  const requestId = response.headers.get("x-request-id")!;
  await response.arrayBuffer();
  for (let attempt = 0; attempt < 50; attempt++) {
    const text = started.store
      .output()
      .split("\n")
      .find((entry) => entry.includes(`"reqId":"${requestId}"`) && entry.includes('"responseTime"'));
    if (text) return { line: JSON.parse(text) as RequestLine, text };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nenhuma linha de log para ${requestId}`);
}

describe("the request log", () => {
  it("writes one line per request: method, route pattern, path, status, duration, id and cache result", async () => {
    const path = `/product/${demoProduct("Smartphone Lume A15 64 GB").id}`;
    const miss = await lineOf(await fetch(`${started.store.url}${path}?utm_source=x`));
    const hit = await lineOf(await fetch(`${started.store.url}${path}`));
    for (const [{ line }, cache] of [
      [miss, "miss"],
      [hit, "hit"],
    ] as const) {
      expect(line).toMatchObject({
        level: 30,
        method: "GET",
        route: "/product/:id",
        path,
        status: 200,
        cache,
      });
      expect(line.responseTime).toBeGreaterThanOrEqual(0);
      expect(line.req).toBeUndefined();
      expect(line.res).toBeUndefined();
    }
    expect(miss.text).not.toContain("utm_source");
    expect(miss.text).not.toContain("Content-Security-Policy");
    expect(miss.text.length).toBeLessThan(400);
  });

  it("keeps the query string out, with the token of a reset link in it", async () => {
    const { line, text } = await lineOf(
      await fetch(`${started.store.url}/auth/reset-password?token=SegredoDoLink123`),
    );
    expect(line).toMatchObject({ route: "/auth/reset-password", path: "/auth/reset-password", status: 200 });
    expect(line.cache).toBeUndefined();
    expect(text).not.toContain("SegredoDoLink123");
  });

  it("names a script and a product image by the path asked for, under their own routes", async () => {
    const html = await (await fetch(`${started.store.url}/catalog`)).text();
    const script = html.match(/\/assets\/framework-[\w-]+\.js/)![0];
    const image = html.match(/\/uploads\/products\/[\w.-]+\.webp/)![0];
    const compressed = await lineOf(
      await fetch(`${started.store.url}${script}`, { headers: { "accept-encoding": "br" } }),
    );
    expect(compressed.line).toMatchObject({ route: "/assets/*", path: script, status: 200 });
    const { line } = await lineOf(await fetch(`${started.store.url}${image}`));
    expect(line).toMatchObject({ route: "/uploads/*", path: image, status: 200 });
  });

  it("names a page that does not exist by the not-found route, and the caller's request id", async () => {
    const response = await fetch(`${started.store.url}/nao/existe?x=1`, {
      headers: { "X-Request-Id": "pedido-de-teste-42" },
    });
    const { line } = await lineOf(response);
    expect(line).toMatchObject({
      reqId: "pedido-de-teste-42",
      route: "/*",
      path: "/nao/existe",
      status: 404,
    });
  });
});
