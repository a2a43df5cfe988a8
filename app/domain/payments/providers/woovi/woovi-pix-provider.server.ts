import { z } from "../../../../lib/zod";
import { PIX_STATUSES } from "../../../../lib/order-statuses";
import { compactTaxId, onlyDigits } from "../../../../lib/tax-id";
import { INVALID_EVENT, INVALID_SIGNATURE } from "../../payment-webhook";
import type { PixChargeRequest, PixProvider } from "../../pix-provider";
import { ProviderError, providerHttpClient } from "../../provider-http.server";
import type { ProviderSetting } from "../provider-setting.server";
import { qrCodePngBase64 } from "../../qr-code.server";
import { wooviRefunds } from "./woovi-refunds.server";
import { parseWooviEvent, verifyWooviSignature, wooviDisputeNews } from "./woovi-webhook.server";

export interface WooviOptions {
  apiUrl: string;
  /** The AppID sent as `Authorization`: it never appears in an error message. */
  appId: string;
  expiresMinutes: number;
  /** Woovi's key that signs its webhooks; without it no delivery is believed. */
  webhookPublicKey?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const createdCharge = z.object({
  charge: z.object({
    correlationID: z.string().min(1),
    brCode: z.string().min(1),
    expiresDate: z.iso.datetime({ offset: true }).optional(),
  }),
});

// `value`: the charge's amount in centavos (what was paid, once it is COMPLETED).
const chargeWithStatus = z.object({
  charge: z.object({ status: z.enum(PIX_STATUSES), value: z.number().int().nonnegative() }),
});

const existingCharge = z.object({
  charge: createdCharge.shape.charge.extend({ value: z.number().int() }),
});

/**
 * A PIX transaction (`GET /api/v1/transaction/{id}`, by its id or its end-to-end id), with the
 * charge it paid, if any: a PIX sent straight to the store's key pays none.
 */
const transactionOfCharge = z.object({
  transaction: z.object({ charge: z.object({ correlationID: z.string().min(1) }).nullish() }),
});

/** What Woovi answers to a deleted charge (its id); only a 2xx matters. */
const deletedCharge = z.object({});

/** Woovi as `PIX_PROVIDER=woovi` configures it; the environment's validation requires its AppID. */
export function wooviPixProviderOf({ env }: ProviderSetting): PixProvider {
  return createWooviPixProvider({
    apiUrl: env.WOOVI_API_URL,
    appId: env.WOOVI_APP_ID!,
    expiresMinutes: env.PIX_EXPIRES_MINUTES,
    webhookPublicKey: env.WOOVI_WEBHOOK_PUBLIC_KEY,
  });
}

/** Woovi (OpenPix) charges through its REST API, with the order id as the correlation id. */
export function createWooviPixProvider(options: WooviOptions): PixProvider {
  const call = providerHttpClient({
    provider: "Woovi",
    baseUrl: options.apiUrl,
    headers: { Authorization: options.appId },
    timeoutMs: options.timeoutMs ?? 10_000,
    fetch: options.fetch ?? fetch,
  });

  const chargePath = (chargeId: string) => `/api/v1/charge/${encodeURIComponent(chargeId)}`;

  /**
   * The charge a process that died before recording it created for this order: Woovi refuses a
   * second charge with the same correlation id, and shows the first one by that id.
   */
  async function chargeAlreadyCreated(request: PixChargeRequest, refusal: ProviderError) {
    let found: z.infer<typeof existingCharge>;
    try {
      found = await call({
        action: "consultar a cobrança já criada",
        schema: existingCharge,
        path: chargePath(request.orderId),
      });
    } catch {
      throw refusal;
    }
    if (found.charge.value !== request.amountCents) throw refusal;
    return found.charge;
  }

  return {
    name: "woovi",
    method: "pix",
    remote: true,
    async createCharge(request) {
      const expiresIn = options.expiresMinutes * 60;
      const requestedAt = Date.now();
      const charge = await call({
        action: "criar a cobrança",
        schema: createdCharge,
        path: "/api/v1/charge",
        body: {
          correlationID: request.orderId,
          value: request.amountCents,
          expiresIn,
          customer: {
            name: request.customer.name,
            email: request.customer.email,
            phone: `+55${onlyDigits(request.customer.phone)}`,
            taxID: compactTaxId(request.customer.taxId),
          },
        },
      }).then(
        (created) => created.charge,
        (error: unknown) => {
          if (error instanceof ProviderError && error.status === 400)
            return chargeAlreadyCreated(request, error);
          throw error;
        },
      );
      return {
        chargeId: charge.correlationID,
        brCode: charge.brCode,
        // Drawn here from the code itself, so the page never loads an image from the provider.
        qrCodeBase64: qrCodePngBase64(charge.brCode),
        expiresAt: charge.expiresDate
          ? new Date(charge.expiresDate)
          : new Date(requestedAt + expiresIn * 1000),
      };
    },
    async chargeStatus(chargeId) {
      const { charge } = await call({
        action: "consultar a cobrança",
        schema: chargeWithStatus,
        path: chargePath(chargeId),
      });
      return { status: charge.status, amountCents: charge.value };
    },
    async cancel(chargeId) {
      await call({
        action: "cancelar a cobrança",
        schema: deletedCharge,
        path: chargePath(chargeId),
        method: "DELETE",
      });
    },
    disputeNews: wooviDisputeNews,
    async disputedCharge(endToEndId) {
      try {
        const { transaction } = await call({
          action: "consultar a transação disputada",
          schema: transactionOfCharge,
          path: `/api/v1/transaction/${encodeURIComponent(endToEndId)}`,
        });
        return transaction.charge?.correlationID ?? null;
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) return null;
        throw error;
      }
    },
    async webhookEvent(request) {
      const body = await request.text();
      const signature = request.headers.get("x-webhook-signature");
      if (!verifyWooviSignature(body, signature, options.webhookPublicKey ?? "")) return INVALID_SIGNATURE;
      const event = parseWooviEvent(body);
      if (!event) return INVALID_EVENT;
      if ("ignored" in event) return { ok: true, event: null };
      return { ok: true, event: { provider: "woovi", ...event } };
    },
    ...wooviRefunds(call),
  };
}
