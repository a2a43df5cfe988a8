import { describe, expect, it } from "vitest";
import { isValidGtin } from "./gtin";

describe("isValidGtin", () => {
  it("takes the GTINs of each length whose check digit is right", () => {
    // EAN-13 of a Brazilian product, EAN-8, UPC-A and a GTIN-14 of a case.
    for (const gtin of ["7891234567895", "96385074", "036000291452", "10012345678902"]) {
      expect(isValidGtin(gtin), gtin).toBe(true);
    }
  });

  it("refuses a wrong check digit, a length GS1 does not use, and anything but digits", () => {
    for (const gtin of [
      "7891234567894",
      "96385075",
      "036000291453",
      "10012345678903",
      "1234567",
      "12345678901",
      "789123456789X",
      "",
    ]) {
      expect(isValidGtin(gtin), gtin).toBe(false);
    }
  });
});
