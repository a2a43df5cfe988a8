import type http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { rawRequest } from "../support/http";
import { setUpStartedStore } from "../support/started-store";

// Files answered before the Express stack: the build's scripts and stylesheet, from memory once
// read (server/static-files.ts), and the stored files on the disk (server/uploads.ts).

const started = setUpStartedStore();

/** The answer as it comes off the wire, not decoded (fetch would undo the encoding). */
const raw = (path: string, acceptEncoding: string, method = "GET", headers: http.OutgoingHttpHeaders = {}) =>
  rawRequest(started.store.url, path, { method, headers: { "accept-encoding": acceptEncoding, ...headers } });

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync, identity: (body: Buffer) => body };

/** The home page's scripts and its stylesheet. */
async function assetsOfHome() {
  const html = await (await fetch(`${started.store.url}/`)).text();
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g))];
  expect(assets).toEqual(
    expect.arrayContaining([expect.stringMatching(/\.css$/), expect.stringMatching(/^\/assets\/framework-/)]),
  );
  return assets;
}

describe("the build's hashed assets", () => {
  it("are the same bytes in every encoding, from the first request to the last", async () => {
    for (const asset of await assetsOfHome()) {
      const original = (await raw(asset, "identity")).bytes;
      expect(original.length).toBeGreaterThan(0);
      for (const encoding of ["br", "gzip", "identity"] as const) {
        // The first answer comes from the disk while the copy is read, the later ones from memory.
        for (let request = 0; request < 3; request++) {
          const answer = await raw(asset, encoding);
          expect(answer.status).toBe(200);
          expect(answer.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
          expect(Number(answer.headers["content-length"])).toBe(answer.bytes.length);
          expect(DECODE[encoding](answer.bytes).equals(original), `${asset} ${encoding}`).toBe(true);
          expect(answer.headers).toMatchObject({
            "content-type": asset.endsWith(".css")
              ? /^text\/css; charset=utf-8$/i
              : /^text\/javascript; charset=utf-8$/i,
            "cache-control": "public, max-age=31536000, immutable",
            vary: "Accept-Encoding",
            "x-content-type-options": "nosniff",
            "cross-origin-resource-policy": "same-origin",
          });
          expect(answer.headers["x-request-id"]).toMatch(/^[\w-]+$/);
          expect(answer.headers["content-security-policy"]).toBeUndefined();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    }
  });

  it("come in brotli to a browser, which names gzip first", async () => {
    for (const asset of await assetsOfHome()) {
      for (let request = 0; request < 3; request++) {
        const answer = await raw(asset, "gzip, deflate, br, zstd");
        expect(answer.headers["content-encoding"], asset).toBe("br");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });

  it("answer HEAD with the headers alone, and refuse other methods", async () => {
    const [asset] = await assetsOfHome();
    const get = await raw(asset!, "br");
    for (let request = 0; request < 2; request++) {
      const head = await raw(asset!, "br", "HEAD");
      expect(head.status).toBe(200);
      expect(head.bytes.length).toBe(0);
      expect(head.headers["content-length"]).toBe(String(get.bytes.length));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const post = await fetch(`${started.store.url}${asset}`, {
      method: "POST",
      headers: { origin: started.store.url },
    });
    expect(post.status).toBe(405);
    expect(await post.text()).not.toMatch(/at \w+ \(|node_modules/);
  });

  it("send the store's not-found page for a name the build does not hold", async () => {
    for (let request = 0; request < 2; request++) {
      const response = await fetch(`${started.store.url}/assets/framework-naoexiste.js`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Página não encontrada");
    }
  });
});

describe("the stored files on the disk", () => {
  /** A product photo the catalogue shows. */
  async function photo() {
    const html = await (await fetch(`${started.store.url}/catalog`)).text();
    return html.match(/\/uploads\/products\/[\w.-]+\.webp/)![0];
  }

  it("are sent as images kept for good, with validators, ranges and a subresource's headers", async () => {
    const path = await photo();
    const answer = await raw(path, "gzip, deflate, br");
    expect(answer.status).toBe(200);
    expect(answer.bytes.subarray(0, 4).toString()).toBe("RIFF");
    expect(answer.bytes.subarray(8, 12).toString()).toBe("WEBP");
    expect(answer.headers).toMatchObject({
      "content-type": "image/webp",
      "content-length": String(answer.bytes.length),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "same-origin",
    });
    expect(answer.headers["x-request-id"]).toMatch(/^[\w-]+$/);
    expect(answer.headers["content-encoding"]).toBeUndefined();

    const again = await raw(path, "br", "GET", { "if-none-match": answer.headers.etag });
    expect(again.status).toBe(304);
    const start = await raw(path, "br", "GET", { range: "bytes=0-3" });
    expect(start.status).toBe(206);
    expect(start.body).toBe("RIFF");
    const head = await raw(path, "br", "HEAD");
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
  });

  it("send the store's not-found page for a file that is not there", async () => {
    const response = await fetch(`${started.store.url}/uploads/products/nao-existe-0-0123456789.webp`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Página não encontrada");
  });

  it("never reach outside their folder", async () => {
    // The store's secret sits beside the folder, in DATA_DIR.
    for (const path of [
      "/uploads/%2e%2e/auth-secret",
      "/uploads/..%2fauth-secret",
      "/uploads/products/../../auth-secret",
    ]) {
      const answer = await raw(path, "identity");
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toContain("Página não encontrada");
    }
  });
});
