import { describe, expect, it } from "vitest";
import { issuedBy } from "./two-factor.server";

describe("the authenticator app's entry", () => {
  it("is listed under the store's name of the moment, for the same account and secret", () => {
    const uri = issuedBy(
      "otpauth://totp/Vitrine:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Vitrine&digits=6&period=30",
      "Loja São Jorge & Cia",
    );
    expect(decodeURIComponent(uri.pathname)).toBe("/Loja São Jorge & Cia:ana@example.com");
    expect(uri.searchParams.get("issuer")).toBe("Loja São Jorge & Cia");
    expect(uri.searchParams.get("secret")).toBe("JBSWY3DPEHPK3PXP");
    expect(uri.searchParams.get("period")).toBe("30");
  });
});
