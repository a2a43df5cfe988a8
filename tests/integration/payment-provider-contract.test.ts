import { eq } from "drizzle-orm";
import { describe } from "vitest";
import { loadEnv } from "../../app/config/env.server";
import { sandboxPixCharges } from "../../app/db/schema.server";
import { simulateSandboxCardPayment } from "../../app/domain/payments/providers/sandbox-card/sandbox-card-checkout.server";
import { simulateSandboxPayment } from "../../app/domain/payments/providers/sandbox-pix/sandbox-pix-provider.server";
import {
  CARD_PROVIDERS,
  PIX_PROVIDERS,
  providerNamed,
  type PixProviderFactory,
} from "../../app/domain/payments/providers/registry.server";
import { wooviWebhookRequest } from "../support/fake-woovi-server";
import { setUpPaymentFakes } from "../support/payment-fakes";
import { cardProviderContract, pixProviderContract } from "../support/payment-provider-contract";
import { TEST_BASE_URL } from "../support/test-context";
import { createMemoryPixProvider } from "../support/test-pix-provider";

// Every payment provider the store can be configured with passes the same contract, made through
// the registry as the store makes it; so does a provider that exists only here, registered by one
// line, which is all a new provider adds besides its own folder.

const WOOVI_APP_ID = "app-id-do-contrato";
const MERCADOPAGO_ACCESS_TOKEN = "APP_USR-token-do-contrato";
const MERCADOPAGO_WEBHOOK_SECRET = "segredo-do-contrato";

const fakes = setUpPaymentFakes({
  wooviAppId: WOOVI_APP_ID,
  mercadoPago: { accessToken: MERCADOPAGO_ACCESS_TOKEN, webhookSecret: MERCADOPAGO_WEBHOOK_SECRET },
});

/** What the store gives a provider, with the environment `variables` configure. */
const setting = (variables: NodeJS.ProcessEnv = {}) => ({
  env: loadEnv({ PIX_MERCHANT_NAME: "Vitrine", PIX_MERCHANT_CITY: "Sao Paulo", ...variables }),
  db: fakes.database.db,
  baseURL: TEST_BASE_URL,
});

describe("the sandbox PIX provider", () => {
  pixProviderContract(() => ({
    provider: providerNamed(PIX_PROVIDERS, "sandbox", setting()),
    pay: (chargeId) => simulateSandboxPayment(fakes.database.db, chargeId),
    async expire(chargeId) {
      await fakes.database.db
        .update(sandboxPixCharges)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(sandboxPixCharges.chargeId, chargeId));
    },
    webhook: null,
    disputeOpened: null,
  }));
});

describe("Woovi", () => {
  pixProviderContract(() => ({
    provider: providerNamed(
      PIX_PROVIDERS,
      "woovi",
      setting({
        PIX_PROVIDER: "woovi",
        WOOVI_API_URL: fakes.woovi.url,
        WOOVI_APP_ID,
        WOOVI_WEBHOOK_PUBLIC_KEY: fakes.woovi.publicKeyPem,
      }),
    ),
    pay: async (chargeId) => fakes.woovi.complete(chargeId),
    expire: async (chargeId) => fakes.woovi.expire(chargeId),
    webhook(chargeId, signature) {
      const paid = fakes.woovi.signedWebhook("OPENPIX:CHARGE_COMPLETED", chargeId);
      // Forged: a signature of Woovi's, but of another delivery.
      const other = fakes.woovi.signedWebhook("OPENPIX:CHARGE_EXPIRED", chargeId);
      return wooviWebhookRequest({
        body: paid.body,
        signature: (signature === "signed" ? paid : other).signature,
      });
    },
    disputeOpened: (chargeId) =>
      wooviWebhookRequest(fakes.woovi.signedDisputeWebhook("OPENPIX:DISPUTE_CREATED", chargeId)),
  }));
});

describe("a PIX provider registered by one line, in memory", () => {
  const memory = createMemoryPixProvider();
  const registry: Record<string, PixProviderFactory> = { ...PIX_PROVIDERS, memoria: () => memory.provider };
  pixProviderContract(() => ({
    provider: providerNamed(registry, "memoria", setting()),
    pay: async (chargeId) => memory.pay(chargeId),
    expire: async (chargeId) => memory.expire(chargeId),
    webhook: null,
    disputeOpened: null,
  }));
});

describe("the sandbox card provider", () => {
  cardProviderContract(() => ({
    provider: providerNamed(CARD_PROVIDERS, "sandbox", setting({ CARD_PROVIDER: "sandbox" })),
    async pay(checkoutId, outcome, installments) {
      const action = outcome === "approved" ? "approve" : "reject";
      const made = await simulateSandboxCardPayment(fakes.database.db, checkoutId, { action, installments });
      return made.ok ? made.paymentId : null;
    },
    webhook: null,
    dispute: null,
  }));
});

describe("Mercado Pago", () => {
  cardProviderContract(() => ({
    provider: providerNamed(
      CARD_PROVIDERS,
      "mercadopago",
      setting({
        CARD_PROVIDER: "mercadopago",
        MERCADOPAGO_API_URL: fakes.mercadoPago.url,
        MERCADOPAGO_ACCESS_TOKEN,
        MERCADOPAGO_WEBHOOK_SECRET,
      }),
    ),
    async pay(checkoutId, status, installments) {
      try {
        return fakes.mercadoPago.pay(checkoutId, { status, installments });
      } catch (error) {
        if (error instanceof Error && /expirada/.test(error.message)) return null;
        throw error;
      }
    },
    webhook: (paymentId, signature) =>
      fakes.mercadoPago.webhookRequest(
        `${TEST_BASE_URL}/api/webhooks/mercadopago?source_news=webhooks`,
        paymentId,
        signature === "signed" ? {} : { secret: "segredo-adivinhado" },
      ),
    dispute: async (paymentId) => fakes.mercadoPago.setStatus(paymentId, "in_mediation"),
  }));
});
