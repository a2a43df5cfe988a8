import proxyAddr from "proxy-addr";
import { z } from "../lib/zod";
import { parseBRLToCents } from "../lib/money";

/** The demo admin password of the README: fine on a laptop, refused on a public store. */
export const DEMO_ADMIN_PASSWORD = "vitrine-admin";

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no", "sim", "não"], {
    error: "deve ser true ou false",
  })
  .transform((value) => ["true", "1", "yes", "sim"].includes(value));

const httpUrl = z.url({ protocol: /^https?$/, error: "deve ser uma URL http(s) válida" });
/** A link to the store's page elsewhere (social network, marketplace): shoppers leave over https only. */
const httpsUrl = z.url({ protocol: /^https$/, error: "deve ser uma URL https:// válida" });

/** A number with up to two decimals ("7,5", "5.00"), as hundredths: basis points, or centavos. */
const hundredths = (message: string, max: number) =>
  z
    .string()
    .transform((text) => parseBRLToCents(text))
    .refine((value) => value !== null && value <= max, message)
    .transform(Number);
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: "deve ser um número" })
    .int("deve ser um número inteiro")
    .min(min, `deve estar entre ${min} e ${max}`)
    .max(max, `deve estar entre ${min} e ${max}`);

const DURATION_UNITS_MS = { s: 1_000, m: 60_000, h: 60 * 60_000, d: 24 * 60 * 60_000 };

