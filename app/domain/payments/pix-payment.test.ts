import { describe, expect, it } from "vitest";
import { minutesLeft, readPaymentParam, type PixPayment } from "./pix-payment";

describe("minutes left on a PIX code", () => {
  const now = Date.parse("2026-03-10T12:00:00.000Z");
  const inSeconds = (seconds: number) => new Date(now + seconds * 1000).toISOString();

  it("counts whole minutes until the code expires, rounding down", () => {
    expect(minutesLeft(inSeconds(30 * 60), now)).toBe(30);
    expect(minutesLeft(inSeconds(30 * 60 - 1), now)).toBe(29);
    expect(minutesLeft(inSeconds(59), now)).toBe(0);
  });

  it("shows 0, never a negative count, once the code has expired", () => {
    expect(minutesLeft(inSeconds(0), now)).toBe(0);
    expect(minutesLeft(inSeconds(-10 * 60), now)).toBe(0);
  });

  it("reads an expiry written with a Brazilian offset", () => {
    expect(minutesLeft("2026-03-10T09:15:00-03:00", now)).toBe(15);
  });
});

describe("the payment page's data parameter", () => {
  const payment: PixPayment = {
    brCode: "00020101021226",
    qrCodeBase64: "iVBORw0KGgo=",
    amount: 259.8,
    expiresAt: "2026-03-10T12:30:00.000Z",
  };

  it("gives the payment it carries", () => {
    expect(readPaymentParam(JSON.stringify(payment))).toEqual({ payment, problem: null });
  });

  it("says the payment data was not found when the parameter is missing or empty", () => {
    for (const data of [null, ""]) {
      expect(readPaymentParam(data)).toEqual({
        payment: null,
        problem: "Dados de pagamento não encontrados",
      });
    }
  });

  it("says the payment data could not be loaded when it is not a payment", () => {
    for (const data of [
      "{não é json",
      "null",
      "[]",
      JSON.stringify({ ...payment, amount: "259,80" }),
      JSON.stringify({ ...payment, expiresAt: "amanhã" }),
      JSON.stringify({ ...payment, qrCodeBase64: "<script>" }),
      JSON.stringify({ brCode: payment.brCode }),
    ]) {
      expect(readPaymentParam(data), data).toEqual({
        payment: null,
        problem: "Erro ao carregar dados de pagamento",
      });
    }
  });
});
