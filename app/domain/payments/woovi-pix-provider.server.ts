import { z } from "zod";
import { PIX_STATUSES } from "../../lib/order-statuses";
import { compactTaxId, onlyDigits } from "../../lib/tax-id";
import type { PixChargeRequest, PixProvider } from "./pix-provider";
import { qrCodePngBase64 } from "./qr-code.server";

export interface WooviOptions {
  apiUrl: string;
  /** The AppID sent as `Authorization`: it never appears in an error message. */
  appId: string;
  expiresMinutes: number;
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

/** What Woovi answers to a deleted charge (its id); only a 2xx matters. */
const deletedCharge = z.object({});

/** Woovi (OpenPix) charges through its REST API, with the order id as the correlation id. */
export function createWooviPixProvider(options: WooviOptions): PixProvider {
  const baseUrl = options.apiUrl.replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;

  async function call<T>(
    action: string,
    schema: z.ZodType<T>,
    path: string,
    body?: unknown,
    method = body === undefined ? "GET" : "POST",
  ): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: options.appId,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        // The body is not read: it may echo the customer's data.
        await response.body?.cancel();
        throw new WooviError(`Woovi respondeu HTTP ${response.status} ao ${action}`, {
          status: response.status,
        });
      }
      text = await response.text();
    } catch (error) {
      if (error instanceof WooviError) throw error;
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      const reason = timedOut ? `sem resposta em ${timeoutMs} ms` : "falha de conexão";
      throw new WooviError(`Woovi: ${reason} ao ${action}`, { cause: error });
    }
    // Neither the parse error nor zod's issues are kept: they would quote the body.
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new WooviError(`Woovi respondeu HTTP ${response.status} sem JSON válido ao ${action}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new WooviError(`Woovi respondeu HTTP ${response.status} com um formato inesperado ao ${action}`);
    }
    return parsed.data;
  }

  const chargePath = (chargeId: string) => `/api/v1/charge/${encodeURIComponent(chargeId)}`;

  /**
   * The charge a process that died before recording it created for this order: Woovi refuses a
   * second charge with the same correlation id, and shows the first one by that id.
   */
  async function chargeAlreadyCreated(request: PixChargeRequest, refusal: WooviError) {
    let found: z.infer<typeof existingCharge>;
    try {
      found = await call("consultar a cobrança já criada", existingCharge, chargePath(request.orderId));
    } catch {
      throw refusal;
    }
    if (found.charge.value !== request.amountCents) throw refusal;
    return found.charge;
  }

  return {
    name: "woovi",
    remote: true,
    async createCharge(request) {
      const expiresIn = options.expiresMinutes * 60;
      const requestedAt = Date.now();
      const charge = await call("criar a cobrança", createdCharge, "/api/v1/charge", {
        correlationID: request.orderId,
        value: request.amountCents,
        expiresIn,
        customer: {
          name: request.customer.name,
          email: request.customer.email,
          phone: `+55${onlyDigits(request.customer.phone)}`,
          taxID: compactTaxId(request.customer.taxId),
        },
      }).then(
        (created) => created.charge,
        (error: unknown) => {
          if (error instanceof WooviError && error.status === 400)
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
      const { charge } = await call("consultar a cobrança", chargeWithStatus, chargePath(chargeId));
      return { status: charge.status, amountCents: charge.value };
    },
    async cancelCharge(chargeId) {
      await call("cancelar a cobrança", deletedCharge, chargePath(chargeId), undefined, "DELETE");
    },
  };
}

class WooviError extends Error {
  override name = "WooviError";
  /** The HTTP status Woovi answered, when it answered. */
  readonly status: number | undefined;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
  }
}
