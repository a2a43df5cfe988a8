import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size";

describe("formatFileSize", () => {
  it("reads as a person says it, in decimal units with a comma", () => {
    expect(formatFileSize(512)).toBe("512 bytes");
    expect(formatFileSize(1_500)).toBe("1,5 kB");
    expect(formatFileSize(12_345_678)).toBe("12,3 MB");
    expect(formatFileSize(2_000_000_000)).toBe("2 GB");
  });
});
