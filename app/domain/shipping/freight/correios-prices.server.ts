import { parseBRLToCents } from "../../../lib/money";
import { z } from "../../../lib/zod";
import { isRefusal, ProviderError, providerHttpClient } from "../../payments/provider-http.server";
import { correiosAuthorization, type CorreiosCredentials } from "../correios-token.server";
import { insuredPerBox, type FreightProvider, type FreightQuote, type QuoteRequest } from "./freight-quote";
import type { Parcel } from "../parcel-size";

export interface CorreiosService {
  /** The contract's code of the service ("03298"). */
  code: string;
  /** As the customer sees it ("PAC"). */
  name: string;
}

export interface CorreiosPricesOptions extends CorreiosCredentials {
  apiUrl: string;
  services?: CorreiosService[];
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The contract services quoted when the owner names none. */
export const DEFAULT_CORREIOS_SERVICES: CorreiosService[] = [
  { code: "03298", name: "PAC" },
  { code: "03220", name: "SEDEX" },
];

/** A Correios amount: a comma before the centavos, dots grouping thousands ("1.234,56"). */
const correiosReais = z.string().transform((text, context) => {
  const cents = parseBRLToCents(text);
  if (cents !== null) return cents;
  context.addIssue({ code: "custom", message: "preço inválido" });
  return z.NEVER;
});

/** A service the contract cannot use on this route is answered with `txErro` and no price. */
const priced = z.union([
  z.object({ pcFinal: correiosReais, txErro: z.string().nullish() }),
  z.object({ txErro: z.string().min(1) }),
]);
const deadline = z.union([
  z.object({ prazoEntrega: z.number().int().nonnegative(), txErro: z.string().nullish() }),
  z.object({ txErro: z.string().min(1) }),
]);

/** What one service costs and takes, or null when the Correios refuse it on this route. */
type ServiceAnswer = { priceCents: number; days: number } | null;

/** "12.34" for 1234 centavos: the declared value as the Correios read it. */
const reaisText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/**
 * The Correios' Preço e Prazo API with the contract's posting card (api.correios.com.br): for
 * each service, the price of each box (`GET /preco/v1/nacional/{code}`, a package, `tpObjeto=2`)
 * added up, and its delivery days (`GET /prazo/v1/nacional/{code}`). A service the Correios refuse
 * (a `txErro`, or a 4xx of its own) is left out; a failure to ask (no answer in time, a 5xx, a 401
 * after a new token) fails the whole quote.
 */
export function createCorreiosPrices(options: CorreiosPricesOptions): FreightProvider {
  const call = providerHttpClient({
    provider: "Correios",
    baseUrl: options.apiUrl,
    headers: {},
    timeoutMs: options.timeoutMs ?? 5_000,
    fetch: options.fetch ?? fetch,
  });
  const authorized = correiosAuthorization(call, options);
  const services = options.services ?? DEFAULT_CORREIOS_SERVICES;

  async function boxPrice(code: string, request: QuoteRequest, box: Parcel, insuredCents: number) {
    const query = new URLSearchParams({
      cepOrigem: request.originCep,
      cepDestino: request.destinationCep,
      psObjeto: String(box.weightGrams),
      tpObjeto: "2",
      comprimento: String(box.lengthCm),
      largura: String(box.widthCm),
      altura: String(box.heightCm),
    });
    if (insuredCents > 0) query.set("vlDeclarado", reaisText(insuredCents));
    const answer = await authorized((headers) =>
      call({ action: "cotar o preço", schema: priced, path: `/preco/v1/nacional/${code}?${query}`, headers }),
    );
    return "pcFinal" in answer && !answer.txErro ? answer.pcFinal : null;
  }

  async function days(code: string, request: QuoteRequest) {
    const query = new URLSearchParams({ cepOrigem: request.originCep, cepDestino: request.destinationCep });
    const answer = await authorized((headers) =>
      call({
        action: "cotar o prazo",
        schema: deadline,
        path: `/prazo/v1/nacional/${code}?${query}`,
        headers,
      }),
    );
    return "prazoEntrega" in answer && !answer.txErro ? answer.prazoEntrega : null;
  }

  async function service(code: string, request: QuoteRequest): Promise<ServiceAnswer> {
    const insured = insuredPerBox(request.insuredCents, request.boxes.length);
    try {
      const [prices, serviceDays] = await Promise.all([
        Promise.all(request.boxes.map((box, index) => boxPrice(code, request, box, insured[index]!))),
        days(code, request),
      ]);
      if (serviceDays === null || prices.some((price) => price === null)) return null;
      return { priceCents: prices.reduce<number>((sum, price) => sum + price!, 0), days: serviceDays };
    } catch (error) {
      if (error instanceof ProviderError && isRefusal(error.status)) return null;
      throw error;
    }
  }

  return {
    name: "Correios",
    async quote(request) {
      const answers = await Promise.all(services.map(({ code }) => service(code, request)));
      return services.flatMap(({ code, name }, index): FreightQuote[] => {
        const answer = answers[index];
        if (!answer) return [];
        return [
          {
            serviceCode: `correios:${code}`,
            serviceName: name,
            carrier: "Correios",
            priceCents: answer.priceCents,
            daysMin: answer.days,
            daysMax: answer.days,
          },
        ];
      });
    },
  };
}