/** "30m", "6h", "1d" (or "45s") in milliseconds; null for anything else. */
function durationMs(text: string): number | null {
  const match = /^([1-9]\d{0,5})(s|m|h|d)$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * DURATION_UNITS_MS[match[2] as keyof typeof DURATION_UNITS_MS];
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    PORT: z.coerce
      .number({ error: "deve ser um número de porta" })
      .int("deve ser um número inteiro")
      .min(0, "deve estar entre 0 e 65535")
      .max(65535, "deve estar entre 0 e 65535")
      .default(3000),
    HOST: z.string().default("0.0.0.0"),
    PUBLIC_URL: httpUrl.optional(),
    // On SIGTERM, how long /readyz answers 503 while the listener still serves (docs/decisions/0026).
    SHUTDOWN_DRAIN_SECONDS: z.coerce
      .number({ error: "deve ser um número de segundos" })
      .int("deve ser um número inteiro")
      .min(0, "deve estar entre 0 e 300")
      .max(300, "deve estar entre 0 e 300")
      .default(5),
    // Express's `trust proxy`: the proxies whose X-Forwarded-For and X-Forwarded-Proto are believed.
    TRUST_PROXY: z
      .string()
      .refine(isProxyList, "deve listar endereços ou sub-redes (ex.: loopback, 10.0.0.0/8)")
      .default("loopback"),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, "deve ser uma URL postgres://…")
      .optional(),
    AUTH_SECRET: z.string().min(32, "deve ter pelo menos 32 caracteres").optional(),
    METRICS_TOKEN: z.string().min(16, "deve ter pelo menos 16 caracteres").optional(),
    ADMIN_EMAIL: z.email("deve ser um e-mail válido").default("admin@vitrine.local"),
    ADMIN_PASSWORD: z.string().min(8, "deve ter pelo menos 8 caracteres").default(DEMO_ADMIN_PASSWORD),
    ADMIN_PANEL_PASSWORD: z.string().min(8, "deve ter pelo menos 8 caracteres").optional(),
    PIX_PROVIDER: z.enum(["sandbox", "woovi"], { error: "deve ser sandbox ou woovi" }).default("sandbox"),
    PIX_KEY: z.string().min(1).max(77, "deve ter no máximo 77 caracteres").default("contato@vitrine.local"),
    // Unset: the store's name and its address's city in the owner's settings (sandbox-pix-provider).
    PIX_MERCHANT_NAME: z.string().min(1).max(25, "deve ter no máximo 25 caracteres").optional(),
    PIX_MERCHANT_CITY: z.string().min(1).max(15, "deve ter no máximo 15 caracteres").optional(),
    PIX_EXPIRES_MINUTES: z.coerce
      .number({ error: "deve ser um número de minutos" })
      .int("deve ser um número inteiro")
      .min(1, "deve estar entre 1 e 1440")
      .max(1440, "deve estar entre 1 e 1440")
      .default(30),
    WOOVI_API_URL: httpUrl.default("https://api.openpix.com.br"),
    WOOVI_APP_ID: z.string().min(1).optional(),
    WOOVI_WEBHOOK_PUBLIC_KEY: z.string().min(1).optional(),
    // Card and boleto payments (decision 0031). Unset: the sandbox's with the sandbox's PIX, so the
    // store as installed shows both methods; none with a real PIX provider.
    CARD_PROVIDER: z
      .enum(["none", "sandbox", "mercadopago"], { error: "deve ser none, sandbox ou mercadopago" })
      .optional(),
    // How long the customer has to pay on the card provider's checkout, and a boleto's due date.
    CARD_EXPIRES_MINUTES: z.coerce
      .number({ error: "deve ser um número de minutos" })
      .int("deve ser um número inteiro")
      .min(5, "deve estar entre 5 e 1440")
      .max(1440, "deve estar entre 5 e 1440")
      .default(60),
    BOLETO_EXPIRES_DAYS: wholeNumber(1, 30).default(3),
    MERCADOPAGO_API_URL: httpUrl.default("https://api.mercadopago.com"),
    MERCADOPAGO_ACCESS_TOKEN: z.string().min(1).optional(),
    MERCADOPAGO_WEBHOOK_SECRET: z.string().min(1).optional(),
    // First-start defaults of the store settings' payment section (docs/decisions/0029): the PIX
    // discount and the card instalments. Percentages are read as basis points, reais as centavos.
    PIX_DISCOUNT_PERCENT: hundredths("deve ser uma porcentagem de 0 a 50, ex.: 5 ou 7,5", 5_000).default(0),
    MAX_INSTALLMENTS: wholeNumber(1, 24).default(12),
    INSTALLMENTS_WITHOUT_INTEREST: wholeNumber(1, 24).default(12),
    MIN_INSTALLMENT: hundredths("deve ser um valor em reais até 10.000,00, ex.: 5,00", 1_000_000).default(
      500,
    ),
    INSTALLMENT_INTEREST_PERCENT: hundredths("deve ser uma porcentagem de 0 a 10, ex.: 1,99", 1_000).default(
      0,
    ),
    CEP_API_URL: httpUrl.default("https://viacep.com.br/ws"),
    // The Correios' tracking marks shipped orders delivered; unset, delivery is the admin's word.
    CORREIOS_API_URL: httpUrl.default("https://api.correios.com.br"),
    CORREIOS_USER: z.string().min(1).optional(),
    CORREIOS_ACCESS_CODE: z.string().min(1).optional(),
    CORREIOS_POSTING_CARD: z
      .string()
      .regex(/^\d{1,20}$/, "deve ter só dígitos")
      .optional(),
    // Freight quotes by Melhor Envio (issue 52): the token made in its panel; the sandbox's base
    // is https://sandbox.melhorenvio.com.br/api/v2/me.
    MELHOR_ENVIO_API_URL: httpUrl.default("https://melhorenvio.com.br/api/v2/me"),
    MELHOR_ENVIO_TOKEN: z.string().min(1).optional(),
    // The ERP hand-off (issue 54): Bling's API v3; the application's id and secret are settings.
    BLING_API_URL: httpUrl.default("https://api.bling.com.br/Api/v3"),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "deve ser uma URL smtp:// ou smtps://" }).optional(),
    MAIL_FROM: z.string().min(3).default("Vitrine <nao-responda@vitrine.local>"),
    SUPPORT_EMAIL: z.email("deve ser um e-mail válido").default("contato@vitrine.local"),
    WHATSAPP_NUMBER: z
      .string()
      .regex(/^\d{12,13}$/, "deve ter 12 ou 13 dígitos com DDI e DDD, ex.: 5511999999999")
      .default("5511999999999"),
    // The store's pages elsewhere; each link is shown only when its variable is set.
    INSTAGRAM_URL: httpsUrl.optional(),
    MERCADO_LIVRE_URL: httpsUrl.optional(),
    AMAZON_URL: httpsUrl.optional(),
    SHOPEE_URL: httpsUrl.optional(),
    MAGALU_URL: httpsUrl.optional(),
    SEED_DEMO: booleanText.default(true),
    // Scheduled backups (docs/decisions/0023): unset, the store takes none.
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_EVERY: z
      .string()
      .transform((text, context) => {
        const milliseconds = durationMs(text);
        if (milliseconds === null) {
          context.addIssue({ code: "custom", message: "deve ser um intervalo como 30m, 6h ou 1d" });
          return z.NEVER;
        }
        return milliseconds;
      })
      .default(24 * 60 * 60_000),
    BACKUP_KEEP: wholeNumber(1, 1000).default(7),
    // Where uploaded photos live: this process's disk, or a bucket every instance shares.
    STORAGE: z.enum(["local", "s3"], { error: "deve ser local ou s3" }).default("local"),
    S3_ENDPOINT: httpUrl.optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanText.default(false),
    S3_PUBLIC_URL: httpUrl.optional(),
    // Sign-in with Google and with any OpenID Connect provider (docs/decisions/0016-oidc-sign-in.md).
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_ISSUER: httpUrl.optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_NAME: z.string().max(40, "deve ter no máximo 40 caracteres").optional(),
  })
  .superRefine((env, context) => {
    if (env.PUBLIC_URL?.startsWith("https:")) {
      for (const key of ["ADMIN_PASSWORD", "ADMIN_PANEL_PASSWORD"] as const) {
        if (env[key] === DEMO_ADMIN_PASSWORD) {
          context.addIssue({
            code: "custom",
            path: [key],
            message:
              "não pode ser a senha de demonstração numa loja pública (PUBLIC_URL https); defina outra",
          });
        }
      }
    }
    for (const group of ALL_OR_NONE_VARIABLES) {
      const given = group.find((key) => env[key] !== undefined);
      const missing = group.find((key) => env[key] === undefined);
      if (given && missing) {
        context.addIssue({ code: "custom", path: [missing], message: `é obrigatório com ${given}` });
      }
    }
    if (env.STORAGE === "s3") {
      for (const key of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[key]) {
          context.addIssue({ code: "custom", path: [key], message: "é obrigatório quando STORAGE=s3" });
        }
      }
    }
    if (env.CARD_PROVIDER === "mercadopago") {
      for (const key of ["MERCADOPAGO_ACCESS_TOKEN", "MERCADOPAGO_WEBHOOK_SECRET"] as const) {
        if (!env[key]) {
          context.addIssue({
            code: "custom",
            path: [key],
            message: "é obrigatório quando CARD_PROVIDER=mercadopago",
          });
        }
      }
    }
    if (env.PIX_PROVIDER !== "woovi") return;
    for (const key of ["WOOVI_APP_ID", "WOOVI_WEBHOOK_PUBLIC_KEY"] as const) {
      if (!env[key]) {
        context.addIssue({ code: "custom", path: [key], message: "é obrigatório quando PIX_PROVIDER=woovi" });
      }
    }
  })
  .transform((env) => ({
    ...env,
    CARD_PROVIDER: env.CARD_PROVIDER ?? (env.PIX_PROVIDER === "sandbox" ? "sandbox" : "none"),
  }));

/** A provider (a sign-in's, the carrier's tracking) is configured by all of its variables or none. */
const ALL_OR_NONE_VARIABLES = [
  ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"],
  ["CORREIOS_USER", "CORREIOS_ACCESS_CODE", "CORREIOS_POSTING_CARD"],
] as const;

function isProxyList(value: string): boolean {
  try {
    proxyAddr.compile(value.split(",").map((entry) => entry.trim()));
    return true;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Configuração inválida: ${variable} ${reason}`);
    this.name = "ConfigError";
  }
}

/** Validates the process environment; an empty value counts as unset. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const values = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const result = envSchema.safeParse(values);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new ConfigError(String(issue.path[0] ?? "?"), issue.message);
}

/** A wrong setting stops the command with its one line; any other error is thrown on. */
export function exitOnConfigError(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
