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
      SHUTDOWN_DRAIN_SECONDS: 5,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("allows a shutdown with no drain", () => {
    expect(loadEnv({ SHUTDOWN_DRAIN_SECONDS: "0" }).SHUTDOWN_DRAIN_SECONDS).toBe(0);
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
    ["SHUTDOWN_DRAIN_SECONDS", "-1"],
    ["SHUTDOWN_DRAIN_SECONDS", "2.5"],
    ["SHUTDOWN_DRAIN_SECONDS", "cinco"],
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
    ["BACKUP_EVERY", "diário"],
    ["BACKUP_EVERY", "24"],
    ["BACKUP_EVERY", "0h"],
    ["BACKUP_EVERY", "1,5h"],
    ["BACKUP_KEEP", "0"],
  ])("refuses %s=%s with one line naming the variable", (variable, value) => {
    const error = configErrorOf({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(new RegExp(`^Configuração inválida: ${variable} \\S`));
    expect(error.message).not.toContain("\n");
  });

  it("takes no scheduled backups by default, and daily ones keeping 7 once BACKUP_DIR is set", () => {
    expect(loadEnv({}).BACKUP_DIR).toBeUndefined();
    expect(loadEnv({ BACKUP_DIR: "/var/backups/vitrine" })).toMatchObject({
      BACKUP_DIR: "/var/backups/vitrine",
      BACKUP_EVERY: 24 * 60 * 60_000,
      BACKUP_KEEP: 7,
    });
    expect(["30m", "6h", "2d", "45s"].map((every) => loadEnv({ BACKUP_EVERY: every }).BACKUP_EVERY)).toEqual([
      30 * 60_000,
      6 * 60 * 60_000,
      2 * 24 * 60 * 60_000,
      45_000,
    ]);
    expect(configErrorOf({ BACKUP_EVERY: "diário" }).message).toBe(
      "Configuração inválida: BACKUP_EVERY deve ser um intervalo como 30m, 6h ou 1d",
    );
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

  it("keeps photos on the local disk by default and requires the bucket's variables with STORAGE=s3", () => {
    expect(loadEnv({}).STORAGE).toBe("local");
    const bucket = { STORAGE: "s3", S3_BUCKET: "fotos", S3_ACCESS_KEY_ID: "chave" };
    expect(configErrorOf(bucket).message).toBe(
      "Configuração inválida: S3_SECRET_ACCESS_KEY é obrigatório quando STORAGE=s3",
    );
    expect(configErrorOf({ STORAGE: "disco" }).message).toBe(
      "Configuração inválida: STORAGE deve ser local ou s3",
    );
    expect(loadEnv({ ...bucket, S3_SECRET_ACCESS_KEY: "segredo" })).toMatchObject({
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: false,
    });
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

  it("follows deliveries with the Correios by all of their variables or none", () => {
    const correios = {
      CORREIOS_USER: "loja",
      CORREIOS_ACCESS_CODE: "codigo",
      CORREIOS_POSTING_CARD: "0073423759",
    };
    expect(loadEnv(correios)).toMatchObject({ ...correios, CORREIOS_API_URL: "https://api.correios.com.br" });
    expect(configErrorOf({ ...correios, CORREIOS_POSTING_CARD: "" }).message).toBe(
      "Configuração inválida: CORREIOS_POSTING_CARD é obrigatório com CORREIOS_USER",
    );
    expect(configErrorOf({ CORREIOS_POSTING_CARD: "0073423759" }).variable).toBe("CORREIOS_USER");
    expect(configErrorOf({ ...correios, CORREIOS_POSTING_CARD: "cartão 1" }).message).toBe(
      "Configuração inválida: CORREIOS_POSTING_CARD deve ter só dígitos",
    );
  });

  it("reads booleans the way people write them", () => {
    expect(loadEnv({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(loadEnv({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
    expect(loadEnv({ SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
  });

  it("reads the payment defaults as integers: percentages in basis points, reais in centavos", () => {
    expect(loadEnv({})).toMatchObject({
      PIX_DISCOUNT_PERCENT: 0,
      MAX_INSTALLMENTS: 12,
      INSTALLMENTS_WITHOUT_INTEREST: 12,
      MIN_INSTALLMENT: 500,
      INSTALLMENT_INTEREST_PERCENT: 0,
    });
    expect(
      loadEnv({
        PIX_DISCOUNT_PERCENT: "7,5",
        MIN_INSTALLMENT: "10.50",
        INSTALLMENT_INTEREST_PERCENT: "1,99",
      }),
    ).toMatchObject({ PIX_DISCOUNT_PERCENT: 750, MIN_INSTALLMENT: 1050, INSTALLMENT_INTEREST_PERCENT: 199 });
    expect(configErrorOf({ PIX_DISCOUNT_PERCENT: "51" }).message).toBe(
      "Configuração inválida: PIX_DISCOUNT_PERCENT deve ser uma porcentagem de 0 a 50, ex.: 5 ou 7,5",
    );
    expect(configErrorOf({ MAX_INSTALLMENTS: "25" }).message).toBe(
      "Configuração inválida: MAX_INSTALLMENTS deve estar entre 1 e 24",
    );
  });
});
