import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./content-security-policy";

describe("contentSecurityPolicy", () => {
  it("lets forms post only to the store, unless a sign-in provider is configured", () => {
    expect(contentSecurityPolicy([], false)).toContain("form-action 'self';");
    expect(contentSecurityPolicy([], false, ["https://accounts.google.com"])).toContain(
      "form-action 'self' https://accounts.google.com;",
    );
  });
});
