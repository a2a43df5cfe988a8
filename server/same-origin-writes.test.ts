import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../tests/support/http";
import { createRequestOrigin } from "./request-origin";
import { sameOriginWrites } from "./same-origin-writes";

const REFUSED = "Requisição de outra origem recusada";

/** A store shell with only the check in front of an action that answers "feito". */
function setUpShell(publicUrl: string | undefined) {
  const shell = { url: "" };
  let server: http.Server;
  beforeAll(async () => {
    const app = express();
    app.use((req, _res, next) => {
      req.log = pino({ level: "silent" });
      next();
    });
    app.use(
      sameOriginWrites(/^\/api\/webhooks\//, createRequestOrigin({ publicUrl, trustProxy: "loopback" })),
    );
    app.use((_req, res) => res.send("feito"));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    shell.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  return shell;
}

const post = (url: string, headers: http.OutgoingHttpHeaders, path = "/auth") =>
  rawRequest(url, path, { method: "POST", headers, body: "intent=login" });

describe("writes to a store with PUBLIC_URL", () => {
  const shell = setUpShell("https://loja.example.com.br:8443/");

  it("accepts a form from PUBLIC_URL's origin whatever Host a proxy passed (port dropped)", async () => {
    const answer = await post(shell.url, {
      Host: "loja.example.com.br",
      Origin: "https://loja.example.com.br:8443",
      "Sec-Fetch-Site": "same-origin",
    });
    expect(answer).toMatchObject({ status: 200, body: "feito" });
  });

  it("refuses a form from another site, or from PUBLIC_URL's host on another scheme or port", async () => {
    for (const origin of [
      "https://evil.example",
      "http://loja.example.com.br:8443",
      "https://loja.example.com.br",
      "null",
    ]) {
      const answer = await post(shell.url, { Host: "loja.example.com.br:8443", Origin: origin });
      expect(answer, origin).toMatchObject({ status: 403, body: REFUSED });
    }
  });

  it("refuses a form naming its own Host as origin when that is not PUBLIC_URL's", async () => {
    const answer = await post(shell.url, { Host: "evil.example", Origin: "http://evil.example" });
    expect(answer).toMatchObject({ status: 403, body: REFUSED });
  });

  it("refuses what the browser reports as cross-site, and lets signed webhooks through", async () => {
    const crossSite = await post(shell.url, {
      Origin: "https://loja.example.com.br:8443",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(crossSite).toMatchObject({ status: 403, body: REFUSED });
    const webhook = await post(shell.url, { Origin: "https://evil.example" }, "/api/webhooks/woovi");
    expect(webhook).toMatchObject({ status: 200, body: "feito" });
  });
});

describe("writes to a store without PUBLIC_URL", () => {
  const shell = setUpShell(undefined);

  it("accepts a form whose origin names the Host the request came to", async () => {
    const host = new URL(shell.url).host;
    for (const origin of [`http://${host}`, `https://${host}`]) {
      const answer = await post(shell.url, { Origin: origin, "Sec-Fetch-Site": "same-origin" });
      expect(answer, origin).toMatchObject({ status: 200, body: "feito" });
    }
  });

  it("refuses a form from another host, or from the same host name on another port", async () => {
    for (const origin of ["http://evil.example", "http://127.0.0.1:1", "null"]) {
      const answer = await post(shell.url, { Origin: origin });
      expect(answer, origin).toMatchObject({ status: 403, body: REFUSED });
    }
  });

  it("lets a client that names no origin write (not a browser, so no forged form)", async () => {
    expect(await post(shell.url, {})).toMatchObject({ status: 200, body: "feito" });
  });
});
