import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NORMALISED_ESCAPES } from "../../tests/support/redirect-attacks";
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
    "/\t/evil.example",
    "\u0000/account",
    "",
    null,
    undefined,
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
  });

  it.each(NORMALISED_ESCAPES)("refuses %j, which resolves to another host", (value) => {
    expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
  });

  it("resolves harmless dot segments to the path a browser would open", () => {
    expect(safeRedirectPath("/a/../checkout")).toBe("/checkout");
  });

  it("keeps percent-encoded characters encoded", () => {
    expect(safeRedirectPath("/%0d%0aevil")).toBe("/%0d%0aevil");
  });

  /** Paths built from the pieces that matter to a URL parser, so that escapes are actually tried. */
  const pathLike = fc
    .array(fc.constantFrom("/", "\\", ".", "..", "%2e", "%2E", "a", "evil.com", "\t", "?#", "@:", "é"), {
      maxLength: 6,
    })
    .map((pieces) => `/${pieces.join("")}`);

  it.each([
    ["any string", fc.string()],
    ["any path-like string", pathLike],
  ])("never leads to another origin, whatever the input (%s)", (_, input) => {
    fc.assert(
      fc.property(input, (value) => {
        const target = safeRedirectPath(value);
        expect(new URL(target, "http://store.invalid").origin).toBe("http://store.invalid");
        expect(new URL(target, "https://loja.example").origin).toBe("https://loja.example");
        expect(target.startsWith("//") || target.startsWith("/\\")).toBe(false);
        // eslint-disable-next-line no-control-regex
        expect(target).not.toMatch(/[\u0000-\u001f\u007f]/);
      }),
      { numRuns: 5_000 },
    );
  });
});
