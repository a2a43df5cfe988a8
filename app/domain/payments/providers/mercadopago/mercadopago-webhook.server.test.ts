import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyMercadoPagoSignature } from "./mercadopago-webhook.server";

const SECRET = "segredo";
const NOW = Date.UTC(2026, 10, 26, 15, 0, 0);
const TS = NOW / 1000;
const hmac = (manifest: string) => createHmac("sha256", SECRET).update(manifest).digest("hex");

describe("verifyMercadoPagoSignature", () => {
  it("accepts Mercado Pago's HMAC of the manifest, with ts in seconds or milliseconds", () => {
    const signature = `ts=${TS},v1=${hmac(`id:123;request-id:abc;ts:${TS};`)}`;
    expect(verifyMercadoPagoSignature({ signature, requestId: "abc", dataId: "123" }, SECRET, NOW)).toBe(
      true,
    );
    const inMs = `ts=${NOW},v1=${hmac(`id:123;request-id:abc;ts:${NOW};`)}`;
    expect(
      verifyMercadoPagoSignature({ signature: inMs, requestId: "abc", dataId: "123" }, SECRET, NOW),
    ).toBe(true);
  });

  it("signs an alphanumeric data.id lower-cased, and leaves out a missing request id", () => {
    const signature = `ts=${TS},v1=${hmac(`id:ord01abc;ts:${TS};`)}`;
    expect(verifyMercadoPagoSignature({ signature, requestId: null, dataId: "ORD01ABC" }, SECRET, NOW)).toBe(
      true,
    );
  });

  it("refuses a delivery signed more than 10 minutes from now, either way", () => {
    for (const ts of [TS - 601, TS + 601]) {
      const signature = `ts=${ts},v1=${hmac(`id:123;request-id:abc;ts:${ts};`)}`;
      expect(verifyMercadoPagoSignature({ signature, requestId: "abc", dataId: "123" }, SECRET, NOW)).toBe(
        false,
      );
    }
  });

  it("answers false, without throwing, for a missing, garbled or foreign signature", () => {
    const valid = `ts=${TS},v1=${hmac(`id:123;request-id:abc;ts:${TS};`)}`;
    const parts = { requestId: "abc", dataId: "123" };
    for (const signature of [
      null,
      "",
      "v1=abc",
      `ts=${TS}`,
      `ts=${TS},v1=zz`,
      "ts=agora,v1=00",
      `ts=${TS},v1=00`,
    ]) {
      expect(verifyMercadoPagoSignature({ ...parts, signature }, SECRET, NOW)).toBe(false);
    }
    expect(verifyMercadoPagoSignature({ ...parts, signature: valid }, "outro segredo", NOW)).toBe(false);
    expect(verifyMercadoPagoSignature({ ...parts, signature: valid }, "", NOW)).toBe(false);
    expect(verifyMercadoPagoSignature({ ...parts, signature: valid, dataId: null }, SECRET, NOW)).toBe(false);
    expect(verifyMercadoPagoSignature({ ...parts, signature: valid, requestId: "xyz" }, SECRET, NOW)).toBe(
      false,
    );
  });
});
