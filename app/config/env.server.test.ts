import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "./env.server";

function configErrorOf(source: NodeJS.ProcessEnv): ConfigError {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("a configuração deveria ter sido recusada");
}

describe("loadEnv", () => {
  it("gives the documented defaults for an empty environment", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      PIX_PROVIDER: "sandbox",
      PIX_EXPIRES_MINUTES: 30,
      CEP_API_URL: "https://viacep.com.br/ws",
      SEED_DEMO: true,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("treats an empty value as unset", () => {
    const env = loadEnv({ PORT: "", DATABASE_URL: "  " });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "80.5"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["PUBLIC_URL", "localhost:3000"],
    ["ADMIN_EMAIL", "admin"],
    ["PIX_PROVIDER", "stripe"],
    ["PIX_EXPIRES_MINUTES", "0"],
    ["SEED_DEMO", "talvez"],
    ["WHATSAPP_NUMBER", "(11) 99999-9999"],
    ["CEP_API_URL", "ftp://example.com"],
    ["OIDC_ISSUER", "accounts.example.com"],
    ["INSTAGRAM_URL", "http://www.instagram.com/vitrine"],
    ["MERCADO_LIVRE_URL", "javascript:alert(1)"],
    ["AMAZON_URL", "www.amazon.com.br/loja"],
    ["SHOPEE_URL", "ftp://shopee.com.br/vitrine"],
    ["MAGALU_URL", "magalu"],
    ["METRICS_TOKEN", "curto"],
  ])("refuses %s=%s with one line naming the variable", (variable, value) => {
    const error = configErrorOf({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(new RegExp(`^Configuração inválida: ${variable} \\S`));
    expect(error.message).not.toContain("\n");
  });

  it("takes the store's pages elsewhere as https URLs, none by default", () => {
    expect(loadEnv({}).INSTAGRAM_URL).toBeUndefined();
    const env = loadEnv({
      INSTAGRAM_URL: "https://www.instagram.com/loja",
      MERCADO_LIVRE_URL: "https://www.mercadolivre.com.br/pagina/loja",
    });
    expect([env.INSTAGRAM_URL, env.MERCADO_LIVRE_URL, env.AMAZON_URL]).toEqual([
      "https://www.instagram.com/loja",
      "https://www.mercadolivre.com.br/pagina/loja",
      undefined,
    ]);
  });

  it("requires the Woovi credentials when the Woovi provider is chosen", () => {
    expect(configErrorOf({ PIX_PROVIDER: "woovi" }).variable).toBe("WOOVI_APP_ID");
    expect(
      loadEnv({ PIX_PROVIDER: "woovi", WOOVI_APP_ID: "app", WOOVI_WEBHOOK_PUBLIC_KEY: "key" }).PIX_PROVIDER,
    ).toBe("woovi");
  });

  it("configures a sign-in provider by all of its variables or none", () => {
    expect(configErrorOf({ GOOGLE_CLIENT_ID: "id" }).message).toBe(
      "Configuração inválida: GOOGLE_CLIENT_SECRET é obrigatório com GOOGLE_CLIENT_ID",
    );
    expect(configErrorOf({ OIDC_CLIENT_SECRET: "segredo" }).variable).toBe("OIDC_ISSUER");
    expect(configErrorOf({ OIDC_ISSUER: "https://sso.example.com", OIDC_CLIENT_ID: "id" }).variable).toBe(
      "OIDC_CLIENT_SECRET",
    );
  });

  it("reads booleans the way people write them", () => {
    expect(loadEnv({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(loadEnv({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
    expect(loadEnv({ SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
  });
});
