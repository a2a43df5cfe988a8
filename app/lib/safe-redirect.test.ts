import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each(["/account", "/account/orders?page=2", "/checkout#pagar", "/"])(
    "keeps the same-site path %s",
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "account",
    "/\tevil",
    "\u0000/account",
    "",
    null,
    undefined,
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
  });

  it("keeps percent-encoded characters encoded", () => {
    expect(safeRedirectPath("/%0d%0aevil")).toBe("/%0d%0aevil");
  });

  it("never leads to another origin, whatever the input", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const target = new URL(safeRedirectPath(value), "https://loja.example");
        expect(target.origin).toBe("https://loja.example");
      }),
    );
  });
});
