import { describe, expect, it } from "vitest";
import { loadEnv } from "../../config/env.server";
import { discoveryUrlOf, signInProvidersOf } from "./sign-in-providers.server";

describe("signInProvidersOf", () => {
  it("gives Google and the OIDC provider when configured, and none otherwise", () => {
    const variables = {
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "segredo",
      OIDC_ISSUER: "https://sso.example.com/realms/loja",
      OIDC_CLIENT_ID: "vitrine",
      OIDC_CLIENT_SECRET: "segredo",
    };
    expect(
      signInProvidersOf(loadEnv(variables)).map(({ id, label, issuer }) => ({ id, label, issuer })),
    ).toEqual([
      { id: "google", label: "Google", issuer: "https://accounts.google.com" },
      { id: "oidc", label: "provedor", issuer: "https://sso.example.com/realms/loja" },
    ]);
    expect(signInProvidersOf(loadEnv({ ...variables, OIDC_NAME: "Intranet" }))[1]?.label).toBe("Intranet");
    expect(signInProvidersOf(loadEnv({}))).toEqual([]);
  });

  it("finds the discovery document under the issuer", () => {
    expect(discoveryUrlOf("https://sso.example.com/realms/loja/")).toBe(
      "https://sso.example.com/realms/loja/.well-known/openid-configuration",
    );
  });
});
