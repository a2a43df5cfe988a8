import { z } from "../../../lib/zod";
import { providerHttpClient } from "../../payments/provider-http.server";
import { insuredPerBox, type FreightProvider, type FreightQuote } from "./freight-quote";

export interface MelhorEnvioOptions {
  /** "https://melhorenvio.com.br/api/v2/me", or the sandbox's "https://sandbox.melhorenvio.com.br/api/v2/me". */
  apiUrl: string;
  /** The account's access token: never part of an error message. */
  token: string;
  /** The application's name and a contact e-mail ("Vitrine (contato@loja.com.br)"): Melhor Envio requires it. */
  userAgent: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Melhor Envio's JSON client for one account: its token and the application's name on every call. */
export function melhorEnvioHttp(options: MelhorEnvioOptions, defaultTimeoutMs: number) {
  return providerHttpClient({
    provider: "Melhor Envio",
    baseUrl: options.apiUrl,
    headers: { Authorization: `Bearer ${options.token}`, "User-Agent": options.userAgent },
    timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
    fetch: options.fetch ?? fetch,
  });
}

/** How the store names itself to Melhor Envio, which asks every application for a contact. */
export const melhorEnvioUserAgent = (contactEmail: string) => `Vitrine (${contactEmail})`;

/** Reais with a dot and up to two decimals ("23.45", "23.4", "23"), as exact integer centavos. */
const reais = z.union([z.string(), z.number()]).transform((value, context) => {
  const text = typeof value === "number" ? value.toFixed(2) : value.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (match) return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  context.addIssue({ code: "custom", message: "preço inválido" });
  return z.NEVER;
});

const days = z.object({ min: z.number().int().nonnegative(), max: z.number().int().nonnegative() });

const offeredService = z.object({
  id: z.number(),
  name: z.string(),
  price: reais.nullish(),
  custom_price: reais.nullish(),
  delivery_time: z.number().int().nonnegative().nullish(),
  delivery_range: days.nullish(),
  custom_delivery_range: days.nullish(),
  company: z.object({ name: z.string() }),
  error: z.string().nullish(),
});
/** A service Melhor Envio cannot quote may come with little besides its message. */
const refusedService = z.object({ id: z.number(), error: z.string() });

const calculated = z.array(z.union([offeredService, refusedService]));

/**
 * Melhor Envio's freight calculator (`POST /shipment/calculate`): one product per packed box, its
 * sizes in centimetres, its weight in kilograms and its share of the declared value in reais. The
 * account's own price and delivery range (`custom_price`, `custom_delivery_range`) win over the
 * list's. A service answered with an error, no price or no delivery time is left out.
 */
export function createMelhorEnvio(options: MelhorEnvioOptions): FreightProvider {
  const call = melhorEnvioHttp(options, 5_000);
  return {
    name: "Melhor Envio",
    async quote(request) {
      const insured = insuredPerBox(request.insuredCents, request.boxes.length);
      const services = await call({
        action: "cotar o frete",
        schema: calculated,
        path: "/shipment/calculate",
        body: {
          from: { postal_code: request.originCep },
          to: { postal_code: request.destinationCep },
          products: request.boxes.map((box, index) => ({
            id: `caixa-${index + 1}`,
            width: box.widthCm,
            height: box.heightCm,
            length: box.lengthCm,
            weight: box.weightGrams / 1000,
            insurance_value: insured[index]! / 100,
            quantity: 1,
          })),
        },
      });
      return services.flatMap((service) => {
        if (!("company" in service)) return [];
        const quote = quoteOf(service);
        return quote ? [quote] : [];
      });
    },
  };
}

function quoteOf(service: z.infer<typeof offeredService>): FreightQuote | null {
  const priceCents = service.custom_price ?? service.price;
  const time = service.delivery_time;
  const range =
    service.custom_delivery_range ??
    service.delivery_range ??
    (time === null || time === undefined ? null : { min: time, max: time });
  if (service.error || priceCents === null || priceCents === undefined || !range) return null;
  return {
    serviceCode: `melhorenvio:${service.id}`,
    serviceName: service.name,
    carrier: service.company.name,
    priceCents,
    daysMin: range.min,
    daysMax: range.max,
  };
}
