import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildBrCode, crc16, parseBrCode, type BrCodeFields } from "./br-code";

// Published examples of valid static BR Codes.
const KEY_ONLY =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR" +
  "5913Fulano de Tal6008BRASILIA62070503***63041D3D";
const WITH_AMOUNT =
  "00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR" +
  "5914Thales Ogliari6015SAO MIGUEL DO O62070503***63044367";

const base = { pixKey: "loja@vitrine.com.br", merchantName: "Vitrine", merchantCity: "Sao Paulo", txid: "" };

const template = (fields: BrCodeFields, id: string) => fields[id] as BrCodeFields;

describe("crc16", () => {
  it("is CRC16/CCITT-FALSE", () => {
    expect(crc16("123456789")).toBe("29B1");
  });
});

describe("parseBrCode", () => {
  it("reads published codes into their fields", () => {
    expect(parseBrCode(KEY_ONLY)).toEqual({
      "00": "01",
      "26": { "00": "br.gov.bcb.pix", "01": "123e4567-e12b-12d1-a456-426655440000" },
      "52": "0000",
      "53": "986",
      "58": "BR",
      "59": "Fulano de Tal",
      "60": "BRASILIA",
      "62": { "05": "***" },
      "63": "1D3D",
    });
    expect(parseBrCode(WITH_AMOUNT)).toMatchObject({
      "26": { "02": "Pedido 123" },
      "54": "10.00",
      "60": "SAO MIGUEL DO O",
    });
  });

  it("refuses a code with one character changed", () => {
    const altered = WITH_AMOUNT.replace("10.00", "90.00");
    expect(() => parseBrCode(altered)).toThrow(/CRC/);
  });

  it("refuses a length that runs past the end", () => {
    const truncated = "000201" + "26990014br.gov.bcb.pix" + "6304";
    expect(() => parseBrCode(truncated + crc16(truncated))).toThrow(/26 declara 99 caracteres/);
  });

  it("refuses a code without a CRC", () => {
    expect(() => parseBrCode("000201")).toThrow(/campo 63/);
  });
});

describe("buildBrCode", () => {
  it("reproduces a published code from its fields", () => {
    const code = buildBrCode({
      pixKey: "thalesog@me.com",
      description: "Pedido 123",
      merchantName: "Thales Ogliari",
      merchantCity: "SAO MIGUEL DO O",
      amountCents: 1000,
      txid: "",
    });
    expect(code).toBe(WITH_AMOUNT);
  });

  it("marks a one-time code with field 01 = 12 and writes each length in two digits", () => {
    const code = buildBrCode({ ...base, amountCents: 5, txid: "abc", oneTime: true });
    expect(code.startsWith("000201010212")).toBe(true);
    const fields = parseBrCode(code);
    expect(fields["54"]).toBe("0.05");
    expect(template(fields, "62")["05"]).toBe("abc");
    expect(code).toContain("5907Vitrine");
  });

  it("leaves out the amount and the description when not given", () => {
    const fields = parseBrCode(buildBrCode(base));
    expect(fields["54"]).toBeUndefined();
    expect(fields["01"]).toBeUndefined();
    expect(template(fields, "26")["02"]).toBeUndefined();
  });

  it("removes accents and cuts the name at 25 and the city at 15", () => {
    const fields = parseBrCode(
      buildBrCode({
        ...base,
        merchantName: "Comércio de Eletrônicos Ação Ltda",
        merchantCity: "São José dos Campos",
        description: "Pedido nº 7",
      }),
    );
    expect(fields["59"]).toBe("Comercio de Eletronicos A");
    expect(fields["60"]).toBe("SAO JOSE DOS CA");
    expect(template(fields, "26")["02"]).toBe("Pedido no 7");
    expect(parseBrCode(buildBrCode({ ...base, merchantCity: "São Paulo" }))["60"]).toBe("SAO PAULO");
  });

  it("keeps only letters and digits of the txid, at most 25, and *** when none is left", () => {
    const long = parseBrCode(buildBrCode({ ...base, txid: "pedido-0123_4567-89ab-cdef-0123-4567" }));
    expect(template(long, "62")["05"]).toBe("pedido0123456789abcdef012");
    expect(template(parseBrCode(buildBrCode({ ...base, txid: "--" })), "62")["05"]).toBe("***");
  });

  it("refuses a field longer than 99 characters", () => {
    expect(() => buildBrCode({ ...base, description: "x".repeat(80) })).toThrow(/campo 26/);
  });

  it("refuses an amount that is not a positive number of centavos", () => {
    expect(() => buildBrCode({ ...base, amountCents: 0 })).toThrow(/valor/);
    expect(() => buildBrCode({ ...base, amountCents: 10.5 })).toThrow(/valor/);
  });

  it("writes the largest order the spec allows in field 54's 13 characters, and refuses more", () => {
    // 50 lines of 100 units at R$ 1.000.000,00.
    const fields = parseBrCode(buildBrCode({ ...base, amountCents: 500_000_000_000 }));
    expect(fields["54"]).toBe("5000000000.00");
    expect(parseBrCode(buildBrCode({ ...base, amountCents: 999_999_999_999 }))["54"]).toBe("9999999999.99");
    expect(() => buildBrCode({ ...base, amountCents: 1_000_000_000_000 })).toThrow(/valor grande demais/);
  });

  it("round-trips any amount and txid through parseBrCode", () => {
    const txid = fc.stringMatching(/^[A-Za-z0-9]{1,25}$/);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999_999 }), txid, (amountCents, id) => {
        const fields = parseBrCode(buildBrCode({ ...base, amountCents, txid: id, oneTime: true }));
        expect(Math.round(Number(fields["54"]) * 100)).toBe(amountCents);
        expect(template(fields, "62")["05"]).toBe(id);
        expect(fields["01"]).toBe("12");
      }),
    );
  });
});
