import { describe, expect, it } from "vitest";
import { initials } from "./initials";

describe("initials", () => {
  it.each([
    ["Maria da Silva", "MS"],
    ["joão", "J"],
    ["  Ana   Paula  Souza ", "AS"],
    ["Élio Ávila", "ÉÁ"],
  ])("%s → %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it("falls back to the e-mail, and never exceeds two letters", () => {
    expect(initials("", "carla@example.com")).toBe("C");
    expect(initials(null, "")).toBe("?");
    expect(initials("A B C D E").length).toBeLessThanOrEqual(2);
  });
});
