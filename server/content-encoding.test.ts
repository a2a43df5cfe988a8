import { describe, expect, it } from "vitest";
import { encodingFor } from "./content-encoding";

describe("the encoding a page or an asset is sent in", () => {
  it("is brotli for a browser, which names gzip first", () => {
    expect(encodingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(encodingFor("gzip, deflate, br")).toBe("br");
  });

  it("follows the client's weights before the size", () => {
    expect(encodingFor("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(encodingFor("br;q=0, gzip")).toBe("gzip");
  });

  it("is no encoding for a client that names none the store makes, or no header", () => {
    expect(encodingFor("deflate")).toBe("identity");
    expect(encodingFor(undefined)).toBe("identity");
  });

  it("is brotli for a client that takes anything", () => {
    expect(encodingFor("*")).toBe("br");
  });
});
