import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeBling, type FakeBling } from "../../../../tests/support/fake-bling-server";
import { readBody } from "../../../../tests/support/http";
import { verifyBlingSignature } from "./bling-webhook.server";

const SECRET = "client-secret-vitrine";
const BODY = '{"eventId":"01","event":"invoice.updated","data":{"id":12,"situacao":5}}';
const sign = (body: string, secret = SECRET) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

describe("verifyBlingSignature", () => {
  it("accepts the HMAC-SHA256 of the raw body keyed with the client secret", () => {
    expect(verifyBlingSignature(BODY, sign(BODY), SECRET)).toBe(true);
  });

  it("refuses a signature made with another secret", () => {
    expect(verifyBlingSignature(BODY, sign(BODY, "outro-segredo"), SECRET)).toBe(false);
  });

  it("refuses a missing or malformed header", () => {
    expect(verifyBlingSignature(BODY, undefined, SECRET)).toBe(false);
    expect(verifyBlingSignature(BODY, "", SECRET)).toBe(false);
    expect(verifyBlingSignature(BODY, sign(BODY).slice("sha256=".length), SECRET)).toBe(false);
    expect(verifyBlingSignature(BODY, sign(BODY).replace("sha256=", "sha1="), SECRET)).toBe(false);
  });

  it("refuses a signature of a different length", () => {
    expect(verifyBlingSignature(BODY, sign(BODY).slice(0, -2), SECRET)).toBe(false);
    expect(verifyBlingSignature(BODY, `${sign(BODY)}00`, SECRET)).toBe(false);
  });

  it("refuses a body changed by one byte", () => {
    const changed = BODY.replace('"situacao":5', '"situacao":6');
    expect(changed).toHaveLength(BODY.length);
    expect(verifyBlingSignature(changed, sign(BODY), SECRET)).toBe(false);
  });
});

describe("the fake's sendWebhook", () => {
  let fake: FakeBling;
  let store: http.Server;
  let url: string;
  const received: { body: string; signature: string | undefined }[] = [];
  beforeAll(async () => {
    fake = await startFakeBling({ clientId: "client-id", clientSecret: SECRET });
    store = http.createServer(async (req, res) => {
      const body = await readBody(req);
      const signature = req.headers["x-bling-signature-256"] as string | undefined;
      received.push({ body, signature });
      res.writeHead(verifyBlingSignature(body, signature, SECRET) ? 200 : 401).end();
    });
    await new Promise<void>((resolve) => store.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(store.address() as AddressInfo).port}/webhooks/bling`;
  });
  afterAll(async () => {
    await fake?.stop();
    await new Promise<void>((resolve) => store.close(() => resolve()));
  });

  it("signs with the client secret, so the store accepts it, unless told to sign otherwise", async () => {
    const event = { event: "invoice.updated", data: { id: 12, situacao: 5 }, eventId: "e-1" };
    expect(await fake.sendWebhook(url, event)).toBe(200);
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      eventId: "e-1",
      event: "invoice.updated",
      version: "v1",
    });
    expect(await fake.sendWebhook(url, event, { secret: "outro" })).toBe(401);
    expect(await fake.sendWebhook(url, event, { signature: "sha256=00" })).toBe(401);
    expect(received[2]!.signature).toBe("sha256=00");
  });
});
