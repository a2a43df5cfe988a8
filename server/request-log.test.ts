import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../app/config/logger.server";
import { routeTableOfConfig } from "../tests/support/route-table";
import { createRequestLog, type AnsweredRequest } from "./request-log";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers every request through the request log at `level`; its lines and hand-overs. */
async function loggedServer(level: "info" | "debug") {
  const lines: Record<string, unknown>[] = [];
  const answered: AnsweredRequest[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const log = createRequestLog(
    createLogger({ LOG_LEVEL: level }, destination),
    routeTableOfConfig(),
    (request) => answered.push(request),
  );
  server = http.createServer((req, res) => {
    log.follow(req, res);
    res.setHeader("Set-Cookie", "vitrine.session_token=segredo-da-resposta");
    res.setHeader("Content-Security-Policy", "default-src 'self'");
    res.end("ok");
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, lines, answered };
}

const request = (url: string) =>
  fetch(`${url}/auth/reset-password?token=SegredoDoLink`, {
    headers: { cookie: "vitrine.session_token=segredo-do-pedido", authorization: "Bearer segredo" },
  }).then((response) => response.text());

describe("the request log's line", () => {
  it("carries no header at info", async () => {
    const { url, lines, answered } = await loggedServer("info");
    await request(url);
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatchObject({
      route: "/auth/reset-password",
      path: "/auth/reset-password",
      status: 200,
    });
    expect(JSON.stringify(lines[0])).not.toMatch(/segredo|Segredo|default-src/);
    expect(answered).toMatchObject([{ method: "GET", route: "/auth/reset-password", status: 200 }]);
  });

  it("carries the headers at debug, with cookies, credentials and the link's token hidden", async () => {
    const { url, lines } = await loggedServer("debug");
    await request(url);
    await expect.poll(() => lines.length).toBe(1);
    const text = JSON.stringify(lines[0]);
    expect(text).toContain("default-src 'self'");
    expect(text).toContain("/auth/reset-password?token=%5Boculto%5D");
    expect(text).not.toMatch(/segredo|Segredo/);
  });
});
