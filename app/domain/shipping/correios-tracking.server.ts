import { z } from "../../lib/zod";
import { providerHttpClient } from "../payments/provider-http.server";
import type { CarrierTracking } from "./carrier-tracking";
import { correiosAuthorization, correiosTime, type CorreiosCredentials } from "./correios-token.server";

export interface CorreiosOptions extends CorreiosCredentials {
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

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

/**
 * The Correios' API Rastro (api.correios.com.br): a parcel's events
 * (`GET /srorastro/v1/objetos/{code}?resultado=T`), with the posting card's token
 * (`correiosAuthorization`).
 */
export function createCorreiosTracking(options: CorreiosOptions): CarrierTracking {
  const call = providerHttpClient({
    provider: "Correios",
    baseUrl: options.apiUrl,
    headers: {},
    timeoutMs: options.timeoutMs ?? 10_000,
    fetch: options.fetch ?? fetch,
  });
  const authorized = correiosAuthorization(call, options);

  async function events(trackingCode: string): Promise<CorreiosEvent[]> {
    const { objetos } = await authorized((headers) =>
      call({
        action: "consultar o rastreio",
        schema: trackedObjects,
        path: `/srorastro/v1/objetos/${encodeURIComponent(trackingCode)}?resultado=T`,
        headers,
      }),
    );
    return objetos[0]?.eventos ?? [];
  }

  return {
    name: "Correios",
    async deliveredAt(trackingCode) {
      return deliveredAtOf(await events(trackingCode));
    },
  };
}
