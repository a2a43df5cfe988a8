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
  const ignored = { ignored: true };

  it("reads a completed or expired charge's correlation id, kept as the status it announces", () => {
    expect(parseWooviEvent(body)).toEqual({ eventType: "COMPLETED", chargeId: "pedido-1" });
    const expired = JSON.stringify({
      event: "OPENPIX:CHARGE_EXPIRED",
      charge: { correlationID: "pedido-2" },
    });
    expect(parseWooviEvent(expired)).toEqual({ eventType: "EXPIRED", chargeId: "pedido-2" });
  });

  it("reads a refund the store sent by its transaction's end-to-end id", () => {
    for (const event of ["PIX_TRANSACTION_REFUND_SENT_CONFIRMED", "PIX_TRANSACTION_REFUND_SENT_REJECTED"]) {
      const sent = JSON.stringify({
        event,
        refundTransaction: { value: 1990, endToEndId: "D5481141720250814", type: "REFUND" },
        originalTransaction: { value: 1990, endToEndId: "E3168015120250814", type: "PAYMENT" },
      });
      expect(parseWooviEvent(sent)).toEqual({ eventType: `refund:${event}`, chargeId: "D5481141720250814" });
    }
    const deprecated = JSON.stringify({
      event: "OPENPIX:TRANSACTION_REFUND_RECEIVED",
      charge: { correlationID: "pedido-1" },
      pix: { value: 1990, endToEndId: "D2311444720220916" },
    });
    expect(parseWooviEvent(deprecated)).toEqual({
      eventType: "refund:OPENPIX:TRANSACTION_REFUND_RECEIVED",
      chargeId: "D2311444720220916",
    });
  });

  it("reads a dispute (MED) by the disputed payment's end-to-end id, under either of Woovi's names", () => {
    for (const event of ["OPENPIX:DISPUTE_CREATED", "woovi:DISPUTE_CREATED", "OPENPIX:DISPUTE_ACCEPTED"]) {
      const dispute = JSON.stringify({
        event,
        dispute: { status: "OPENED", endToEndId: "E3524a995bbd54034", value: 1990, disputeReason: "Golpe" },
      });
      expect(parseWooviEvent(dispute)).toEqual({
        eventType: `dispute:${event}`,
        chargeId: "E3524a995bbd54034",
      });
    }
  });

  it("ignores other events, refunds the store received and Woovi's test call", () => {
    const received = JSON.stringify({ event: "OPENPIX:TRANSACTION_RECEIVED", pix: { value: 1990 } });
    expect(parseWooviEvent(received)).toEqual(ignored);
    const refundReceived = JSON.stringify({
      event: "PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED",
      refundTransaction: { endToEndId: "D5481141720250814" },
    });
    expect(parseWooviEvent(refundReceived)).toEqual(ignored);
    expect(parseWooviEvent(JSON.stringify({ event: "toString" }))).toEqual(ignored);
    expect(parseWooviEvent(JSON.stringify({ evento: "teste_webhook" }))).toEqual(ignored);
    const dashboardTest = { evento: "teste_webhook", event: "OPENPIX:CHARGE_COMPLETED" };
    expect(parseWooviEvent(JSON.stringify(dashboardTest))).toEqual(ignored);
  });

  it("answers null for a body that is not JSON or misses what is needed", () => {
    expect(parseWooviEvent("not json")).toBeNull();
    expect(parseWooviEvent("[]")).toBeNull();
    expect(parseWooviEvent(JSON.stringify({ charge: { correlationID: "pedido-1" } }))).toBeNull();
    expect(parseWooviEvent(JSON.stringify({ event: "OPENPIX:CHARGE_COMPLETED" }))).toBeNull();
    const emptyId = { event: "OPENPIX:CHARGE_EXPIRED", charge: { correlationID: "" } };
    expect(parseWooviEvent(JSON.stringify(emptyId))).toBeNull();
    const refundWithoutId = { event: "PIX_TRANSACTION_REFUND_SENT_CONFIRMED", refundTransaction: {} };
    expect(parseWooviEvent(JSON.stringify(refundWithoutId))).toBeNull();
    expect(parseWooviEvent(JSON.stringify({ event: "OPENPIX:DISPUTE_CREATED", dispute: null }))).toBeNull();
  });
});
