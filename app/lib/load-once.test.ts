import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once";

describe("loadOnce", () => {
  it("loads once for every caller, at the first call", async () => {
    let loads = 0;
    const load = loadOnce(async () => ++loads);
    expect(loads).toBe(0);
    expect(await Promise.all([load(), load()])).toEqual([1, 1]);
    expect(await load()).toBe(1);
    expect(loads).toBe(1);
  });

  it("tries again after a failed load, instead of keeping the failure", async () => {
    let attempts = 0;
    const load = loadOnce(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("Cannot find package 'sharp'");
      return "sharp";
    });
    await expect(load()).rejects.toThrow("Cannot find package 'sharp'");
    expect(await load()).toBe("sharp");
    expect(await load()).toBe("sharp");
    expect(attempts).toBe(2);
  });
});
