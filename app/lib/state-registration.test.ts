import { describe, expect, it } from "vitest";
import { compactStateRegistration, isStateRegistration, stateRegistrationText } from "./state-registration";

describe("state registration", () => {
  it.each([
    ["110.042.490.114", "110042490114"],
    [" 062.307.904/0081 ", "0623079040081"],
    ["isento", "ISENTO"],
    [" Isento ", "ISENTO"],
    ["", ""],
  ])("keeps %j as %j", (typed, stored) => {
    expect(compactStateRegistration(typed)).toBe(stored);
    expect(isStateRegistration(compactStateRegistration(typed))).toBe(true);
  });

  it.each(["1", "123456789012345", "12AB34", "isenta", "<b>1234</b>"])("refuses %j", (typed) => {
    expect(isStateRegistration(compactStateRegistration(typed))).toBe(false);
  });

  it("names an exempt company and one that gave none", () => {
    expect(stateRegistrationText("ISENTO")).toBe("Isento");
    expect(stateRegistrationText(null)).toBe("Não contribuinte do ICMS");
    expect(stateRegistrationText("110042490114")).toBe("110042490114");
  });
});
