import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseWooviEvent, verifyWooviSignature } from "./woovi-webhook.server";

const woovi = generateKeyPairSync("rsa", { modulusLength: 2048 });
const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 });
const publicKeyPem = woovi.publicKey.export({ type: "spki", format: "pem" }).toString();
const publicKeyBase64 = Buffer.from(publicKeyPem).toString("base64");

const body = JSON.stringify({
  event: "OPENPIX:CHARGE_COMPLETED",
  charge: { correlationID: "pedido-1", status: "COMPLETED", value: 1990 },
});
const signWith = (key: KeyObject, text: string) => sign("sha256", Buffer.from(text), key).toString("base64");

describe("verifyWooviSignature", () => {
  it("accepts Woovi's signature of the raw body, with the key as PEM or as base64 of a PEM", () => {
    const signature = signWith(woovi.privateKey, body);
    expect(verifyWooviSignature(body, signature, publicKeyPem)).toBe(true);
    expect(verifyWooviSignature(body, signature, publicKeyBase64)).toBe(true);
  });

  it("refuses an altered body and a signature made by another key", () => {
    const signature = signWith(woovi.privateKey, body);
    expect(verifyWooviSignature(body.replace("1990", "1"), signature, publicKeyPem)).toBe(false);
    expect(verifyWooviSignature(body, signWith(stranger.privateKey, body), publicKeyPem)).toBe(false);
  });

  it("answers false, without throwing, for a missing, empty or garbled signature or key", () => {
    const signature = signWith(woovi.privateKey, body);
    expect(verifyWooviSignature(body, null, publicKeyPem)).toBe(false);
    expect(verifyWooviSignature(body, "", publicKeyPem)).toBe(false);
    expect(verifyWooviSignature(body, "não é base64!", publicKeyPem)).toBe(false);
    expect(verifyWooviSignature(body, "AAAA", publicKeyPem)).toBe(false);
    expect(verifyWooviSignature(body, signature, "não é uma chave")).toBe(false);
  });
});

describe("parseWooviEvent", () => {
  it("reads a completed or expired charge's correlation id", () => {
    expect(parseWooviEvent(body)).toEqual({ event: "OPENPIX:CHARGE_COMPLETED", chargeId: "pedido-1" });
    const expired = JSON.stringify({
      event: "OPENPIX:CHARGE_EXPIRED",
      charge: { correlationID: "pedido-2" },
    });
    expect(parseWooviEvent(expired)).toEqual({ event: "OPENPIX:CHARGE_EXPIRED", chargeId: "pedido-2" });
  });

  it("ignores other events and Woovi's test call", () => {
    const received = JSON.stringify({ event: "OPENPIX:TRANSACTION_RECEIVED", pix: { value: 1990 } });
    expect(parseWooviEvent(received)).toEqual({ event: "ignored" });
    expect(parseWooviEvent(JSON.stringify({ evento: "teste_webhook" }))).toEqual({ event: "ignored" });
    const dashboardTest = { evento: "teste_webhook", event: "OPENPIX:CHARGE_COMPLETED" };
    expect(parseWooviEvent(JSON.stringify(dashboardTest))).toEqual({ event: "ignored" });
  });

  it("answers null for a body that is not JSON or misses what is needed", () => {
    expect(parseWooviEvent("not json")).toBeNull();
    expect(parseWooviEvent("[]")).toBeNull();
    expect(parseWooviEvent(JSON.stringify({ charge: { correlationID: "pedido-1" } }))).toBeNull();
    expect(parseWooviEvent(JSON.stringify({ event: "OPENPIX:CHARGE_COMPLETED" }))).toBeNull();
    const emptyId = { event: "OPENPIX:CHARGE_EXPIRED", charge: { correlationID: "" } };
    expect(parseWooviEvent(JSON.stringify(emptyId))).toBeNull();
  });
});
