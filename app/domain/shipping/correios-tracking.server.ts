import { z } from "../../lib/zod";
import { storeWallClock } from "../../lib/dates";
import { ProviderError, providerHttpClient } from "../payments/provider-http.server";
import type { CarrierTracking } from "./carrier-tracking";

export interface CorreiosOptions {
  apiUrl: string;
  /** The user and access code of the Correios' API (Meu Correios): never part of an error message. */
  user: string;
  accessCode: string;
  /** The contract's posting card (cartão de postagem) the token is asked for. */
  postingCard: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** A Correios time: São Paulo's wall clock, written without an offset ("2026-11-20T14:03:00"). */
const correiosTime = z.string().transform((text, context) => {
  const time = storeWallClock(text);
  if (time) return time;
  context.addIssue({ code: "custom", message: "data inválida" });
  return z.NEVER;
});

const issuedToken = z.object({ token: z.string().min(1), expiraEm: correiosTime });

const trackingEvent = z.object({ codigo: z.string(), tipo: z.string(), dtHrCriado: correiosTime });
export type CorreiosEvent = z.infer<typeof trackingEvent>;

// A code the Correios do not know yet (not posted) is answered with a message and no events.
const trackedObjects = z.object({
  objetos: z.array(z.object({ eventos: z.array(trackingEvent).optional() })),
});

/**
 * The events that say "Objeto entregue ao destinatário": codes BDE, BDI and BDR with type 01
 * (Correios, "Web Service de Rastreamento – Padrões Técnicos de Comunicação", AC/VICOR/DECOR,
 * section "Lista de Status de eventos"; API Rastro keeps the same codes in `codigo` and `tipo`).
 * The same codes with other types are other outcomes (a failed attempt, a return to the sender).
 */
const DELIVERED_CODES = new Set(["BDE", "BDI", "BDR"]);
const DELIVERED_TYPE = "01";

/** When the parcel reached its addressee by these events, or null if it has not. */
export function deliveredAtOf(events: readonly CorreiosEvent[]): Date | null {
  const delivered = events.find(
    (event) => DELIVERED_CODES.has(event.codigo) && event.tipo === DELIVERED_TYPE,
  );
  return delivered?.dtHrCriado ?? null;
}

/** A token is renewed this long before the Correios say it expires. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * The Correios' API Rastro (api.correios.com.br): a token for the contract's posting card
 * (`POST /token/v1/autentica/cartaopostagem`, Basic auth), kept until it expires, then a parcel's
 * events (`GET /srorastro/v1/objetos/{code}?resultado=T`, Bearer token). A token refused before its
 * time (401) is replaced once.
 */
export function createCorreiosTracking(options: CorreiosOptions): CarrierTracking {
  const call = providerHttpClient({
    provider: "Correios",
    baseUrl: options.apiUrl,
    headers: {},
    timeoutMs: options.timeoutMs ?? 10_000,
    fetch: options.fetch ?? fetch,
  });
  const basic = Buffer.from(`${options.user}:${options.accessCode}`).toString("base64");
  let current: Promise<{ token: string; expiresAt: Date }> | null = null;

  async function token(): Promise<string> {
    const kept = await current?.catch(() => null);
    if (kept && kept.expiresAt.getTime() - TOKEN_MARGIN_MS > Date.now()) return kept.token;
    current = call({
      action: "obter o token",
      schema: issuedToken,
      path: "/token/v1/autentica/cartaopostagem",
      headers: { Authorization: `Basic ${basic}` },
      body: { numero: options.postingCard },
    }).then(({ token, expiraEm }) => ({ token, expiresAt: expiraEm }));
    return (await current).token;
  }

  async function events(trackingCode: string, retried = false): Promise<CorreiosEvent[]> {
    const bearer = await token();
    try {
      const { objetos } = await call({
        action: "consultar o rastreio",
        schema: trackedObjects,
        path: `/srorastro/v1/objetos/${encodeURIComponent(trackingCode)}?resultado=T`,
        headers: { Authorization: `Bearer ${bearer}` },
      });
      return objetos[0]?.eventos ?? [];
    } catch (error) {
      if (retried || !(error instanceof ProviderError && error.status === 401)) throw error;
      current = null;
      return events(trackingCode, true);
    }
  }

  return {
    name: "Correios",
    async deliveredAt(trackingCode) {
      return deliveredAtOf(await events(trackingCode));
    },
  };
}
