import { describe, expect, it } from "vitest";
import { providerSignInMessage } from "./provider-sign-in.server";
import type { SignInProvider } from "./sign-in-providers.server";

const google: SignInProvider = {
  id: "google",
  label: "Google",
  issuer: "https://accounts.google.com",
  clientId: "id",
  clientSecret: "segredo",
};

describe("providerSignInMessage", () => {
  it("says, in pt-BR, which provider could not sign the customer in", () => {
    expect(providerSignInMessage("provedor", google)).toBe(
      "Não foi possível entrar com o Google. Tente novamente.",
    );
    expect(providerSignInMessage("provedor", { ...google, id: "oidc", label: "Intranet" })).toBe(
      "Não foi possível entrar com Intranet. Tente novamente.",
    );
  });

  it("never shows text from the URL: an unknown code gets the general message", () => {
    expect(providerSignInMessage("<b>ligue para 0800</b>", undefined)).toBe(
      "Não foi possível entrar com o provedor. Tente novamente.",
    );
    expect(providerSignInMessage(null, google)).toBeNull();
  });
});
