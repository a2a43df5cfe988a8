import { describe, expect, it } from "vitest";
import { gatePathFor, panelPathAfterGate } from "./gate-path";

const afterGate = (redirectTo: string) =>
  panelPathAfterGate(new URL(`https://loja.example/admin/gate?${new URLSearchParams({ redirectTo })}`));

describe("the admin gate's way back", () => {
  it("remembers the panel page asked for, with its query", () => {
    const asked = new URL("https://loja.example/admin/orders?status=pending&page=2");
    expect(gatePathFor(asked)).toBe("/admin/gate?redirectTo=%2Fadmin%2Forders%3Fstatus%3Dpending%26page%3D2");
    expect(panelPathAfterGate(new URL(gatePathFor(asked), asked))).toBe(
      "/admin/orders?status=pending&page=2",
    );
  });

  it("opens the dashboard for anything outside the panel, the gate itself included", () => {
    for (const target of [
      "",
      "//evil.example/admin",
      "https://evil.example/admin",
      "/\\evil.example",
      "/account",
      "/administrator",
      "/admin/gate?redirectTo=%2Fadmin",
      "/admin/../account",
    ]) {
      expect(afterGate(target), target).toBe("/admin");
    }
    expect(afterGate("/admin/users")).toBe("/admin/users");
  });
});
