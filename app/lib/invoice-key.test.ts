import { describe, expect, it } from "vitest";
import { compactInvoiceKey, invoiceKeyCheckDigit, isInvoiceKey } from "./invoice-key";

// The key of the Manual de Orientação do Contribuinte's example: its check digit is 5.
const KEY = "52060433009911002506550120000007800267301615";

describe("an NF-e's access key", () => {
  it("is 44 digits whose last checks the others by modulo 11", () => {
    expect(invoiceKeyCheckDigit(KEY.slice(0, 43))).toBe("5");
    expect(isInvoiceKey(KEY)).toBe(true);
    expect(isInvoiceKey(`${KEY.slice(0, 43)}4`)).toBe(false);
    expect(isInvoiceKey(KEY.slice(0, 43))).toBe(false);
    expect(isInvoiceKey(`${KEY.slice(0, 43)}a`)).toBe(false);
  });

  it("takes 0 for a remainder of 0 or 1", () => {
    // 43 zeros sum to 0.
    expect(invoiceKeyCheckDigit("0".repeat(43))).toBe("0");
    expect(isInvoiceKey("0".repeat(44))).toBe(true);
  });

  it("is read as a DANFE prints it, in groups of four", () => {
    expect(compactInvoiceKey("5206 0433 0099 1100 2506 5501 2000 0007 8002 6730 1615")).toBe(KEY);
  });
});
