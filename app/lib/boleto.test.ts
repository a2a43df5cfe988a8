import { describe, expect, it } from "vitest";
import {
  boletoBarcode,
  digitableLineDigits,
  digitableLineOf,
  dueDateFactor,
  formatDigitableLine,
} from "./boleto";

// A Banco do Brasil boleto of R$ 1,00 as its bank printed it: barcode and linha digitável.
const BARCODE = "00193373700000001000500940144816060680935031";
const LINE = "00190500954014481606906809350314337370000000100";
/** Its due date: factor 3737, 3737 days after 07/10/1997. */
const DUE_AT = new Date(Date.UTC(1997, 9, 7, 15) + 3737 * 86_400_000);

describe("boletos", () => {
  it("regroups a barcode into its linha digitável, with each field's check digit", () => {
    expect(digitableLineOf(BARCODE)).toBe(LINE);
    expect(digitableLineOf("123")).toBeNull();
  });

  it("writes a barcode with its check digit from the bank, due date, amount and free field", () => {
    const freeField = BARCODE.slice(19);
    expect(boletoBarcode({ bank: "001", dueAt: DUE_AT, amountCents: 100, freeField })).toBe(BARCODE);
  });

  it("counts the due date factor from 1000 again after 21/02/2025", () => {
    expect(dueDateFactor(new Date("2000-07-03T15:00:00Z"))).toBe("1000");
    expect(dueDateFactor(new Date("2025-02-21T15:00:00Z"))).toBe("9999");
    expect(dueDateFactor(new Date("2025-02-22T15:00:00Z"))).toBe("1000");
    // São Paulo's day: 01:00 UTC on the 23rd is still the 22nd there.
    expect(dueDateFactor(new Date("2025-02-23T01:00:00Z"))).toBe("1000");
  });

  it("shows a linha digitável in its five usual groups, and reads it back written any way", () => {
    const shown = formatDigitableLine(LINE);
    expect(shown).toBe("00190.50095 40144.816069 06809.350314 3 37370000000100");
    expect(digitableLineDigits(shown)).toBe(LINE);
    expect(digitableLineDigits("0019050095")).toBeNull();
    expect(digitableLineDigits(null)).toBeNull();
  });
});
